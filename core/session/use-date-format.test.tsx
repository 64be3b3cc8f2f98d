import { screen } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { renderWithPortal } from '../../tests/render-with-portal';
import { stubAuthPlugin } from '../../tests/stub-auth-plugin';
import type { PortalPlugin } from '../plugin/plugin-types';
import type { SessionStore } from './session-store';
import type { RegionalConfig } from './session-types';
import { useDateFormat } from './use-date-format';

const INSTANT = '2026-01-01T00:00:00Z';

const ShowDates = observer(function ShowDates() {
  const dates = useDateFormat();
  return (
    <p>
      <span data-testid="date-time">{dates.dateTime(INSTANT)}</span>{' '}
      <span data-testid="date">{dates.date(INSTANT)}</span>
    </p>
  );
});

const datesPlugin: PortalPlugin = {
  id: 'dates',
  routes: () => [
    { id: 'dates.page', path: '/dates', layout: 'public', load: async () => ({ default: ShowDates }) },
  ],
};

function inOrganization(regionalConfig: RegionalConfig | null) {
  return (session: SessionStore) => {
    session.logIn({ accessToken: 'a', refreshToken: 'r' });
    session.selectOrganization(
      { organizationId: 'org-1', role: 'owner' },
      { accessToken: 'a2', refreshToken: 'r2' },
      null,
      regionalConfig,
    );
  };
}

const render = (regionalConfig: RegionalConfig | null, config: Record<string, unknown> = {}) =>
  renderWithPortal({
    plugins: [stubAuthPlugin, datesPlugin],
    url: '/dates',
    session: inOrganization(regionalConfig),
    config,
  });

describe('useDateFormat: dates follow the chosen organisation, else the deployment', () => {
  it("shows dates in the organisation's zone and format", async () => {
    await render({ matchDeviceTime: false, timeZone: 'America/New_York', timeFormat: 'YYYY-MM-DD hh:mm A' });
    expect(await screen.findByTestId('date-time')).toHaveTextContent('2025-12-31 07:00 PM');
    expect(screen.getByTestId('date')).toHaveTextContent('31/12/2025');
  });

  it("falls back to the config's region when the organisation sent none", async () => {
    await render(null, { region: { timeZone: 'Asia/Tokyo', format: 'YYYY/MM/DD HH:mm' } });
    expect(await screen.findByTestId('date-time')).toHaveTextContent('2026/01/01 09:00');
  });

  it("uses the device's zone when the organisation asks to match it", async () => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const expected = new Intl.DateTimeFormat('en-GB', {
      timeZone: device,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(INSTANT));
    await render({ matchDeviceTime: true, timeZone: 'America/New_York', timeFormat: 'HH:mm' });
    expect(await screen.findByTestId('date-time')).toHaveTextContent(expected);
  });

  it('forgets the region when the session ends', async () => {
    const { session } = await render({
      matchDeviceTime: false,
      timeZone: 'America/New_York',
      timeFormat: 'HH:mm',
    });
    expect(session.regionalConfig).not.toBeNull();
    session.logout();
    expect(session.regionalConfig).toBeNull();
  });
});
