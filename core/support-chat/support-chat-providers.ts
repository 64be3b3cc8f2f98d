/**
 * The support-chat providers the portal can load (docs/support-chat.md): how each one's widget is loaded,
 * told who the visitor is, and taken away again, through the API each provider documents:
 * - Crisp: `window.$crisp` command queue and `CRISP_WEBSITE_ID` (docs.crisp.chat, JavaScript SDK);
 * - Intercom: the `Intercom()` queue with `boot`, `update`, `shutdown` (developers.intercom.com, Installation);
 * - Tawk.to: `Tawk_API` with `setAttributes`, `logout`, `hideWidget` (developer.tawk.to, JavaScript API).
 * The server's Content-Security-Policy lists each provider's origins (server/web/portal-page-policy.ts).
 */
export type SupportChatProvider = 'crisp' | 'intercom' | 'tawk';

export interface SupportChatConfig {
  provider: SupportChatProvider;
  /** Crisp website id, Intercom app id, or Tawk.to "propertyId/widgetId". */
  siteId: string;
  /** Where the provider's loader script comes from instead of its default (a proxy, or a test double). */
  scriptUrl?: string;
  /** Offer the chat to visitors who are not logged in too (default: only once logged in). */
  showWhenLoggedOut?: boolean;
}

/** Who is chatting, as the provider is told. */
export interface ChatVisitor {
  name: string;
  email: string;
  /** The organisation the visitor is working in, when one is selected and it is not the personal account. */
  organization?: { id: string; name: string };
}

export interface ChatWidget {
  identify(visitor: ChatVisitor): void;
  /** Forget the visitor (logged out) but keep the widget. */
  forget(): void;
  /** Take the widget, its script and its globals off the page. */
  remove(): void;
}

/** The provider's globals, as this module sets and reads them. */
type ChatWindow = Window & {
  $crisp?: unknown[][];
  CRISP_WEBSITE_ID?: string;
  Intercom?: ((...args: unknown[]) => void) & { q?: unknown[][] };
  Tawk_API?: {
    onLoad?: () => void;
    setAttributes?: (attributes: Record<string, string>, callback?: (error?: unknown) => void) => void;
    logout?: (callback?: () => void) => void;
    hideWidget?: () => void;
  };
  Tawk_LoadStart?: Date;
};

const DEFAULT_SCRIPTS: Record<SupportChatProvider, (siteId: string) => string> = {
  crisp: () => 'https://client.crisp.chat/l.js',
  intercom: (siteId) => `https://widget.intercom.io/widget/${encodeURIComponent(siteId)}`,
  tawk: (siteId) => `https://embed.tawk.to/${siteId.split('/').map(encodeURIComponent).join('/')}`,
};

/** What each provider leaves in the page besides its script (its launcher and frames). */
const WIDGET_ELEMENTS: Record<SupportChatProvider, string> = {
  crisp: '.crisp-client',
  intercom: '.intercom-lightweight-app, #intercom-container, #intercom-frame',
  tawk: '.widget-visible, iframe[title*="chat" i][src*="tawk.to"]',
};

const SCRIPT_MARK = 'data-portal-support-chat';

function loadScript(src: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.setAttribute(SCRIPT_MARK, '');
  document.head.append(script);
  return script;
}

function crisp(win: ChatWindow, config: SupportChatConfig): Omit<ChatWidget, 'remove'> & { clear(): void } {
  win.$crisp = [];
  win.CRISP_WEBSITE_ID = config.siteId;
  const push = (...command: unknown[]) => win.$crisp?.push(command);
  return {
    identify({ name, email, organization }) {
      push('set', 'user:email', [email]);
      push('set', 'user:nickname', [name]);
      push('set', 'user:company', [organization?.name ?? '']);
      push('set', 'session:data', [[['organization_id', organization?.id ?? '']]]);
    },
    forget: () => push('do', 'session:reset'),
    clear() {
      push('do', 'session:reset');
      delete win.$crisp;
      delete win.CRISP_WEBSITE_ID;
    },
  };
}

function intercom(win: ChatWindow, config: SupportChatConfig): Omit<ChatWidget, 'remove'> & { clear(): void } {
  // The documented stub: calls wait in `q` until the widget script replaces the function.
  const stub = ((...args: unknown[]) => stub.q!.push(args)) as NonNullable<ChatWindow['Intercom']>;
  stub.q = [];
  win.Intercom = stub;
  let booted = false;
  const call = (...args: unknown[]) => win.Intercom?.(...args);
  return {
    identify({ name, email, organization }) {
      const settings = {
        app_id: config.siteId,
        name,
        email,
        ...(organization ? { company: { company_id: organization.id, name: organization.name } } : {}),
      };
      call(booted ? 'update' : 'boot', settings);
      booted = true;
    },
    forget() {
      call('shutdown');
      call('boot', { app_id: config.siteId });
    },
    clear() {
      call('shutdown');
      delete win.Intercom;
    },
  };
}

function tawk(win: ChatWindow): Omit<ChatWidget, 'remove'> & { clear(): void } {
  win.Tawk_API = win.Tawk_API ?? {};
  win.Tawk_LoadStart = new Date();
  let pending: Record<string, string> | null = null;
  const api = win.Tawk_API;
  // setAttributes exists once the widget has loaded: remember the latest visitor until then.
  api.onLoad = () => {
    if (pending) api.setAttributes?.(pending);
  };
  return {
    identify({ name, email, organization }) {
      pending = { name, email, ...(organization ? { organization: organization.name } : {}) };
      api.setAttributes?.(pending);
    },
    forget() {
      pending = null;
      api.logout?.();
    },
    clear() {
      api.logout?.();
      api.hideWidget?.();
      delete win.Tawk_API;
      delete win.Tawk_LoadStart;
    },
  };
}

/**
 * Loads the configured provider's widget into the page and returns how to talk to it.
 * @example
 * const widget = createChatWidget({ provider: 'crisp', siteId: '…' });
 * widget.identify({ name: 'Jane Citizen', email: 'jane@example.com', organization: { id, name } });
 * widget.remove(); // on logout
 */
export function createChatWidget(config: SupportChatConfig, win: Window = window): ChatWidget {
  const chatWindow = win as ChatWindow;
  const provider =
    config.provider === 'crisp'
      ? crisp(chatWindow, config)
      : config.provider === 'intercom'
        ? intercom(chatWindow, config)
        : tawk(chatWindow);
  const script = loadScript(config.scriptUrl ?? DEFAULT_SCRIPTS[config.provider](config.siteId));
  return {
    identify: (visitor) => provider.identify(visitor),
    forget: () => provider.forget(),
    remove() {
      provider.clear();
      script.remove();
      document.querySelectorAll(`script[${SCRIPT_MARK}], ${WIDGET_ELEMENTS[config.provider]}`).forEach((node) => node.remove());
    },
  };
}
