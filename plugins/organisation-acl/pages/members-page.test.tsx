import { formatDate } from '@core';
import { endpoints } from '@contract/v1/endpoints';
import type { MemberRow } from '@contract/v1/organization-members';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { HttpResponse } from 'msw';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { answerGate } from '../../../tests/msw/answer-gate';
import { server } from '../../../tests/msw/server';
import {
  answer,
  member,
  myAccess,
  ORG_ID,
  refuse,
  renderOrganisation,
  ROLES,
} from '../testing/organisation-fixtures';
import { expectAreaPage } from '@tests/area-page';

const OWNER = member({
  id: 'u-1',
  name: 'Jane Citizen',
  email: 'jane@example.com',
  role: 'owner',
  isSelf: true,
});
const ADMIN = member({
  id: 'u-2',
  name: 'Alexandra Konstantinopoulou-Smithers',
  email: 'alexandra.konstantinopoulou@example.com',
  role: 'admin',
});
const PENDING = member({
  id: 'inv-1',
  kind: 'invitation',
  email: 'new.person@example.com',
  status: 'invited',
  date: '2026-02-01T01:00:00.000Z',
  expiresAt: '2026-02-08T01:00:00.000Z',
});
const EXPIRED = member({
  id: 'inv-2',
  kind: 'invitation',
  email: 'late@example.com',
  status: 'expired',
  role: 'role-7',
});
const ROWS = [OWNER, ADMIN, PENDING, EXPIRED];

/** GET /v1/organization/member answering `rows` (or a function of the query) and recording the queries. */
function memberList(
  rows: MemberRow[] | ((query: Record<string, string>) => MemberRow[]) = ROWS,
  total?: number,
) {
  return answer(endpoints.organizationMembers, ({ query }) => {
    const items = typeof rows === 'function' ? rows(query) : rows;
    return { items, total: total ?? items.length, offset: Number(query.offset), limit: Number(query.limit) };
  });
}

function rolesList() {
  return answer(endpoints.roles, { roles: ROLES });
}

async function renderMembers(role = 'owner', options: { language?: string } = {}) {
  const view = await renderOrganisation('/organisation/users', { role, language: options.language });
  await screen.findByRole('columnheader', { name: /Email|E-mail/ });
  return view;
}

const row = (text: string) => screen.getByText(text, { selector: 'td *, td' }).closest('tr')!;

afterEach(() => {
  vi.useRealTimers();
});

