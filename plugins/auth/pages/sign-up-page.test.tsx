import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RECAPTCHA_CONFIG, loadRecaptcha, removeRecaptcha } from '../testing/recaptcha';
import { endpoint, renderAuth } from '../testing/render-auth';
import { endpoints } from '@contract/v1/endpoints';
import { expectInFormOnly, watchToasts } from '../../../tests/form-message';

const submit = () => screen.getByRole('button', { name: /^Sign up$|Signing up…/ });

/** Fast fill for the fields a test does not examine; `user.type` is used where typing itself matters. */
function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillForm({ withEmail = true } = {}) {
  await screen.findByLabelText('First name');
  fill('First name', 'Ada');
  fill('Last name', 'Lovelace');
  if (withEmail) fill('Email', 'ada@example.com');
  fill('Password', 'Secret#12');
  fill('Confirm password', 'Secret#12');
  await waitFor(() => expect(submit()).toBeEnabled());
}

const FRENCH_INVALID_EMAIL = "Format d'adresse e-mail invalide";

describe('sign-up page', { timeout: 60_000 }, () => {
  it('shows every field labelled and the legal links from config', async () => {
    await renderAuth('/sign-up', {
      config: {
        legalLinks: {
          terms: 'https://legal.example/terms',
          privacy: 'https://legal.example/privacy',
          collectionNotice: 'https://legal.example/notice',
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Email', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
      'href',
      'https://legal.example/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      'https://legal.example/privacy',
    );
    expect(screen.getByRole('link', { name: 'Privacy Collection Notice' })).toHaveAttribute(
      'href',
      'https://legal.example/notice',
    );
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(submit()).toBeDisabled();
  });

  it('shows the spec validation messages and enables Sign up only for a valid form', async () => {
    const { user } = await renderAuth('/sign-up');
    await user.type(await screen.findByLabelText('First name'), 'J0hn');
    expect(await screen.findByText('Enter your first name in format: John Smith')).toBeInTheDocument();
    fill('First name', '');
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    fill('Last name', 'Sm1th');
    expect(await screen.findByText('Enter your last name in format: Smith')).toBeInTheDocument();
    fill('Last name', '');
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    fill('Email', 'ada@');
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    fill('Password', 'Ab#1');
    expect(await screen.findByText('Password must be 7 characters at minimum!')).toBeInTheDocument();
    fill('Password', 'abcdefgh');
    expect(
      await screen.findByText(
        'Password must contain uppercase, lowercase, number, special character and ranging from 7-30 characters',
      ),
    ).toBeInTheDocument();
    fill('Password', 'Secret#12');
    fill('Confirm password', 'Different#1');
    expect(await screen.findByText('Password and Confirm Password should match')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    fill('First name', 'Ada');
    fill('Last name', "O'Brien-Smith");
    fill('Email', 'ada@example.com');
    fill('Confirm password', 'Secret#12');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.getByLabelText('Confirm password')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Password and Confirm Password should match')).not.toBeInTheDocument();
  });

  it('not yet verified: sends the registration with the portal key and goes to email-confirmation with the address', async () => {
    const register = endpoint(endpoints.register, {
      data: { isVerified: false },
      msg: 'Registration successful. Please check your email to verify your account',
    });
    const { user } = await renderAuth('/sign-up');
    await fillForm();
    await user.click(submit());

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('We have sent a verification link to ada@example.com.')).toBeInTheDocument();
    expect(
      await screen.findByText('Registration successful. Please check your email to verify your account'),
    ).toBeInTheDocument();
    expect(register.bodies).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'Secret#12',
        portal: 'kreanoAccount',
      },
    ]);
  });

  it('sends the captcha token when a provider is configured', async () => {
    const register = endpoint(endpoints.register, { data: { isVerified: false }, msg: '' });
    try {
      const { user } = await renderAuth('/sign-up', { config: RECAPTCHA_CONFIG });
      await loadRecaptcha('sign-up-token');
      await fillForm();
      await user.click(submit());
      await waitFor(() =>
        expect(register.bodies).toMatchObject([{ email: 'ada@example.com', captcha: 'sign-up-token' }]),
      );
    } finally {
      removeRecaptcha();
    }
  });

  it('invited: pre-fills a read-only email, sends the invitation and, when verified, goes to login', async () => {
    const register = endpoint(endpoints.register, {
      data: { isVerified: true },
      msg: 'Registration successful. You can now log in',
    });
    const { user, router } = await renderAuth(
      '/sign-up?emailId=new%40example.com&orgId=org-9&invitationId=inv-3',
    );
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('new@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('This is the address your invitation was sent to.')).toBeInTheDocument();
    await user.type(email, 'other');
    expect(email).toHaveValue('new@example.com');

    await fillForm({ withEmail: false });
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Registration successful. You can now log in')).toBeInTheDocument();
    expect(register.bodies).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'new@example.com',
        password: 'Secret#12',
        portal: 'kreanoAccount',
        orgId: 'org-9',
        invitationId: 'inv-3',
      },
    ]);
  });

  it.each([
    [400, 'An account with this email already exists', 'An account with this email already exists'],
    [500, 'db down', 'Please try again'],
  ])(
    'after a %i shows the catalogue message, keeps names and email, clears the passwords',
    async (status, serverMsg, shown) => {
      const toasts = watchToasts();
      const register = endpoint(endpoints.register, { status, msg: serverMsg });
      const { user, router } = await renderAuth('/sign-up');
      await fillForm();
      await user.click(submit());

      // In the form, under the heading, and not as a toast over the page (#39 item 3).
      await expectInFormOnly(shown, toasts);
      expect(screen.getByLabelText('First name')).toHaveValue('Ada');
      expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
      await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
      expect(screen.getByLabelText('Confirm password')).toHaveValue('');
      expect(submit()).toBeDisabled();
      expect(router.state.location.pathname).toBe('/sign-up');
      expect(register.bodies).toHaveLength(1);
    },
  );

  it('sends one registration however often Sign up is pressed', async () => {
    const register = endpoint(endpoints.register, { status: 400, msg: 'Nope', delayMs: 300 });
    const { user } = await renderAuth('/sign-up');
    await fillForm();
    await user.click(submit());
    await user.click(submit());
    expect(await screen.findByText('Nope')).toBeInTheDocument();
    expect(register.bodies).toHaveLength(1);
  });

  it('is translated: French title, labels, button and validation messages', async () => {
    const { user } = await renderAuth('/sign-up', { language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Créez votre compte' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail'), 'ada@');
    expect(await screen.findByText(FRENCH_INVALID_EMAIL)).toBeInTheDocument();
  });
});
