import { endpoints } from '@contract/v1/endpoints';
import { act, screen, waitFor } from '@testing-library/react';
import { answer, refuse, renderOrganisation } from '../testing/organisation-fixtures';

const size = (ownedOrganizations: number, organizationLimit = 5) =>
  answer(endpoints.organizationSize, {
    members: 3,
    pendingInvitations: 1,
    ownedOrganizations,
    organizationLimit,
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('create organisation', { timeout: 60_000 }, () => {
  it('checks the name once typing pauses, then creates the organisation and enters it through account selection', async () => {
    size(2);
    const checks = answer(endpoints.organizationNameAvailable, ({ query }) => ({
      available: query.orgName !== 'Globex',
    }));
    const created = answer(
      endpoints.createOrganization,
      { organizationId: 'org-new', organizationName: 'Initech', accountType: 'business', role: 'owner' },
      { msg: 'Organisation created successfully' },
    );
    const { user, router } = await renderOrganisation('/organisation/create');
    expect(screen.getByRole('heading', { level: 1, name: 'Create organisation' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: 'Organisation name' });
    const submit = screen.getByRole('button', { name: 'Create organisation' });

    await user.type(name, 'Globex');
    expect(await screen.findByText('This organisation name is already taken')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    // One check for the whole word, not one per keystroke.
    expect(checks.queries).toEqual([{ orgName: 'Globex' }]);

    await user.clear(name);
    await user.type(name, 'Initech');
    expect(await screen.findByText('Initech is available')).toBeInTheDocument();
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/orgs'));
    expect(created.bodies).toEqual([{ organizationName: 'Initech' }]);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      orgId: 'org-new',
      toUrl: '/dashboard',
    });
  });

  it("is where the side menu's 'Create organisation' leads, beside the organisation pages an owner may open", async () => {
    size(0);
    answer(endpoints.myPermissions, {
      organizationId: 'org-1',
      role: 'owner',
      roleName: null,
      permissions: [],
    });
    answer(endpoints.roles, { roles: [] });
    answer(endpoints.organizationMembers, { items: [], total: 0, offset: 1, limit: 10 });
    const { user, router } = await renderOrganisation('/organisation/users');
    for (const entry of ['Users', 'Access control', 'Settings'])
      expect(screen.getAllByRole('link', { name: entry }).length).toBeGreaterThan(0);
    const create = screen.getByRole('link', { name: 'Create organisation' });
    expect(create).toHaveAttribute('href', '/organisation/create');
    await user.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisation/create'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create organisation' })).toBeInTheDocument();
  });

  it('refuses a name of one character before asking the server', async () => {
    size(0);
    const checks = answer(endpoints.organizationNameAvailable, { available: true });
    const { user } = await renderOrganisation('/organisation/create');
    await user.type(await screen.findByRole('textbox', { name: 'Organisation name' }), 'A');
    expect(await screen.findByText('Organisation name must be at least 2 characters')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(checks.count).toBe(0);
    expect(screen.getByRole('button', { name: 'Create organisation' })).toBeDisabled();
  });

  it('replaces the form by the limit message when the user owns as many organisations as allowed', async () => {
    size(5, 5);
    await renderOrganisation('/organisation/create');
    expect(await screen.findByText('You have reached the max limit of 5 organisations')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Organisation name' })).not.toBeInTheDocument();
  });

  it("quotes the server's limit, not a fixed number", async () => {
    size(3, 3);
    await renderOrganisation('/organisation/create');
    expect(await screen.findByText('You have reached the max limit of 3 organisations')).toBeInTheDocument();
  });

  it('keeps the typed name when the server refuses the creation, and shows why', async () => {
    size(1);
    answer(endpoints.organizationNameAvailable, { available: true });
    refuse(endpoints.createOrganization, 500, 'boom');
    const { user, router } = await renderOrganisation('/organisation/create');
    const name = await screen.findByRole('textbox', { name: 'Organisation name' });
    await user.type(name, 'Initech');
    const submit = screen.getByRole('button', { name: 'Create organisation' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    expect(name).toHaveValue('Initech');
    expect(router.state.location.pathname).toBe('/organisation/create');
  });

  it('says when the organisations cannot be counted and tries again', async () => {
    refuse(endpoints.organizationSize, 500, 'boom');
    const { user } = await renderOrganisation('/organisation/create');
    expect(await screen.findByText('Your organisations could not be counted.')).toBeInTheDocument();
    size(0);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Organisation name' })).toBeInTheDocument();
  });

  it('waits for the typing to pause before checking (debounced)', async () => {
    size(0);
    const checks = answer(endpoints.organizationNameAvailable, { available: true });
    await renderOrganisation('/organisation/create');
    const name = await screen.findByRole('textbox', { name: 'Organisation name' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fireEvent } = await import('@testing-library/react');
    for (const text of ['In', 'Ini', 'Init']) fireEvent.change(name, { target: { value: text } });
    act(() => vi.advanceTimersByTime(499));
    expect(checks.count).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(checks.queries).toEqual([{ orgName: 'Init' }]));
  });

  it('speaks French', async () => {
    size(5, 5);
    await renderOrganisation('/organisation/create', { language: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Créer une organisation' })).toBeInTheDocument();
    expect(
      await screen.findByText('Vous avez atteint la limite maximale de 5 organisations'),
    ).toBeInTheDocument();
  });
});
