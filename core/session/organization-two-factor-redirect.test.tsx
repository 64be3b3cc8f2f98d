import { endpoints } from '@contract/v1/endpoints';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import fixtureHello from '../../tests/fixtures/plugins/fixture-hello';
import { onEndpoint } from '../../tests/msw/endpoint-handlers';
import { server } from '../../tests/msw/server';
import { renderWithPortal } from '../../tests/render-with-portal';
import { inOrganization, ORG_ID } from '../../tests/signed-in-organization';
import { stubAuthPlugin } from '../../tests/stub-auth-plugin';
import { HttpClient } from '../http/http-client';

/**
 * #33 finding 3: an organisation that starts enforcing 2FA while a member without it is inside answers their next
 * call with 403 TWO_FACTOR_REQUIRED; the portal takes them through the account selection for that organisation
 * (whose notice turns 2FA on), then back to where they were.
 */
const REFUSAL = { code: 'TWO_FACTOR_REQUIRED', msg: 'This organisation requires two-factor authentication' };

/** A member of the organisation on the fixture plugin's page at `url`. */
async function onFixturePage(url: string) {
  const view = await renderWithPortal({
    plugins: [stubAuthPlugin, fixtureHello],
    url,
    session: inOrganization('member'),
  });
  await screen.findByRole('heading', { name: /Hello from the fixture plugin/ });
  return { router: view.router, http: view.container.get(HttpClient) };
}

describe('an organisation that starts enforcing 2FA', () => {
  it('sends the member through the account selection for it, with the page to come back to, and says why', async () => {
    server.use(onEndpoint(endpoints.organizationMembers, () => HttpResponse.json(REFUSAL, { status: 403 })));
    const { router, http } = await onFixturePage('/hello?tab=2');

    await expect(http.call(endpoints.organizationMembers, { query: {} })).rejects.toMatchObject({
      status: 403,
      code: 'TWO_FACTOR_REQUIRED',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orgs'));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({ orgId: ORG_ID, toUrl: '/hello?tab=2' });
    expect(await screen.findByText(REFUSAL.msg)).toBeInTheDocument();
  });

  it('leaves the refusal of entering an organisation to the account selection, which shows its own notice', async () => {
    server.use(onEndpoint(endpoints.organizationAccess, () => HttpResponse.json(REFUSAL, { status: 403 })));
    const { router, http } = await onFixturePage('/hello');
    await expect(
      http.call(endpoints.organizationAccess, {
        body: { orgId: ORG_ID, portalId: 'kreanoAccount' },
      }),
    ).rejects.toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    // Nothing to wait for but the absence of a navigation: let the pipeline and React settle first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/hello');
  });
});
