import { screen } from '@testing-library/react';
import fixtureHello from '../../tests/fixtures/plugins/fixture-hello';
import { renderWithPortal } from '../../tests/render-with-portal';
import { stubAuthPlugin } from '../../tests/stub-auth-plugin';
import type { SimulatedService } from '../config/deployment-facts';
import type { SessionStore } from '../session/session-store';

/** #34 item 5: a production deployment started with ALLOW_SIMULATED says so to the people who run organisations. */
function inAcmeAs(role: string) {
  return (session: SessionStore) => {
    session.logIn({ accessToken: 'a', refreshToken: 'r' });
    session.setOrganizations([
      {
        organizationId: 'org-acme',
        organizationName: 'Acme Pty Ltd',
        accountType: 'business',
        role,
        enabled: true,
        portals: { kreanoAccount: { hasAccess: true } },
      },
    ]);
    session.selectOrganization(
      { organizationId: 'org-acme', role },
      { accessToken: 'a2', refreshToken: 'r2' },
    );
  };
}

const show = (role: string, simulatedServices: SimulatedService[], language?: string) =>
  renderWithPortal({
    plugins: [stubAuthPlugin, fixtureHello],
    url: '/hello',
    session: inAcmeAs(role),
    deployment: { simulatedServices },
    language,
  });

describe('the simulated-services banner', () => {
  it('names every simulated service to an owner, above the page', async () => {
    await show('owner', ['payments', 'sms']);
    await screen.findByRole('heading', { name: /Hello from the fixture plugin/ });
    expect(screen.getByRole('status')).toHaveTextContent(
      'This deployment is a demonstration: payments (nothing is charged) and text messages (codes are not sent) are simulated. Nothing real happens through them.',
    );
  });

  it('tells an admin too, in their language', async () => {
    await show('admin', ['identity'], 'ar');
    expect(await screen.findByText(/عمليات التحقق من الهوية \(النتائج مختلقة\)/)).toBeInTheDocument();
  });

  it('says nothing to a member, nor when nothing is simulated', async () => {
    const member = await show('member', ['payments']);
    await screen.findByRole('heading', { name: /Hello from the fixture plugin/ });
    expect(screen.queryByText(/This deployment is a demonstration/)).not.toBeInTheDocument();
    member.unmount();
    await show('owner', []);
    await screen.findByRole('heading', { name: /Hello from the fixture plugin/ });
    expect(screen.queryByText(/This deployment is a demonstration/)).not.toBeInTheDocument();
  });
});
