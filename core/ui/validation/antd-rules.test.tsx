import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createTestI18n } from '../../../tests/setup/test-i18n';
import { rules } from './antd-rules';

function ChangePasswordForm({ namespace = 'core' }: { namespace?: string }) {
  // A plugin passes its own `t`; the messages must still come from `core`.
  const { t } = useTranslation(namespace);
  return (
    <Form layout="vertical" onFinish={() => {}}>
      <Form.Item name="currentPassword" label="Current" rules={rules.currentPassword(t)}>
        <Input type="password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="New"
        dependencies={['currentPassword']}
        rules={rules.newPassword(t, 'currentPassword')}
      >
        <Input type="password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="Confirm"
        dependencies={['newPassword']}
        rules={rules.newPasswordConfirm(t, 'newPassword')}
      >
        <Input type="password" />
      </Form.Item>
      <Form.Item name="email" label="Recovery" rules={rules.email(t, { required: false })}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">Go</Button>
    </Form>
  );
}

function renderForm(language = 'en', namespace?: string) {
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <ChangePasswordForm namespace={namespace} />
    </I18nextProvider>,
  );
  // One change event per value: antd re-renders the whole form on every keystroke, which is slow in jsdom.
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { user, fill };
}

// Validation settles over several async renders; a loaded 2-core machine needs more than the 1 s default.
const SLOW = { timeout: 5000 };

// The first antd render in jsdom generates all component styles; on the shared 2-core machine that alone takes seconds.
describe('antd rule builders', { timeout: 20_000 }, () => {
  it('shows one required message per empty field on submit, and none for an optional email', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Current Password is required', {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByText('Password is required')).toHaveLength(2);
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('marks required fields but not optional ones', () => {
    renderForm();
    expect(screen.getByLabelText('Current')).toBeRequired();
    expect(screen.getByLabelText('Recovery')).not.toBeRequired();
  });

  it('compares with the other field and re-checks when it changes', async () => {
    const { fill } = renderForm();
    fill('Current', 'Old1pass');
    fill('New', 'Old1pass');
    expect(
      await screen.findByText(
        'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    fill('New', 'Old1pass!');
    fill('Confirm', 'Old1pass?');
    expect(
      await screen.findByText('New Password and Confirm Password should match', {}, SLOW),
    ).toBeInTheDocument();
    fill('Current', 'Old1pass!');
    expect(
      await screen.findByText('Sorry you have entered current password as a new password', {}, SLOW),
    ).toBeInTheDocument();
    fill('New', 'Old1pass!?');
    fill('Confirm', 'Old1pass!?');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), SLOW);
  });

  it('translates with the user language even when given a plugin namespace t', async () => {
    const { fill } = renderForm('fr', 'billing');
    fill('Recovery', 'jean@localhost');
    expect(await screen.findByText('Adresse e-mail invalide', {}, SLOW)).toBeInTheDocument();
  });
});
