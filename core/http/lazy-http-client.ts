import type { Endpoint } from '@contract/v1/endpoint';
import { PortalConfig } from '../config/portal-config';
import { inject, injectable, optional } from '../di/container';
import { Translator } from '../i18n/translator';
import { SessionStore } from '../session/session-store';
import { Notifier } from '../ui/notifier';
import type { AxiosHttpClient } from './axios-http-client';
import type { CallArgs, EndpointResult, HttpClient } from './http-client';
import { ReauthPrompt } from './reauth-prompt';
import type { TokenRefresher } from './token-refresher';

/**
 * What the container hands out as HttpClient and TokenRefresher: the axios pipeline, loaded on first use
 * (or right after first paint through `warmUp`). axios is ~20 KiB gzip that no page needs to paint, so it
 * stays out of every route's first-paint bytes while there is still exactly one client and one refresh.
 */
@injectable()
export class LazyHttpClient implements HttpClient, TokenRefresher {
  private client: Promise<AxiosHttpClient> | null = null;

  constructor(
    @inject(PortalConfig) private readonly config: PortalConfig,
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(Notifier) private readonly notifier: Notifier,
    @inject(Translator) private readonly translator: Translator,
    @inject(ReauthPrompt) @optional() private readonly reauth?: ReauthPrompt,
  ) {}

  /** Loads the pipeline now; a session restored from storage gets its pre-expiry refresh scheduled. */
  warmUp(): Promise<AxiosHttpClient> {
    this.client ??= import('./axios-http-client').then(
      ({ AxiosHttpClient }) => new AxiosHttpClient(this.config, this.session, this.notifier, this.translator, this.reauth),
    );
    return this.client;
  }

  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointResult<E>> {
    return this.warmUp().then((client) => client.call(endpoint, ...args));
  }

  refresh(): Promise<void> {
    return this.warmUp().then((c) => c.refresh());
  }

  /** Stops the scheduled refresh and the logout listener (tests, hot reload). */
  async dispose(): Promise<void> {
    if (this.client) (await this.client).dispose();
  }
}
