import { endpoints } from '@contract/v1/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, renderActivity, SESSIONS, signInDays } from '../testing/activity-fixtures';
import { myAccess } from '../../../tests/msw/recorded-answers';

const USER_URL = '/user/active-log';
const DAYS = signInDays({
  '2026-11-02': { succeeded: 2, failed: 0 },
  '2026-11-12': { succeeded: 1, failed: 4 },
  '2026-11-20': { succeeded: 3, failed: 1 },
});

async function renderChart(
  days: Parameters<typeof answer>[1],
  options: { language?: string; status?: number } = {},
) {
  myAccess('owner');
  answer(endpoints.userSessions, { items: SESSIONS });
  answer(endpoints.activityLogs, { items: [], total: 0 });
  const calls = answer(endpoints.signInHistory, days, options.status ? { status: options.status } : {});
  const view = await renderActivity(USER_URL, { language: options.language });
  return { ...view, calls };
}

describe('the sign-in chart above the user log', { timeout: 180_000 }, () => {
  it('draws the last 30 days in the zone of the log, refused attempts stacked on the sign-ins, with a summary and a table', async () => {
    const { baseElement, calls } = await renderChart({ days: DAYS });
    const figure = within(await screen.findByRole('figure', { name: 'Sign-ins, last 30 days' }));
    expect(calls.queries[0]).toEqual({ timeZone: 'Europe/Paris' });
    expect(
      figure.getByText(
        'Sign-ins that let you in: 6. Refused attempts (wrong password or code): 5. Last refused attempt: November 20, 2026.',
      ),
    ).toBeInTheDocument();
    const table = within(figure.getByRole('table', { name: 'Sign-ins, last 30 days' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Day',
      'Signed in',
      'Refused attempts',
    ]);
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect([...rows.at(-9)!.children].map((cell) => cell.textContent)).toEqual([
      'November 12, 2026',
      '1',
      '4',
    ]);
    // One bar part per non-zero count, refused attempts in the error colour.
    await waitFor(() => expect(baseElement.querySelectorAll('figure svg rect')).toHaveLength(5), {
      timeout: 30_000,
    });
    const refused = [...baseElement.querySelectorAll('figure svg rect title')]
      .filter((title) => title.textContent!.includes('Refused attempts'))
      .map((title) => title.textContent);
    expect(refused).toEqual([
      'November 12, 2026, Refused attempts: 4',
      'November 20, 2026, Refused attempts: 1',
    ]);
  });

  it('says when there was no sign-in', async () => {
    const { baseElement } = await renderChart({ days: signInDays() });
    expect(await screen.findByText('No sign-ins in the last 30 days.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Sign-ins, last 30 days' })).not.toBeInTheDocument();
    expect(baseElement.querySelector('figure svg')).toBeNull();
  });

  it('offers to try again when the sign-ins could not be read', async () => {
    const { user } = await renderChart(null, { status: 500 });
    expect(await screen.findByText('Your sign-ins could not be loaded.')).toBeInTheDocument();
    answer(endpoints.signInHistory, { days: DAYS });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('figure', { name: 'Sign-ins, last 30 days' })).toBeInTheDocument();
  });

  it('speaks Arabic: its texts, day names and digits from Intl', async () => {
    await renderChart({ days: DAYS }, { language: 'ar' });
    const figure = within(await screen.findByRole('figure', { name: 'عمليات تسجيل الدخول، آخر 30 يومًا' }));
    const count = new Intl.NumberFormat('ar');
    expect(
      figure.getByText(
        `عمليات تسجيل الدخول الناجحة: ${count.format(6)}. المحاولات المرفوضة (كلمة مرور أو رمز خاطئ): ${count.format(5)}.`,
        { exact: false },
      ),
    ).toBeInTheDocument();
    const day = new Intl.DateTimeFormat('ar', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(
      figure.getByRole('rowheader', { name: day.format(new Date('2026-11-12T00:00:00Z')) }),
    ).toBeInTheDocument();
  });
});
