import { endpoints } from '@contract/v1/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, myAccess, refuse, renderOrganisation } from '../testing/organisation-fixtures';
import { expectAreaPage } from '@tests/area-page';

const CRON = {
  activityLogRetentionDays: 365,
  membersDigest: false,
  lastRetentionRunAt: null,
  lastDigestRunAt: '2026-03-01T22:00:00.000Z',
};

function settings(ranges: string[] = [], ip = '203.0.113.7') {
  answer(endpoints.detectIp, { ip });
  answer(endpoints.ipAllowList, { ranges, callerIp: ip });
  return answer(endpoints.cronConfig, CRON);
}

async function renderSettings(language?: string) {
  const view = await renderOrganisation('/organisation/settings', { language });
  await screen.findByRole('heading', { level: 2, name: /IP allow-list|Adresses IP autorisées/ });
  return view;
}

const rangesField = () => screen.getByRole('textbox', { name: 'Allowed addresses and ranges' });

describe('organisation settings', { timeout: 180_000 }, () => {
  it('shows the detected address and the saved ranges, and saves a list that includes the caller', async () => {
    myAccess('owner');
    settings(['10.0.0.0/8']);
    const saved = answer(
      endpoints.updateIpAllowList,
      ({ body }) => ({ ranges: body.ranges, callerIp: '203.0.113.7' }),
      {
        msg: 'IP allow-list saved',
      },
    );
    const { user } = await renderSettings();
    expect(screen.getByTestId('detected-ip')).toHaveTextContent('203.0.113.7');
    expect(rangesField()).toHaveValue('10.0.0.0/8');
    await user.click(screen.getByRole('button', { name: 'Add my address' }));
    expect(rangesField()).toHaveValue('10.0.0.0/8\n203.0.113.7');
    await user.type(rangesField(), '{Enter}2001:db8::/32');
    const save = screen.getByRole('button', { name: 'Save allow-list' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('IP allow-list saved')).toBeInTheDocument();
    expect(saved.bodies).toEqual([{ ranges: ['10.0.0.0/8', '203.0.113.7', '2001:db8::/32'] }]);
  });

  it('refuses a malformed entry with the same message as the server', async () => {
    myAccess('owner');
    settings();
    const { user } = await renderSettings();
    await user.type(rangesField(), '203.0.113.0/24{Enter}10.0.0.0/33');
    expect(
      // The range is isolated left to right (core's ltrText), so an IPv6 range stays whole in Arabic.
      await screen.findByText('\u206610.0.0.0/33\u2069 is not a valid IP address or CIDR range'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save allow-list' })).toBeDisabled();
  });

  it("explains that a list leaving out the caller's address would lock them out, and does not send it", async () => {
    myAccess('owner');
    settings();
    const saved = answer(endpoints.updateIpAllowList, { ranges: [], callerIp: '203.0.113.7' });
    const { user } = await renderSettings();
    await user.type(rangesField(), '10.0.0.0/8');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This list does not include your current IP address (203.0.113.7). Add it to keep your access',
    );
    expect(screen.getByRole('button', { name: 'Save allow-list' })).toBeDisabled();
    expect(saved.count).toBe(0);
  });

  it("keeps the typed list when the server refuses it, with the server's reason", async () => {
    myAccess('owner');
    settings();
    refuse(
      endpoints.updateIpAllowList,
      400,
      'This list does not include your current IP address (198.51.100.1). Add it to keep your access',
      'IP_SELF_LOCKOUT',
    );
    const { user } = await renderSettings();
    await user.type(rangesField(), '203.0.113.0/24');
    const save = screen.getByRole('button', { name: 'Save allow-list' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(
      await screen.findByText(
        'This list does not include your current IP address (198.51.100.1). Add it to keep your access',
      ),
    ).toBeInTheDocument();
    expect(rangesField()).toHaveValue('203.0.113.0/24');
  });

  it('saves the scheduled jobs: retention in days and the weekly digest', async () => {
    myAccess('owner');
    settings();
    const saved = answer(endpoints.updateCronConfig, ({ body }) => ({ ...CRON, ...body }), {
      msg: 'Scheduled jobs saved',
    });
    const { user } = await renderSettings();
    const jobs = within(screen.getByRole('region', { name: 'Scheduled jobs' }));
    const retention = jobs.getByRole('spinbutton', { name: 'Keep the activity log for (days)' });
    expect(retention).toHaveValue('365');
    expect(jobs.getByText('Last run: never')).toBeInTheDocument();
    // 22:00 UTC on 1 March is 2 March 09:00 in Sydney.
    expect(
      jobs.getByText(
        'Owners and admins receive a weekly summary of members and invitations by mail. Last run: 02/03/2026 09:00 AM',
      ),
    ).toBeInTheDocument();
    await user.clear(retention);
    await user.type(retention, '90');
    await user.click(jobs.getByRole('switch', { name: 'Weekly members digest' }));
    const save = jobs.getByRole('button', { name: 'Save scheduled jobs' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Scheduled jobs saved')).toBeInTheDocument();
    expect(saved.bodies).toEqual([{ activityLogRetentionDays: 90, membersDigest: true }]);
  });

  it('says when the settings cannot load and loads them again', async () => {
    myAccess('owner');
    answer(endpoints.detectIp, { ip: '203.0.113.7' });
    answer(endpoints.ipAllowList, { ranges: [], callerIp: '203.0.113.7' });
    refuse(endpoints.cronConfig, 500, 'boom');
    const { user } = await renderOrganisation('/organisation/settings');
    expect(await screen.findByText('The organisation settings could not be loaded.')).toBeInTheDocument();
    settings();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Scheduled jobs' })).toBeInTheDocument();
  });

  it('speaks French', async () => {
    myAccess('owner');
    settings();
    const { user } = await renderSettings('fr');
    await expectAreaPage('Organisation', 'Paramètres');
    await user.type(screen.getByRole('textbox', { name: 'Adresses et plages autorisées' }), '10.0.0.0/8');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Cette liste n'inclut pas votre adresse IP actuelle (203.0.113.7). Ajoutez-la pour garder votre accès",
    );
  });
});
