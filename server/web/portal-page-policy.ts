import { BASE_CSP_DIRECTIVES, serializeCsp, type CspDirectives } from '../http/security-headers';

/**
 * What a captcha provider's widget loads (the providers' own CSP guidance): reCAPTCHA's api.js comes from
 * google.com and loads its code from gstatic.com and its frames from google.com; Turnstile loads both from
 * challenges.cloudflare.com.
 */
const CAPTCHA_SOURCES: Record<string, { script: string[]; frame: string[] }> = {
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
  },
};

/**
 * What Stripe.js and its card element load (Stripe's CSP guidance, docs.stripe.com/security/guide): the script and
 * its frames from js.stripe.com, 3-D Secure pages from hooks.stripe.com, its calls to api.stripe.com.
 */
const STRIPE_SOURCES: Partial<Record<'script-src' | 'connect-src' | 'frame-src', string[]>> = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

type Directive =
  'script-src' | 'connect-src' | 'frame-src' | 'img-src' | 'font-src' | 'style-src' | 'media-src';

/**
 * What each support-chat provider's widget loads (docs/support-chat.md), from the providers' own CSP guidance:
 * Crisp (docs.crisp.chat "Content Security Policy"), Intercom (intercom.com help "Using Intercom with a CSP"),
 * Tawk.to (help.tawk.to "Content Security Policy").
 */
const SUPPORT_CHAT_SOURCES: Record<string, Partial<Record<Directive, string[]>>> = {
  crisp: {
    'script-src': ['https://client.crisp.chat', 'https://settings.crisp.chat'],
    'connect-src': [
      'https://client.crisp.chat',
      'wss://client.relay.crisp.chat',
      'wss://stream.relay.crisp.chat',
    ],
    'style-src': ['https://client.crisp.chat'],
    'font-src': ['https://client.crisp.chat'],
    'media-src': ['https://client.crisp.chat'],
    'frame-src': ['https://game.crisp.chat'],
  },
  intercom: {
    'script-src': ['https://app.intercom.io', 'https://widget.intercom.io', 'https://js.intercomcdn.com'],
    'connect-src': [
      'https://via.intercom.io',
      'https://api.intercom.io',
      'https://api-iam.intercom.io',
      'https://api-ping.intercom.io',
      'https://nexus-websocket-a.intercom.io',
      'wss://nexus-websocket-a.intercom.io',
      'https://uploads.intercomcdn.com',
    ],
    'font-src': ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
    'media-src': ['https://js.intercomcdn.com'],
    'frame-src': ['https://intercom-sheets.com', 'https://www.intercom-reporting.com'],
  },
  tawk: {
    'script-src': ['https://*.tawk.to', 'https://cdn.jsdelivr.net'],
    'connect-src': ['https://*.tawk.to', 'wss://*.tawk.to'],
    'style-src': ['https://*.tawk.to', 'https://fonts.googleapis.com'],
    'font-src': ['https://*.tawk.to', 'https://fonts.gstatic.com'],
    'frame-src': ['https://*.tawk.to'],
  },
};

/** Where a first-party launch lands (the auth plugin's `auth.token-auth` route, movable in the config). */
const TOKEN_AUTH_ROUTE = 'auth.token-auth';
const DEFAULT_LAUNCH_LANDING = '/token-auth';

/** The parts of portal.config.json that change what the page may load; anything else is ignored here. */
interface PagePolicyConfig {
  apiBaseUrl?: unknown;
  captcha?: { provider?: unknown; scriptUrl?: unknown };
  supportChat?: { provider?: unknown; scriptUrl?: unknown };
  plugins?: { auth?: { routes?: Record<string, { path?: unknown } | undefined> } };
}

/**
 * A host a policy source names exactly: a DNS name or an IP address. The URL parser accepts `*`, `;` and `,` in a
 * host (`https://*` would let every https script in, `a;b` would split the header into another directive).
 */
const CONCRETE_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;
/** Hosts a script may come from over plain http: a test double or a proxy on the same machine. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin of an absolute http(s) URL with a concrete host, else null (a relative apiBaseUrl such as `/` is the
 * portal's own). With `scripts`, only https, or http on a loopback host.
 */
function originOf(value: unknown, { scripts = false } = {}): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    if (!CONCRETE_HOST.test(url.hostname)) return null;
    if (url.protocol === 'https:') return url.origin;
    if (url.protocol !== 'http:') return null;
    return !scripts || LOOPBACK.has(url.hostname) ? url.origin : null;
  } catch {
    return null;
  }
}

const withSources = (base: string[], extra: (string | null)[]) => [
  ...new Set([...base, ...extra.filter((source): source is string => source !== null)]),
];

