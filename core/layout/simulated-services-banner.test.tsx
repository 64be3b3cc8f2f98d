import { screen } from '@testing-library/react';
import fixtureHello from '../../tests/fixtures/plugins/fixture-hello';
import { renderWithPortal } from '../../tests/render-with-portal';
import { inOrganization } from '../../tests/signed-in-organization';
import { stubAuthPlugin } from '../../tests/stub-auth-plugin';
import type { SimulatedService } from '../config/deployment-facts';

/** #34 item 5: a production deployment started with ALLOW_SIMULATED says so to the people who run organisations. */
const show = (role: string, simulatedServices: SimulatedService[], language?: string) =>
  renderWithPortal({
    plugins: [stubAuthPlugin, fixtureHello],
    url: '/hello',
    session: inOrganization(role),
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
