/**
 * Test support for the activity log's component tests (not shipped). Renders the real host and app layout around
 * the real plugin, signed in inside a business organisation, with HTTP faked by MSW.
 */
import type { SignInDay } from '@contract/v1/charts';
import '@ant-design/v5-patch-for-react-19';
import type { ActivityLogRow, UserSession } from '@contract/v1/activity-log';
import { endpoints } from '@contract/v1/endpoints';
import { screen } from '@testing-library/react';
import { answer, type Recorded } from '../../../tests/msw/recorded-answers';
import { renderWithPortal } from '../../../tests/render-with-portal';
import { inOrganization as signedIn } from '../../../tests/signed-in-organization';
import { stubAuthPlugin } from '../../../tests/stub-auth-plugin';
import activityPlugin from '../index';

/** Signed in and inside Acme with `role`; times shown in Paris with a 24-hour format (the entry answer's regionalConfig). */
export function inOrganization(role = 'owner', permissions?: string[]) {
  return signedIn(role, permissions, {
    regionalConfig: { matchDeviceTime: false, timeZone: 'Europe/Paris', timeFormat: 'YYYY-MM-DD HH:mm' },
  });
}

/**
 * Finds an event's sentence by its whole text: its names sit in elements of their own (EventSentence), so the
 * text is no single text node that plain `getByText` would match.
 */
export const sentence =
  (text: string) =>
  (_content: string, element: Element | null): boolean =>
    !!element?.classList.contains('activity-sentence') && element.textContent === text;

export { answer, type Recorded } from '../../../tests/msw/recorded-answers';

export function event(
  patch: Partial<ActivityLogRow> & Pick<ActivityLogRow, 'id' | 'eventType'>,
): ActivityLogRow {
  return {
    time: '2026-11-20T09:30:00.000Z',
    category: 'sign-in',
    actor: { id: 'u-1', name: 'Jane Citizen', email: 'jane@example.com' },
    organization: { id: 'org-1', name: 'Acme Pty Ltd' },
    target: null,
    ip: '203.0.113.7',
    device: { browser: 'Chrome', os: 'Windows', type: null },
    params: {},
    description: 'Server sentence',
    reportable: false,
    ...patch,
  };
}

export const SIGN_IN = event({
  id: 'e-1',
  eventType: 'login.success',
  params: { method: 'password', secondFactor: null },
  reportable: true,
});
export const ROLE_CHANGE = event({
  id: 'e-2',
  eventType: 'member.role-changed',
  category: 'members',
  time: '2026-11-19T23:15:00.000Z',
  target: { kind: 'user', id: 'u-2', name: 'bob@example.com' },
  params: { before: 'member', after: 'admin' },
});

export const SESSIONS: UserSession[] = [
  {
    id: 's-2',
    device: { browser: 'Firefox', os: 'Linux', type: null },
    ip: '198.51.100.4',
    firstSeenAt: '2026-11-18T08:00:00.000Z',
    lastSeenAt: '2026-11-20T10:00:00.000Z',
    current: false,
  },
  {
    id: 's-1',
    device: { browser: 'Chrome', os: 'Windows', type: null },
    ip: '203.0.113.7',
    firstSeenAt: '2026-11-20T09:30:00.000Z',
    lastSeenAt: '2026-11-20T09:45:00.000Z',
    current: true,
  },
];

/** The list answers `rows` (every page), with `total`. */
export function activityList(rows: ActivityLogRow[], total = rows.length): Recorded {
  return answer(endpoints.activityLogs, ({ query }: { query: Record<string, string> }) => ({
    items: rows,
    total,
    offset: Number(query.offset ?? 1),
    limit: Number(query.limit ?? 20),
  }));
}

/** 30 days to 2026-11-20 with no sign-in: what the chart above the user's log gets when a test does not ask otherwise. */
export function signInDays(counts: Record<string, { succeeded: number; failed: number }> = {}): SignInDay[] {
  return Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 10, 20) - (29 - i) * 24 * 3600_000).toISOString().slice(0, 10);
    return { day, ...(counts[day] ?? { succeeded: 0, failed: 0 }) };
  });
}

export async function renderActivity(
  url: string,
  options: { role?: string; permissions?: string[]; language?: string } = {},
) {
  const view = await renderWithPortal({
    plugins: [stubAuthPlugin, activityPlugin],
    url,
    language: options.language,
    session: inOrganization(options.role ?? 'owner', options.permissions),
  });
  // The first render of a file imports the app layout (antd's Layout and Menu) cold, which is slow on two shared cores.
  await screen.findByRole('heading', { level: 1 }, { timeout: 60_000 });
  return view;
}
