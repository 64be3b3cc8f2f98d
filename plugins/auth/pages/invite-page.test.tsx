import { screen, waitFor } from '@testing-library/react';
import { endpoint, renderAuth } from '../testing/render-auth';
import { endpointPath } from '@contract/v1/endpoint';
import { endpoints } from '@contract/v1/endpoints';

const INVITATION = { orgId: 'org-9', invitationId: 'inv-3' };

describe.each(['/invite', '/signup/invite'])('%s', { timeout: 60_000 }, (path) => {
  it('existing user: accepts the invitation and goes to login with the server message', async () => {
    const check = endpoint(endpoints.checkInvitation, {
      data: { userExists: true, email: 'bob@example.com' },
      msg: 'Invitation found',
    });
    const accept = endpoint(endpoints.acceptInvitation, { msg: 'Invitation accepted. Please log in' });
    const { router } = await renderAuth(`${path}?orgId=org-9&invitationId=inv-3`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Checking your invitation…' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Invitation accepted. Please log in')).toBeInTheDocument();
    expect(check.urls.map((url) => url.pathname)).toEqual([
      endpointPath(endpoints.checkInvitation, INVITATION),
    ]);
    expect(accept.bodies).toEqual([INVITATION]);
  });

  it('new user: goes to sign-up with emailId, orgId and invitationId, and accepts nothing', async () => {
    endpoint(endpoints.checkInvitation, { data: { userExists: false, email: 'new@example.com' } });
    const accept = endpoint(endpoints.acceptInvitation, { msg: 'accepted' });
    const { router } = await renderAuth(`${path}?orgId=org-9&invitationId=inv-3`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      emailId: 'new@example.com',
      orgId: 'org-9',
      invitationId: 'inv-3',
    });
    expect(await screen.findByLabelText('Email')).toHaveValue('new@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(accept.bodies).toHaveLength(0);
  });

  it.each([['?orgId=org-9'], ['?invitationId=inv-3'], ['']])(
    "missing parameters (%s): 'Please try again' and login, without calling the server",
    async (query) => {
      const check = endpoint(endpoints.checkInvitation, {
        data: { userExists: true, email: 'x@example.com' },
      });
      const { router } = await renderAuth(`${path}${query}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByText('Please try again')).toBeInTheDocument();
      expect(check.urls).toHaveLength(0);
    },
  );

  it.each([
    [400, 'Invitation is expired', 'Invitation is expired'],
    [500, 'boom', 'Please try again'],
  ])(
    'a %i from the check shows the catalogue message and goes to login',
    async (status, serverMsg, shown) => {
      endpoint(endpoints.checkInvitation, { status, msg: serverMsg });
      const { router } = await renderAuth(`${path}?orgId=org-9&invitationId=inv-3`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByText(shown)).toBeInTheDocument();
    },
  );

  it('a failed acceptance shows the message and goes to login', async () => {
    endpoint(endpoints.checkInvitation, { data: { userExists: true, email: 'bob@example.com' } });
    endpoint(endpoints.acceptInvitation, { status: 400, msg: 'Invitation already used' });
    const { router } = await renderAuth(`${path}?orgId=org-9&invitationId=inv-3`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Invitation already used')).toBeInTheDocument();
  });
});
