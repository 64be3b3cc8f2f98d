import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createTestI18n } from '../../../tests/setup/test-i18n';
import { EmailInput } from '../controls/email-input';
import { SubmitButton } from '../controls/submit-button';
import { rules } from '../validation';
import { NewPasswordFields } from './new-password-fields';
import { PortalForm } from './portal-form';

function SignUpLike({ onFinish }: { onFinish: (values: unknown) => void }) {
  const { t } = useTranslation('core');
  const [withEmail, setWithEmail] = useState(true);
  return (
    <PortalForm onFinish={onFinish}>
      {withEmail && (
        <PortalForm.Item name="email" label="Email" rules={rules.email(t)}>
          <EmailInput />
        </PortalForm.Item>
      )}
      <NewPasswordFields />
      <button type="button" onClick={() => setWithEmail(false)}>
        No email
      </button>
      <SubmitButton>Save</SubmitButton>
    </PortalForm>
  );
}

function setup() {
  const onFinish = vi.fn();
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <SignUpLike onFinish={onFinish} />
    </I18nextProvider>,
  );
  return { onFinish, user };
}

describe('PortalForm', () => {
  it('shows a rule message after an edit, marks the field invalid, and re-checks the confirmation when the password changes', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Email'), 'ada@');
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret#12');
    expect(screen.queryByText('Password and Confirm Password should match')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '3');
    expect(await screen.findByText('Password and Confirm Password should match')).toBeInTheDocument();
  });

  it('submits the values once every rule passes', async () => {
    const { user, onFinish } = setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret#12');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'Secret#12', confirmPassword: 'Secret#12' }));
  });

  it('forgets the rules of a field that is no longer shown', async () => {
    const { user, onFinish } = setup();
    await user.click(screen.getByRole('button', { name: 'No email' }));
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret#12');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledOnce());
  });
});
