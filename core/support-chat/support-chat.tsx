import { endpoints } from '@contract/v1/endpoints';
import { reaction } from 'mobx';
import { useEffect } from 'react';
import { useService } from '../di/use-service';
import { HttpClient } from '../http/http-client';
import { SessionStore } from '../session/session-store';
import { createChatWidget, type ChatVisitor, type SupportChatConfig } from './support-chat-providers';

/**
 * The provider's widget while this is mounted (support-chat-host.tsx decides when): it tells the provider who is
 * chatting when somebody is logged in and again when they switch organisation, forgets them at logout, and takes
 * the widget off the page when unmounted. Renders nothing itself: the provider draws its own launcher.
 */
export function SupportChat({ config }: { config: SupportChatConfig }) {
  const session = useService(SessionStore);
  const http = useService(HttpClient);

  useEffect(() => {
    const widget = createChatWidget(config);
    const abort = new AbortController();
    let profile: Promise<Omit<ChatVisitor, 'organization'> | null> | null = null;

    const visitor = (): Promise<Omit<ChatVisitor, 'organization'> | null> =>
      (profile ??= http.call(endpoints.user, undefined, { silent: true, signal: abort.signal }).then(
        ({ data }) => ({
          name: `${data.userInfo.name.first} ${data.userInfo.name.last}`.trim(),
          email: data.userInfo.email,
        }),
        () => null,
      ));

    const sync = async (loggedIn: boolean) => {
      if (!loggedIn) {
        profile = null;
        widget.forget();
        return;
      }
      const person = await visitor();
      const active = session.activeOrganization;
      if (!person || abort.signal.aborted || !session.isUserLoggedIn) return;
      widget.identify({
        ...person,
        organization:
          active && active.accountType === 'business'
            ? { id: active.organizationId, name: active.organizationName }
            : undefined,
      });
    };

    const stop = reaction(
      () => [session.isUserLoggedIn, session.organizationId] as const,
      ([loggedIn]) => void sync(loggedIn),
      { fireImmediately: true },
    );
    return () => {
      stop();
      abort.abort();
      widget.remove();
    };
  }, [config, http, session]);

  return null;
}
