/**
 * Test support for the two-factor plugin's component tests (not shipped: only tests import it).
 * Renders the real host and app layout around the real plugin, signed in to an organisation, with HTTP
 * faked by MSW at the network layer.
 */
// Static antd toasts render nothing under React 19 without the patch (the app entry imports it first too).
import '@ant-design/v5-patch-for-react-19';
import type { PortalPlugin } from '@core';
import type { UserInfo } from '@contract/v1/index';
import { HttpResponse, type JsonBodyType } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderWithPortal, type RenderPortalOptions } from '../../../tests/render-with-portal';
import { inOrganization as signedIn } from '../../../tests/signed-in-organization';
import { stubAuthPlugin } from '../../../tests/stub-auth-plugin';
import twoFactorPlugin from '../index';
import { endpoints } from '@contract/v1/endpoints';
import type { EndpointRoute } from '@contract/v1/endpoint';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

function merge<T>(base: T, patch: DeepPartial<T> | undefined): T {
  if (!patch) return base;
  const out: any = Array.isArray(base) ? [...(base as unknown[])] : { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = (base as any)[key];
    out[key] =
      value && typeof value === 'object' && current && typeof current === 'object'
        ? merge(current, value as any)
        : value;
  }
  return out;
}

/** The profile of docs/api-contract.md, as GET /v1/user answers it; override any part. */
export function userInfo(patch?: DeepPartial<UserInfo>): UserInfo {
  return merge<UserInfo>(
    {
      name: { first: 'Jane', last: 'Citizen' },
      email: 'jane@example.com',
      phone: { phoneNumber: '+61412345678' },
      recovery_mail: null,
      // 23:30 UTC is already the next day in Sydney: the header must show the region's date.
      registeredOn: '2025-03-04T23:30:00.000Z',
      userId: 'user-1',
      isSSORegistration: false,
      twoFactorEnabledInOrg: false,
      twoFactorAuthentication: {
        enabled: false,
        email: { setupCompleted: true, enabled: true },
        otp: { setupCompleted: false, enabled: false },
        totp: { setupCompleted: false, enabled: false },
      },
    },
    patch,
  );
}

/** Signed in and inside an organisation as its owner, as the app layout's guards require. */
export const inOrganization = signedIn('owner');

export interface Recorded {
  bodies: any[];
  count: number;
}

export interface Answer {
  status?: number;
  data?: JsonBodyType;
  msg?: string;
  /** The answer waits for this, so a test can look at the screen while the request runs. */
  until?: Promise<unknown>;
}

/** A promise the test resolves when it has seen the in-flight state. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** An endpoint of the contract's table answering `{ data, msg }` (or an error), recording every JSON body. Answers in turn, the last repeats. */
export function endpoint(route: EndpointRoute, ...answers: Answer[]): Recorded {
  const recorded: Recorded = { bodies: [], count: 0 };
  const queue = answers.length ? answers : [{}];
  server.use(
    onEndpoint(route, async ({ request }) => {
      const answer = queue[Math.min(recorded.count, queue.length - 1)]!;
      recorded.count += 1;
      recorded.bodies.push(route.method === 'GET' ? null : await request.json().catch(() => null));
      if (answer.until) await answer.until;
      const status = answer.status ?? 200;
      if (status >= 400)
        return HttpResponse.json({ msg: answer.msg ?? 'Server error', code: 'TEST' }, { status });
      return HttpResponse.json({ data: answer.data ?? null, msg: answer.msg ?? '' }, { status });
    }),
  );
  return recorded;
}

/** GET /v1/recovery-codes of an account that never had codes and has no second factor. */
export const NO_RECOVERY_CODES = { total: 0, remaining: 0, createdAt: null, secondFactor: false };

/** GET /v1/user answering with this profile. */
export function profileEndpoint(info: UserInfo = userInfo()): Recorded {
  // The security pages also list the user's passkeys and count their recovery codes: none unless a test answers
  // otherwise after this.
  endpoint(endpoints.passkeys, { data: { passkeys: [] } });
  endpoint(endpoints.recoveryCodes, { data: NO_RECOVERY_CODES });
  return endpoint(endpoints.user, { data: { userInfo: info } });
}

/**
 * The plugin with its pages outside the app layout. The layout takes seconds per render in jsdom on the shared
 * machine and none of these screens depends on it; the tests of routes and menu use the real layout.
 */
const withoutAppLayout: PortalPlugin = {
  ...twoFactorPlugin,
  routes: (ctx) =>
    (twoFactorPlugin.routes?.(ctx) ?? []).map((route) => ({ ...route, layout: 'public' as const })),
};

export interface RenderTwoFactorOptions extends Omit<RenderPortalOptions, 'plugins' | 'url'> {
  /** Render inside the real app layout with its guards and side menu. */
  appLayout?: boolean;
}

export async function renderTwoFactor(
  url: string,
  { appLayout = false, ...options }: RenderTwoFactorOptions = {},
) {
  const plugin = appLayout ? twoFactorPlugin : withoutAppLayout;
  return renderWithPortal({ session: inOrganization, ...options, url, plugins: [stubAuthPlugin, plugin] });
}

