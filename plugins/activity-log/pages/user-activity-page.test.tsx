import { endpoints } from '@contract/v1/endpoints';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { HttpResponse } from 'msw';
import { answerGate } from '../../../tests/msw/answer-gate';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { server } from '../../../tests/msw/server';
import { isOutsideDateWindow, todayIn } from '../format/date-window';
import { renderWithPortal } from '../../../tests/render-with-portal';
import { stubAuthPlugin } from '../../../tests/stub-auth-plugin';
import activityPlugin from '../index';
import {
  activityList,
  inOrganization,
  answer,
  event,
  renderActivity,
  ROLE_CHANGE,
  SESSIONS,
  sentence,
  SIGN_IN,
  signInDays,
} from '../testing/activity-fixtures';
import { myAccess } from '../../../tests/msw/recorded-answers';

const USER_URL = '/user/active-log';

function rowOf(text: string): HTMLElement {
  return screen.getByText(sentence(text)).closest('tr')!;
}

describe('/user/active-log', () => {
  beforeEach(() => {
    answer(endpoints.userSessions, { items: SESSIONS });
    // The chart above the log has its own tests (../components/sign-in-chart.test.tsx).
    answer(endpoints.signInHistory, { days: signInDays() });
  });

  it('shows each event as a sentence, at its time in the organisation zone and format, with address and device', async () => {
    const calls = activityList([SIGN_IN]);
    await renderActivity(USER_URL);
    await screen.findByText(sentence('Jane Citizen signed in with a password.'));
    const row = rowOf('Jane Citizen signed in with a password.');
    // 09:30 UTC is 10:30 in Paris in November; the organisation's format is 24-hour ISO-like.
    expect(within(row).getByText('2026-11-20 10:30')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(row).getByText('Chrome on Windows')).toBeInTheDocument();
    expect(calls.queries[0]).toEqual({ type: 'user', timeZone: 'Europe/Paris', offset: '1', limit: '20' });
  }, 90_000);

  it('pages on the server from offset 1', async () => {
    const calls = activityList([SIGN_IN], 45);
    const { user } = await renderActivity(USER_URL);
    await screen.findByText(sentence('Jane Citizen signed in with a password.'));
    await user.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(calls.queries.at(-1)).toMatchObject({ offset: '3', limit: '20' }));
  });

  it('applies the search once typing has paused for a second, from the first page', async () => {
    const calls = activityList([SIGN_IN]);
    await renderActivity(USER_URL);
    await screen.findByText(sentence('Jane Citizen signed in with a password.'));
    const search = screen.getByRole('textbox', { name: 'Search' });
    const before = calls.count;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(search, { target: { value: '203.0' } });
    act(() => vi.advanceTimersByTime(700));
    fireEvent.change(search, { target: { value: '203.0.113' } });
    act(() => vi.advanceTimersByTime(999));
    expect(calls.count).toBe(before);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(calls.count).toBe(before + 1));
    expect(calls.queries.at(-1)).toEqual({
      type: 'user',
      timeZone: 'Europe/Paris',
      search: '203.0.113',
      offset: '1',
      limit: '20',
    });
  });

  it('filters by event type at once', async () => {
    const calls = activityList([SIGN_IN]);
    const { user } = await renderActivity(USER_URL);
    await screen.findByText(sentence('Jane Citizen signed in with a password.'));
    await user.click(screen.getByRole('combobox', { name: 'Event type' }));
    await user.click(await screen.findByTitle('Security'));
    await waitFor(() => expect(calls.queries.at(-1)).toMatchObject({ eventType: 'security', offset: '1' }));
  });

  it('offers only the last 89 days up to today in the zone times are shown in', () => {
    // 23:30 UTC on 31 March is already 1 April in Sydney: that is the last day the filter allows there.
    const now = Date.UTC(2026, 2, 31, 23, 30);
    const sydneyToday = todayIn('Australia/Sydney', now);
    expect(sydneyToday.format('YYYY-MM-DD')).toBe('2026-04-01');
    expect(todayIn('Europe/Paris', now).format('YYYY-MM-DD')).toBe('2026-04-01');
    expect(todayIn('America/New_York', now).format('YYYY-MM-DD')).toBe('2026-03-31');
    expect(isOutsideDateWindow(dayjs('2026-04-01'), sydneyToday)).toBe(false);
    expect(isOutsideDateWindow(dayjs('2026-04-02'), sydneyToday)).toBe(true);
    expect(isOutsideDateWindow(dayjs('2026-01-02'), sydneyToday)).toBe(false); // 89 days before
    expect(isOutsideDateWindow(dayjs('2026-01-01'), sydneyToday)).toBe(true); // 90 days before
  });

  it('says when there is no activity, and when nothing matches the filters', async () => {
    activityList([]);
    await renderActivity(USER_URL);
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'nobody' } });
    act(() => vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
  });

  it('says when the activity cannot load, and loads it again', async () => {
    answer(endpoints.activityLogs, null, { status: 500 });
    const { user } = await renderActivity(USER_URL);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The activity could not be loaded.');
    activityList([SIGN_IN]);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(sentence('Jane Citizen signed in with a password.'))).toBeInTheDocument();
  });

  it('lists the sessions with this one marked, and ends another after asking', async () => {
    activityList([SIGN_IN]);
    const ended = answer(endpoints.endUserSession, null, { msg: 'Session ended.' });
    const { user } = await renderActivity(USER_URL);
    const panel = (await screen.findByRole('heading', { name: 'Active sessions' })).closest('section')!;
    const current = (await within(panel).findByText('This session')).closest('tr')!;
    expect(current).toHaveTextContent('Chrome on Windows');
    expect(within(current).queryByRole('button')).toBeNull();

    await user.click(
      within(panel).getByRole('button', { name: 'End session: Firefox on Linux, 198.51.100.4' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(ended.count).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(ended.params).toEqual([{ sessionId: 's-2' }]));
  });

  it('opened again, shows the sessions it last read at once; ending one before they are read again keeps it ended', async () => {
    activityList([SIGN_IN]);
    const ended = answer(endpoints.endUserSession, null, { msg: 'Session ended.' });
    let reads = 0;
    const gate = answerGate();
    server.use(
      onEndpoint(endpoints.userSessions, async () => {
        reads += 1;
        // The first read after coming back is held, and then answers the list as it was before the ending.
        const items = reads === 2 || ended.count === 0 ? SESSIONS : SESSIONS.filter((s) => s.current);
        if (reads === 2) await gate.passed();
        return HttpResponse.json({ data: { items }, msg: '' });
      }),
    );
    const { router, user } = await renderActivity(USER_URL);
    const firefox = 'End session: Firefox on Linux, 198.51.100.4';
    expect(await screen.findByRole('button', { name: firefox })).toBeInTheDocument();
    await act(() => router.navigate('/orgs'));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Active sessions' })).not.toBeInTheDocument(),
    );

    const answerOld = gate.close();
    await act(() => router.navigate(USER_URL));
    // Not read again yet: the sessions last read, usable at once.
    await user.click(await screen.findByRole('button', { name: firefox }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: firefox })).not.toBeInTheDocument());
    expect(reads).toBe(3);

    answerOld();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: firefox })).not.toBeInTheDocument();
    expect(screen.getByText('This session')).toBeInTheDocument();
  });

  it('ends all other sessions after asking', async () => {
    activityList([SIGN_IN]);
    const ended = answer(endpoints.endOtherUserSessions, { ended: 1 });
    const { user } = await renderActivity(USER_URL);
    await screen.findByText('This session');
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'End all other sessions' }));
    await waitFor(() => expect(ended.count).toBe(1));
    expect(await screen.findByText('1 other session has ended.')).toBeInTheDocument();
  });

  it("reports a sign-in as not the user's: after confirming, signs out and says to check the mail", async () => {
    activityList([SIGN_IN, ROLE_CHANGE]);
    const reported = answer(endpoints.reportActivity, null, { msg: 'Reported.' });
    const { user, session } = await renderActivity(USER_URL);
    await screen.findByText(sentence('Jane Citizen signed in with a password.'));
    // Only the sign-in offers it.
    expect(screen.getAllByRole('button', { name: /This wasn't me/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: "This wasn't me: sign-in at 2026-11-20 10:30" }));
    const dialog = await screen.findByRole('dialog', { name: "This sign-in wasn't you?" });
    await user.click(within(dialog).getByRole('button', { name: 'Sign me out everywhere' }));
    await waitFor(() => expect(reported.params).toEqual([{ id: 'e-1' }]));
    expect(
      await screen.findByRole('heading', { name: 'You have been signed out everywhere' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Check your mail');
    expect(session.isUserLoggedIn).toBe(false);
  });

  it('speaks French', async () => {
    activityList([SIGN_IN, ROLE_CHANGE]);
    await renderActivity(USER_URL, { language: 'fr' });
    expect(
      await screen.findByText(sentence("Jane Citizen s'est connecté avec un mot de passe.")),
    ).toBeInTheDocument();
    expect(
      screen.getByText(sentence('Jane Citizen a changé le rôle de bob@example.com de member à admin.')),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sessions actives' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter en CSV' })).toBeInTheDocument();
  });

  it("falls back to the server's sentence for an event type the portal does not know yet", async () => {
    activityList([
      event({ id: 'e-9', eventType: 'billing.payg-threshold', description: 'Usage reached 80% of the cap.' }),
    ]);
    await renderActivity(USER_URL);
    expect(await screen.findByText('Usage reached 80% of the cap.')).toBeInTheDocument();
  });
});

describe('/organisation/activity', () => {
  it("shows the organisation's events with who did them", async () => {
    myAccess('owner');
    const calls = activityList([ROLE_CHANGE]);
    await renderActivity('/organisation/activity');
    await screen.findByText(
      sentence('Jane Citizen changed the role of bob@example.com from member to admin.'),
    );
    const row = rowOf('Jane Citizen changed the role of bob@example.com from member to admin.');
    // The 'By' column, apart from the sentence that names her too.
    expect(
      within(row)
        .getAllByRole('cell')
        .some((cell) => cell.textContent === 'Jane Citizen'),
    ).toBe(true);
    expect(within(row).queryByRole('button', { name: /This wasn't me/ })).toBeNull();
    expect(calls.queries[0]).toMatchObject({ type: 'organisation', offset: '1' });
  });

  it('opened again, shows the events it last listed at once and refreshes them when the server answers', async () => {
    myAccess('owner');
    let rows = [ROLE_CHANGE, SIGN_IN];
    const gate = answerGate();
    server.use(
      onEndpoint(endpoints.activityLogs, async () => {
        await gate.passed();
        return HttpResponse.json({
          data: { items: rows, total: rows.length, offset: 1, limit: 20 },
          msg: '',
        });
      }),
    );
    const { router } = await renderActivity('/organisation/activity');
    const roleChange = 'Jane Citizen changed the role of bob@example.com from member to admin.';
    expect(await screen.findByText(sentence(roleChange))).toBeInTheDocument();
    await act(() => router.navigate('/orgs'));
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());

    const answerNow = gate.close();
    rows = [SIGN_IN];
    await act(() => router.navigate('/organisation/activity'));
    // The server has not answered yet: last visit's events, and no loading state over them.
    expect(await screen.findByText(sentence(roleChange))).toBeInTheDocument();
    expect(screen.getByRole('table').closest('[aria-busy="true"]')).toBeNull();

    answerNow();
    await waitFor(() => expect(screen.queryByText(sentence(roleChange))).not.toBeInTheDocument());
    expect(screen.getByText(sentence('Jane Citizen signed in with a password.'))).toBeInTheDocument();
  });

  it('never shows a filtered list as the one it last listed', async () => {
    myAccess('owner');
    activityList([ROLE_CHANGE]);
    const { router, user } = await renderActivity('/organisation/activity');
    await screen.findByText(
      sentence('Jane Citizen changed the role of bob@example.com from member to admin.'),
    );
    activityList([]);
    await user.click(screen.getByRole('combobox', { name: 'Event type' }));
    await user.click(await screen.findByTitle('Security'));
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
    await act(() => router.navigate('/orgs'));
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());

    const gate = answerGate();
    const answerNow = gate.close();
    server.use(
      onEndpoint(endpoints.activityLogs, async () => {
        await gate.passed();
        return HttpResponse.json({ data: { items: [], total: 0, offset: 1, limit: 20 }, msg: '' });
      }),
    );
    await act(() => router.navigate('/organisation/activity'));
    // The whole log's first page, as read before the filter: not the filtered (empty) answer.
    expect(
      await screen.findByText(
        sentence('Jane Citizen changed the role of bob@example.com from member to admin.'),
      ),
    ).toBeInTheDocument();
    answerNow();
  });

  it('is open to a custom role that holds activity.view', async () => {
    myAccess('auditor', ['activity.view']);
    const calls = activityList([ROLE_CHANGE]);
    // The session holds what entering the organisation answered for the role.
    await renderActivity('/organisation/activity', { role: 'auditor', permissions: ['activity.view'] });
    expect(
      await screen.findByText(
        sentence('Jane Citizen changed the role of bob@example.com from member to admin.'),
      ),
    ).toBeInTheDocument();
    expect(calls.queries[0]).toMatchObject({ type: 'organisation', offset: '1' });
  });

  it('is not open to a member whose role lacks activity.view, even an admin', async () => {
    myAccess('admin', ['members.view']);
    const calls = activityList([ROLE_CHANGE]);
    await renderActivity('/organisation/activity', { role: 'admin' });
    expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
    expect(calls.count).toBe(0);
  });

  it('is not open to a member (the role lacks activity.view)', async () => {
    myAccess('member');
    const calls = activityList([ROLE_CHANGE]);
    await renderWithPortal({
      plugins: [stubAuthPlugin, activityPlugin],
      url: '/organisation/activity',
      session: inOrganization('member'),
    });
    expect(
      await screen.findByText("You don't have permission to view this page", {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(calls.count).toBe(0);
  });
});