describe('members and invitations', { timeout: 180_000 }, () => {
  it('opened again, shows the members it last listed at once and refreshes them when the server answers', async () => {
    myAccess('owner');
    const roles = rolesList();
    let rows = ROWS;
    const gate = answerGate();
    server.use(
      onEndpoint(endpoints.organizationMembers, async ({ request }) => {
        await gate.passed();
        const query = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json({
          data: { items: rows, total: rows.length, offset: Number(query.offset), limit: Number(query.limit) },
          msg: '',
        });
      }),
    );
    const { router } = await renderMembers();
    expect(await screen.findByText('late@example.com')).toBeInTheDocument();
    await waitFor(() => expect(roles.count).toBe(1));
    await act(() => router.navigate('/orgs'));
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());

    const answerNow = gate.close();
    rows = [OWNER, ADMIN];
    await act(() => router.navigate('/organisation/users'));
    // The server has not answered yet: last visit's rows, with the custom role's name, and no loading state over them.
    expect(await screen.findByText('late@example.com')).toBeInTheDocument();
    expect(row('late@example.com')).toHaveTextContent('Auditor');
    expect(screen.getByText('new.person@example.com')).toBeInTheDocument();
    expect(screen.getByRole('table').closest('[aria-busy="true"]')).toBeNull();

    answerNow();
    await waitFor(() => expect(screen.queryByText('late@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('alexandra.konstantinopoulou@example.com')).toBeInTheDocument();
  });

  it('lists members and invitations from the first page (offset 1) with role, status and date, and pages on the server', async () => {
    myAccess('owner');
    rolesList();
    const calls = memberList(ROWS, 23);
    const { user, router } = await renderMembers();
    await expectAreaPage('Organisation', 'Users');
    await screen.findByText('jane@example.com');
    expect(calls.queries[0]).toEqual({ offset: '1', limit: '10' });
    expect(screen.getByText('Members and invitations (23)')).toBeInTheDocument();

    const owner = within(row('jane@example.com'));
    expect(owner.getByText('Owner')).toBeInTheDocument();
    expect(owner.getByText('Active')).toBeInTheDocument();
    // 01:00 UTC on 10 January is the same day in Sydney.
    expect(owner.getByText('10/01/2026')).toBeInTheDocument();
    expect(within(row('new.person@example.com')).getByText('Invited')).toBeInTheDocument();
    const expired = within(row('late@example.com'));
    expect(expired.getByText('Expired')).toBeInTheDocument();
    expect(expired.getByText('Auditor')).toBeInTheDocument();

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(calls.queries.at(-1)).toEqual({ offset: '2', limit: '10' }));
    expect(router.state.location.pathname).toBe('/organisation/users');
  });

  it('opens from /organisation', async () => {
    myAccess('owner');
    rolesList();
    memberList();
    const { router } = await renderOrganisation('/organisation');
    expect(router.state.location.pathname).toBe('/organisation/users');
  });

  it('shortens long names at 30 characters and long emails to 15 + ... + 15, with the full text on hover', async () => {
    myAccess('owner');
    rolesList();
    memberList();
    const { user } = await renderMembers();
    const name = await screen.findByText('Alexandra Konstantinopoulou-Sm...');
    expect(screen.getByText('alexandra.konst...lou@example.com')).toBeInTheDocument();
    // Short texts are left alone.
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    await user.hover(name);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Alexandra Konstantinopoulou-Smithers');
  });

  it('waits one second after the last keystroke in the name/email filter before asking the server', async () => {
    myAccess('owner');
    rolesList();
    const calls = memberList();
    await renderMembers();
    await screen.findByText('jane@example.com');
    const search = screen.getByRole('textbox', { name: 'Name or email' });
    const before = calls.count;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(search, { target: { value: 'al' } });
    act(() => vi.advanceTimersByTime(600));
    fireEvent.change(search, { target: { value: 'alex' } });
    act(() => vi.advanceTimersByTime(999));
    expect(calls.count).toBe(before);
    expect(search).toHaveValue('alex');
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(calls.count).toBe(before + 1));
    expect(calls.queries.at(-1)).toEqual({ offset: '1', limit: '10', search: 'alex' });
  });

  it('applies a role or status choice at once and goes back to the first page', async () => {
    myAccess('owner');
    rolesList();
    const calls = memberList(ROWS, 40);
    const { user } = await renderMembers();
    await screen.findByText('jane@example.com');
    await user.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(calls.queries.at(-1)?.offset).toBe('3'));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Invited'));
    await waitFor(() =>
      expect(calls.queries.at(-1)).toEqual({ offset: '1', limit: '10', status: 'invited' }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByTitle('Auditor'));
    await waitFor(() =>
      expect(calls.queries.at(-1)).toEqual({ offset: '1', limit: '10', status: 'invited', role: 'role-7' }),
    );
  });

  it('offers only the last 89 days up to today in the date filter and sends the chosen days', async () => {
    myAccess('owner');
    rolesList();
    const calls = memberList();
    const { user } = await renderMembers();
    await screen.findByText('jane@example.com');
    expect(screen.getByText('The last 89 days up to today')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Date joined or invited' }));
    // Today in the organisation's time zone (the deployment's default region here: Sydney).
    const today = dayjs(formatDate(Date.now(), { timeZone: 'Australia/Sydney', format: 'YYYY-MM-DD' }));
    const cell = (day: dayjs.Dayjs) => document.querySelector(`td[title="${day.format('YYYY-MM-DD')}"]`);
    await waitFor(() => expect(cell(today)).not.toBeNull());
    expect(cell(today)).not.toHaveClass('ant-picker-cell-disabled');
    expect(cell(today.add(1, 'day'))).toHaveClass('ant-picker-cell-disabled');

    // Back to the month of the first allowed day: it is enabled, the day before it is not.
    const first = today.subtract(89, 'day');
    const previous = document.querySelector<HTMLButtonElement>('.ant-picker-header-prev-btn')!;
    for (let i = 0; i < today.diff(first.startOf('month'), 'month') + 1 && !cell(first); i += 1)
      await user.click(previous);
    expect(cell(first)).not.toHaveClass('ant-picker-cell-disabled');
    expect(cell(first.subtract(1, 'day'))).toHaveClass('ant-picker-cell-disabled');

    await user.click(cell(first)!);
    await user.click(cell(first.add(1, 'day'))!);
    await waitFor(() =>
      expect(calls.queries.at(-1)).toEqual({
        offset: '1',
        limit: '10',
        fromDate: first.format('YYYY-MM-DD'),
        toDate: first.add(1, 'day').format('YYYY-MM-DD'),
      }),
    );
  });

  it('says when there is nobody yet, and when nobody matches the filters', async () => {
    myAccess('owner');
    rolesList();
    memberList([]);
    const { user } = await renderMembers();
    expect(await screen.findByText('No members or invitations yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Expired'));
    expect(await screen.findByText('No members or invitations match these filters.')).toBeInTheDocument();
  });

  it('says when the list cannot load and loads it again on Try again', async () => {
    myAccess('owner');
    rolesList();
    refuse(endpoints.organizationMembers, 500, 'boom');
    const { user } = await renderMembers();
    expect(await screen.findAllByText('The members could not be loaded.')).not.toHaveLength(0);
    memberList();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('jane@example.com')).toBeInTheDocument();
  });

  it('invites by email with a role, shows the server message and reloads the list', async () => {
    myAccess('owner');
    rolesList();
    let rows = ROWS;
    const calls = memberList(() => rows);
    const invited = answer(
      endpoints.inviteMember,
      ({ body }) => {
        rows = [
          ...ROWS,
          member({ id: 'inv-9', kind: 'invitation', email: body.email, status: 'invited', role: body.role }),
        ];
        return rows.at(-1)!;
      },
      { msg: 'Invitation sent to sam@example.com' },
    );
    const { user } = await renderMembers();
    await screen.findByText('jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'sam@example.com');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    // The owner's role is given only by transfer: it is not offered.
    expect(screen.queryByTitle('Owner', { exact: true })).toBeNull();
    await user.click(await screen.findByTitle('Admin'));
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);

    expect(await screen.findByText('Invitation sent to sam@example.com')).toBeInTheDocument();
    expect(invited.bodies).toEqual([{ email: 'sam@example.com', role: 'admin' }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Invite user' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('sam@example.com')).toBeInTheDocument();
    expect(calls.count).toBeGreaterThanOrEqual(2);
  });

  it('keeps the invite dialog as typed when the server refuses, with its reason', async () => {
    myAccess('owner');
    rolesList();
    memberList();
    refuse(endpoints.inviteMember, 409, 'An invitation is already pending for this email', 'ALREADY_INVITED');
    const { user } = await renderMembers();
    await screen.findByText('jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.type(email, 'new.person@example.com');
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByText('An invitation is already pending for this email')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite user' })).toBeInTheDocument();
    expect(email).toHaveValue('new.person@example.com');
  });

  it('completes the invite dialog with the keyboard alone', async () => {
    myAccess('owner');
    rolesList();
    memberList();
    const invited = answer(
      endpoints.inviteMember,
      ({ body }) =>
        member({ id: 'inv-3', kind: 'invitation', email: body.email, status: 'invited', role: body.role }),
      { msg: 'Invitation sent to kim@example.com' },
    );
    const { user } = await renderMembers();
    await screen.findByText('jane@example.com');
    screen.getByRole('button', { name: 'Invite user' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveFocus());
    await user.keyboard('kim@example.com');
    await user.tab();
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveFocus();
    // ArrowDown opens the list; the arrow keys move through it and Enter takes the active option. antd's select
    // reads the legacy `which` code, which user-event leaves out, so these keys are sent with it.
    const press = (key: string, which: number) =>
      fireEvent.keyDown(role, { key, code: key, keyCode: which, which });
    press('ArrowDown', 40);
    await waitFor(() => expect(role).toHaveAttribute('aria-expanded', 'true'));
    const active = () => document.querySelector('.ant-select-item-option-active')?.textContent;
    for (let i = 0; i < 4 && active() !== 'Admin'; i += 1) press('ArrowUp', 38);
    expect(active()).toBe('Admin');
    press('Enter', 13);
    await waitFor(() => expect(role).toHaveAttribute('aria-expanded', 'false'));
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });
    expect(send).toHaveFocus();
    await waitFor(() => expect(send).toBeEnabled());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Invitation sent to kim@example.com')).toBeInTheDocument();
    expect(invited.bodies).toEqual([{ email: 'kim@example.com', role: 'admin' }]);
  });

  it('resends an invitation, changes a role and removes a member after confirming', async () => {
    myAccess('owner');
    rolesList();
    memberList();
    const resent = answer(endpoints.resendInvitation, PENDING, {
      msg: 'Invitation sent again to new.person@example.com',
    });
    const changed = answer(endpoints.updateMemberRole, { ...ADMIN, role: 'member' }, { msg: 'Role updated' });
    const removed = answer(endpoints.removeMember, null, { msg: 'Member removed' });
    const { user } = await renderMembers();
    await screen.findByText('jane@example.com');

    await user.click(screen.getByRole('button', { name: 'Resend the invitation to new.person@example.com' }));
    expect(await screen.findByText('Invitation sent again to new.person@example.com')).toBeInTheDocument();
    expect(resent.bodies).toEqual([{ invitationId: 'inv-1' }]);

    await user.click(
      screen.getByRole('button', { name: 'Change role of Alexandra Konstantinopoulou-Smithers' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New role' }));
    await user.click(await screen.findByTitle('Member'));
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(changed.bodies).toEqual([{ id: 'u-2', role: 'member' }]);

    await user.click(screen.getByRole('button', { name: 'Remove Alexandra Konstantinopoulou-Smithers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(confirm).toHaveTextContent('Remove Alexandra Konstantinopoulou-Smithers from Acme Pty Ltd?');
    expect(removed.count).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member removed')).toBeInTheDocument();
    expect(removed.params).toEqual([{ id: 'u-2' }]);
  });

  it("offers no action on the owner's row or the user's own row, and no role change on an expired invitation", async () => {
    myAccess('owner');
    rolesList();
    memberList();
    await renderMembers();
    await screen.findByText('jane@example.com');
    expect(within(row('jane@example.com')).queryAllByRole('button')).toHaveLength(0);
    expect(
      within(row('late@example.com'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Resend', 'Revoke']);
  });

  it('hides invite and row actions from a member without members.manage, and offers to leave', async () => {
    myAccess('member');
    rolesList();
    memberList();
    const left = answer(endpoints.leaveOrganization, null, { msg: 'You have left Acme Pty Ltd' });
    const { user, router } = await renderMembers('member');
    await screen.findByText('jane@example.com');
    const leave = await screen.findByRole('button', { name: 'Leave organisation' });
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transfer ownership' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Change role of/ })).not.toBeInTheDocument();

    await user.click(leave);
    const confirm = await screen.findByRole('dialog', { name: 'Leave organisation' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave organisation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orgs'));
    expect(left.bodies).toEqual([{ orgId: ORG_ID }]);
  });

  it('follows a role the server changed since the organisation was entered: the menu loses what the role may not open', async () => {
    // The session still says admin; the server says member now.
    myAccess('member');
    rolesList();
    memberList();
    const { session } = await renderMembers('admin');
    await waitFor(() => expect(session.role).toBe('member'));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Access control' })).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId('account-role')).toHaveTextContent('Member');
  });

  it("transfers ownership to an active member after the organisation's name and the password", async () => {
    myAccess('owner');
    rolesList();
    memberList((query) => (query.status === 'active' ? [OWNER, ADMIN] : ROWS));
    const transferred = answer(
      endpoints.transferOwnership,
      { ownerId: 'u-2', previousOwnerRole: 'admin' },
      {
        msg: 'Ownership transferred successfully',
      },
    );
    const { user } = await renderMembers();
    await screen.findByText('jane@example.com');
    myAccess('admin');
    await user.click(screen.getByRole('button', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New owner' }));
    // The owner cannot choose themself.
    await user.click(
      await screen.findByTitle(
        'Alexandra Konstantinopoulou-Smithers (alexandra.konstantinopoulou@example.com)',
      ),
    );
    expect(screen.queryByTitle(/jane@example.com/)).toBeNull();
    const name = within(dialog).getByRole('textbox', { name: 'Type Acme Pty Ltd to confirm' });
    await user.type(name, 'Acme');
    await user.type(within(dialog).getByLabelText('Your password'), 'Secret!123');
    await user.tab();
    expect(await within(dialog).findByText('The organisation name does not match')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Transfer ownership' });
    expect(submit).toBeDisabled();
    await user.type(name, ' Pty Ltd');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Ownership transferred successfully')).toBeInTheDocument();
    expect(transferred.bodies).toEqual([
      { userId: 'u-2', organizationName: 'Acme Pty Ltd', password: 'Secret!123' },
    ]);
    // Now an admin: no more transfer, and the session says so.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Transfer ownership' })).not.toBeInTheDocument(),
    );
  });

  it('speaks French', async () => {
    myAccess('owner');
    rolesList();
    memberList();
    await renderMembers('owner', { language: 'fr' });
    await expectAreaPage('Organisation', 'Utilisateurs');
    expect(await screen.findByText('Membres et invitations (4)')).toBeInTheDocument();
    expect(within(row('jane@example.com')).getByText('Propriétaire')).toBeInTheDocument();
    expect(within(row('late@example.com')).getByText('Expiré')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inviter un utilisateur' })).toBeInTheDocument();
    expect(
      screen.getByText('Les 89 derniers jours jusqu’à aujourd’hui'.replace(/’/g, "'")),
    ).toBeInTheDocument();
  });
});