/**
 * The Content-Security-Policy of the portal's document for a deployment's configuration: the strict base
 * (server/README.md "Security") plus exactly what the configuration needs: the captcha provider's scripts and
 * frames (and the origin of `captcha.scriptUrl` when set), the API's origin (calls and logos) when `apiBaseUrl` is
 * on another origin, and the support-chat provider's origins (and `supportChat.scriptUrl`'s) when one is configured, and
 * Stripe's when the server's PAYMENT_PROVIDER is stripe. docs/production.md shows the result for static hosting.
 */
export function portalPageDirectives(
  config: PagePolicyConfig,
  { stripe = false }: PagePolicyFacts = {},
): CspDirectives {
  const directives: CspDirectives = { ...BASE_CSP_DIRECTIVES };
  if (stripe) {
    for (const [directive, sources] of Object.entries(STRIPE_SOURCES) as [Directive, string[]][])
      directives[directive] = withSources(directives[directive] ?? directives['default-src']!, sources);
  }
  const provider = typeof config.captcha?.provider === 'string' ? config.captcha.provider : 'none';
  const captcha = Object.hasOwn(CAPTCHA_SOURCES, provider) ? CAPTCHA_SOURCES[provider] : undefined;
  if (captcha) {
    const scriptOrigin = originOf(config.captcha?.scriptUrl, { scripts: true });
    directives['script-src'] = withSources(directives['script-src']!, [...captcha.script, scriptOrigin]);
    directives['frame-src'] = withSources(directives['frame-src']!, [...captcha.frame, scriptOrigin]);
  }
  directives['connect-src'] = withSources(directives['connect-src']!, [originOf(config.apiBaseUrl)]);
  // The organisation logos the API names by path load from its origin (core/http/api-asset-url.ts); `https:`
  // alone would refuse an API over plain http (one on this machine, or a test's).
  directives['img-src'] = withSources(directives['img-src']!, [originOf(config.apiBaseUrl)]);
  const chatProvider = config.supportChat?.provider;
  const chat =
    typeof chatProvider === 'string' && Object.hasOwn(SUPPORT_CHAT_SOURCES, chatProvider)
      ? SUPPORT_CHAT_SOURCES[chatProvider]!
      : undefined;
  if (chat) {
    for (const [directive, sources] of Object.entries(chat) as [Directive, string[]][]) {
      directives[directive] = withSources(directives[directive] ?? directives['default-src']!, sources);
    }
    const scriptOrigin = originOf(config.supportChat?.scriptUrl, { scripts: true });
    directives['script-src'] = withSources(directives['script-src']!, [scriptOrigin]);
    directives['connect-src'] = withSources(directives['connect-src']!, [scriptOrigin]);
  }
  return directives;
}

/** What the server knows beside the config file: Stripe's sources are allowed only with PAYMENT_PROVIDER=stripe. */
export interface PagePolicyFacts {
  stripe?: boolean;
}

/** The path first-party launches land on, where a launcher on another origin must keep its named tab. */
export function launchLandingPath(config: PagePolicyConfig): string {
  const path = config.plugins?.auth?.routes?.[TOKEN_AUTH_ROUTE]?.path;
  return typeof path === 'string' && path.startsWith('/') ? path : DEFAULT_LAUNCH_LANDING;
}

/**
 * Cross-Origin-Opener-Policy of a portal page. `same-origin-allow-popups` cuts the portal off from a page on
 * another origin that opened it, yet keeps the tabs the portal opens; a launched app's named tab survives only
 * if the page it lands on accepts a cross-origin opener (`unsafe-none`), so the launch landing sends that
 * (docs/apps-and-sso.md, "Launching an app").
 */
export function openerPolicy(
  path: string,
  config: PagePolicyConfig,
): 'same-origin-allow-popups' | 'unsafe-none' {
  return path === launchLandingPath(config) ? 'unsafe-none' : 'same-origin-allow-popups';
}

export type PageHeaders = Record<'content-security-policy' | 'cross-origin-opener-policy', string>;

/**
 * The security headers of the portal's index.html, from portal.config.json as it is at this request (the same
 * file `/portal.config.json` serves, read by portal-document.ts). A missing or broken file (null) gives the strict
 * base policy; the portal then shows its own configuration error.
 */
export function portalPageHeadersFor(path: string, raw: unknown, facts: PagePolicyFacts = {}): PageHeaders {
  const config: PagePolicyConfig = raw && typeof raw === 'object' ? (raw as PagePolicyConfig) : {};
  return {
    'content-security-policy': serializeCsp(portalPageDirectives(config, facts)),
    'cross-origin-opener-policy': openerPolicy(path, config),
  };
}
