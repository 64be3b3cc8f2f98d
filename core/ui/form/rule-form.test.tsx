import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../../tests/setup/test-i18n';
import { parseConfig } from '../../config/parse-config';
import { PortalConfig } from '../../config/portal-config';
import { createPortalContainer } from '../../di/container';
import { ServiceProvider } from '../../di/use-service';
import { ApiError } from '../../http/http-client';
import { EmailInput } from '../controls/email-input';
import { SubmitButton } from '../controls/submit-button';
import { fieldRules } from '../validation';
import { clearFields, showServerError } from './form-actions';
import { FormField } from './form-field';
import { NewPasswordFields } from './new-password-fields';
import { RuleForm, useRuleForm } from './rule-form';

interface Values {
  email: string;
  password: string;
  confirmPassword: string;
}

const EMPTY: Values = { email: '', password: '', confirmPassword: '' };

function SignUpLike({
  onSubmit,
  failWith,
  keepSecrets = false,
}: {
  onSubmit: (values: Values) => void;
  failWith?: unknown;
  keepSecrets?: boolean;
}) {
  const [withEmail, setWithEmail] = useState(true);
  const [busy, setBusy] = useState(false);
  const form = useRuleForm<Values>({ defaultValues: EMPTY });
  const submit = async (values: Values) => {
    onSubmit(values);
    if (!failWith) return;
    setBusy(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (!keepSecrets) clearFields(form, ['password', 'confirmPassword']);
    showServerError(form, failWith);
    setBusy(false);
  };
  return (
    <RuleForm form={form} onSubmit={submit} disabled={busy}>
      {withEmail && (
        <FormField name="email" label="Email" rule={fieldRules.email()} extra="We never share it">
          <EmailInput />
        </FormField>
      )}
      <NewPasswordFields />
      <button type="button" onClick={() => setWithEmail(false)}>
        No email
      </button>
      <SubmitButton loading={busy}>Save</SubmitButton>
    </RuleForm>
  );
}

function setup(options: { failWith?: unknown; language?: string; keepSecrets?: boolean } = {}) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  const i18n = createTestI18n(options.language);
  // The password fields follow the deployment's password policy, read from the portal's configuration.
  const container = createPortalContainer();
  container.constant(PortalConfig, parseConfig({ apiBaseUrl: '/' }));
  const view = render(
    <ServiceProvider container={container}>
      <I18nextProvider i18n={i18n}>
        <SignUpLike onSubmit={onSubmit} failWith={options.failWith} keepSecrets={options.keepSecrets} />
      </I18nextProvider>
    </ServiceProvider>,
  );
  return { onSubmit, user, i18n, view };
}

const save = () => screen.getByRole('button', { name: 'Save' });

describe('RuleForm and FormField (react-hook-form with the rule set)', () => {
  it('shows a rule message under the field after an edit, tied to it by aria-describedby and aria-invalid', async () => {
    const { user } = setup();
    const email = screen.getByLabelText('Email');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-required', 'true');
    await user.type(email, 'ada@');
    const message = await screen.findByText('Invalid email format');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    // The help text stays described too.
    expect(email).toHaveAccessibleDescription('Invalid email format We never share it');
    await user.type(email, 'example.com');
    await waitFor(() => expect(screen.queryByText('Invalid email format')).not.toBeInTheDocument());
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('re-checks the confirmation when the password changes, but not before the confirmation was edited', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#12');
    expect(screen.queryByText('Password and Confirm Password should match')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '3');
    expect(await screen.findByText('Password and Confirm Password should match')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), '3');
    await waitFor(() =>
      expect(screen.queryByText('Password and Confirm Password should match')).not.toBeInTheDocument(),
    );
  });

  it('keeps the button disabled until every rule passes, then submits the values', async () => {
    const { user, onSubmit } = setup();
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#12');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        email: 'ada@example.com',
        password: 'Secret#12',
        confirmPassword: 'Secret#12',
      }),
    );
  });

  it('on a submit with invalid fields shows every message and focuses the first invalid field', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    fireEvent.submit(save().closest('form')!);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('forgets the rules of a field that is no longer shown', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'No email' }));
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#12');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  });

  it("after a refused request keeps what is not secret, empties the secrets and shows the server's field message", async () => {
    const refusal = new ApiError('This password is too common', 400, 'PASSWORD_TOO_COMMON', [
      { field: 'password', msg: 'This password is too common' },
      { field: 'captcha', msg: 'not a field of this form' },
    ]);
    const { user } = setup({ failWith: refusal });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#12');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    // Disabled while the request runs.
    expect(save()).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(await screen.findByText('This password is too common')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.queryByText('not a field of this form')).not.toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('shows a refusal that names no field of the form above the fields, and clears it on the next submit', async () => {
    const refusal = new ApiError('Invalid email or password', 400, 'INVALID_CREDENTIALS');
    const { user } = setup({ failWith: refusal });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#12');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    // Before the fields, so it is read first and seen on a narrow screen without scrolling.
    expect(
      screen.getByRole('alert').compareDocumentPosition(screen.getByLabelText('Email')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#12');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the submit button usable after a refusal of the whole form, so the same values can be sent again', async () => {
    const { user, onSubmit } = setup({ failWith: new ApiError('Please try again', 503), keepSecrets: true });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#12');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });

  it('shows nothing for a request the portal cancelled', async () => {
    const { user, onSubmit } = setup({ failWith: new ApiError('aborted', null, undefined, [], true) });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret#12');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    await waitFor(() => expect(save()).toBeDisabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('translates rule messages when shown, so they follow a change of language', async () => {
    const { user, i18n } = setup();
    await user.type(screen.getByLabelText('Email'), 'ada@');
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(await screen.findByText("Format d'adresse e-mail invalide")).toBeInTheDocument();
  });
});
