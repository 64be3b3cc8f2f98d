import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createTestI18n } from '../../../tests/setup/test-i18n';
import { fieldRules, rules } from '../validation';
import { EmailInput } from './email-input';
import { OtpInput } from './otp-input';
import { PasswordInput } from './password-input';
import { PhoneInput, sanitizePhone } from './phone-input';
import { FormField, RuleForm, useRuleForm } from '../form';
import { AntdSubmitButton } from './antd-submit-button';
import { PlainButton } from './plain-button';
import { SubmitButton } from './submit-button';

function renderWithI18n(ui: ReactNode, language = 'en') {
  const user = userEvent.setup();
  render(<I18nextProvider i18n={createTestI18n(language)}>{ui}</I18nextProvider>);
  return user;
}

function Phone({ forcePlus }: { forcePlus?: boolean }) {
  const [value, setValue] = useState<string>();
  return (
    <>
      <PhoneInput aria-label="Mobile" forcePlus={forcePlus} value={value} onChange={setValue} />
      <output aria-label="value">{value ?? 'untouched'}</output>
    </>
  );
}

function Otp() {
  const [value, setValue] = useState('');
  return (
    <>
      <Button>Before</Button>
      <OtpInput value={value} onChange={setValue} />
    </>
  );
}

// Validation settles over several async renders; a loaded 2-core machine needs more than the 1 s default.
const SLOW = { timeout: 5000 };

// The first antd render in jsdom generates all component styles; on the shared 2-core machine that takes seconds.
describe('shared controls', { timeout: 20_000 }, () => {
  describe('PhoneInput', () => {
    it.each([
      ['+61 (412) 345-678', false, '+61412345678'],
      ['0412 345 678', false, '0412345678'],
      ['12+34', false, '1234'],
      ['++61', false, '+61'],
      ['0412 345', true, '+0412345'],
      ['++61+4', true, '+614'],
      ['', true, '+'],
      ['', false, ''],
    ])('keeps %j as %j (forcePlus %s)', (raw, forcePlus, expected) => {
      expect(sanitizePhone(raw, forcePlus as boolean)).toBe(expected);
    });

    it('with forcePlus always keeps a single leading plus', async () => {
      const user = renderWithI18n(<Phone forcePlus />);
      const input = screen.getByRole('textbox', { name: 'Mobile' });
      expect(input).toHaveValue('+');
      await user.type(input, '61a4+1');
      expect(input).toHaveValue('+6141');
      await user.clear(input);
      expect(input).toHaveValue('+');
      expect(screen.getByLabelText('value')).toHaveTextContent('+');
      await user.paste('+61 412 345');
      expect(input).toHaveValue('+61412345');
    });

    it('without forcePlus accepts an optional leading plus and digits only', async () => {
      const user = renderWithI18n(<Phone />);
      const input = screen.getByRole('textbox', { name: 'Mobile' });
      expect(input).toHaveValue('');
      await user.type(input, '04x12');
      expect(input).toHaveValue('0412');
      await user.clear(input);
      await user.type(input, '+6-1');
      expect(input).toHaveValue('+61');
      expect(input).toHaveAttribute('type', 'tel');
    });
  });

  describe('PasswordInput', () => {
    it('shows and hides the password with a labelled, keyboard-reachable toggle', async () => {
      const user = renderWithI18n(
        <Form>
          <Form.Item name="password" label="Password">
            <PasswordInput />
          </Form.Item>
        </Form>,
      );
      const input = screen.getByLabelText('Password');
      await user.type(input, 'Secret1!');
      expect(input).toHaveAttribute('type', 'password');
      const toggle = screen.getByRole('button', { name: 'Show password' });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');

      await user.click(toggle);
      expect(input).toHaveAttribute('type', 'text');
      expect(input).toHaveValue('Secret1!');
      expect(toggle).toHaveAttribute('aria-pressed', 'true');

      input.focus();
      await user.tab();
      expect(toggle).toHaveFocus();
      await user.keyboard(' ');
      expect(input).toHaveAttribute('type', 'password');
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
    });

    it('names the toggle in French and disables it with the field', () => {
      renderWithI18n(<PasswordInput disabled />, 'fr');
      expect(screen.getByLabelText('Mot de passe')).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Afficher le mot de passe' })).toBeDisabled();
    });
  });

  describe('OtpInput', () => {
    it('is one labelled field reachable by keyboard that keeps at most 6 digits', async () => {
      const user = renderWithI18n(<Otp />);
      await user.tab();
      await user.tab();
      const input = screen.getByRole('textbox', { name: 'Verification code' });
      expect(input).toHaveFocus();
      expect(input).toHaveAttribute('inputmode', 'numeric');
      expect(input).toHaveAttribute('autocomplete', 'one-time-code');
      await user.keyboard('12a3b4567');
      expect(input).toHaveValue('123456');
    });

    it('accepts a pasted code with spaces', async () => {
      const user = renderWithI18n(<Otp />);
      await user.click(screen.getByRole('textbox', { name: 'Verification code' }));
      await user.paste('Your code: 654 321');
      expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveValue('654321');
    });
  });

  describe('PlainButton', () => {
    it('is a non-submitting button that runs its action, and is disabled and busy while loading', async () => {
      const onClick = vi.fn();
      const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
      const user = userEvent.setup();
      const { rerender } = render(
        <form onSubmit={onSubmit}>
          <PlainButton variant="link" onClick={onClick} loadingText="Sending…">
            Resend code
          </PlainButton>
        </form>,
      );
      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      expect(onClick).toHaveBeenCalledOnce();
      expect(onSubmit).not.toHaveBeenCalled();
      rerender(
        <form onSubmit={onSubmit}>
          <PlainButton variant="link" onClick={onClick} loading loadingText="Sending…">
            Resend code
          </PlainButton>
        </form>,
      );
      const busy = screen.getByRole('button', { name: 'Sending…' });
      expect(busy).toBeDisabled();
      expect(busy).toHaveAttribute('aria-busy', 'true');
    });
  });

  describe('EmailInput', () => {
    it('is named by its form label, and has a name of its own when used alone', () => {
      renderWithI18n(
        <>
          <Form>
            <Form.Item name="recovery" label="Recovery email">
              <EmailInput />
            </Form.Item>
          </Form>
          <EmailInput />
        </>,
      );
      expect(screen.getByRole('textbox', { name: 'Recovery email' })).toHaveAttribute(
        'autocomplete',
        'email',
      );
      expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    });
  });

  // The same behaviour in the auth screens' react-hook-form RuleForm and in an antd Form (app screens).
  interface ResendFormProps {
    loading: boolean;
    onSubmit?: (values: { email: string }) => void;
  }
  const variants = {
    'SubmitButton in a RuleForm': function ResendForm({ loading, onSubmit = () => {} }: ResendFormProps) {
      const form = useRuleForm<{ email: string }>({ defaultValues: { email: '' } });
      return (
        <RuleForm form={form} onSubmit={onSubmit}>
          <FormField name="email" label="Email" rule={fieldRules.email()}>
            <EmailInput />
          </FormField>
          <SubmitButton loading={loading} loadingText="Sending…">
            Send
          </SubmitButton>
        </RuleForm>
      );
    },
    'AntdSubmitButton in an antd Form': function ResendForm({ loading, onSubmit }: ResendFormProps) {
      const { t } = useTranslation('core');
      return (
        <Form onFinish={onSubmit}>
          <Form.Item name="email" label="Email" rules={rules.email(t)}>
            <EmailInput />
          </Form.Item>
          <AntdSubmitButton loading={loading} loadingText="Sending…">
            Send
          </AntdSubmitButton>
        </Form>
      );
    },
  };

  /** Renders the form with a recording submit handler, which it returns. */
  function renderSending(ResendForm: (props: ResendFormProps) => ReactNode, props: { loading: boolean }) {
    const onSubmit = vi.fn();
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <ResendForm loading={props.loading} onSubmit={onSubmit} />
      </I18nextProvider>,
    );
    return onSubmit;
  }

  describe.each(Object.entries(variants))('%s', (_name, ResendForm) => {
    it('is disabled until the form is valid, and while submitting with its loading text', async () => {
      const i18n = createTestI18n();
      const user = userEvent.setup();
      const { rerender } = render(
        <I18nextProvider i18n={i18n}>
          <ResendForm loading={false} />
        </I18nextProvider>,
      );
      const button = screen.getByRole('button', { name: 'Send' });
      expect(button).toBeDisabled();

      await user.click(screen.getByLabelText('Email'));
      await user.paste('jane@example');
      await waitFor(() => expect(screen.getByText('Invalid email')).toBeInTheDocument(), SLOW);
      expect(button).toBeDisabled();

      await user.paste('.com');
      await waitFor(() => expect(button).toBeEnabled(), SLOW);

      rerender(
        <I18nextProvider i18n={i18n}>
          <ResendForm loading />
        </I18nextProvider>,
      );
      const busy = screen.getByRole('button', { name: /Sending…/ });
      expect(busy).toBeDisabled();
      expect(busy).toHaveAttribute('aria-busy', 'true');
    });

    it('sends on an Enter pressed before the button has caught up with a valid value, once', async () => {
      const onSubmit = renderSending(ResendForm, { loading: false });
      const email = screen.getByLabelText('Email');
      // An autofill followed at once by Enter: the rules' check has not answered yet.
      fireEvent.change(email, { target: { value: 'jane@example.com' } });
      expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
      fireEvent.keyDown(email, { key: 'Enter', code: 'Enter' });
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), SLOW);
      expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'jane@example.com' });

      // Once the button is enabled, Enter is the browser's implicit submission through it: still one send each.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled(), SLOW);
      await userEvent.setup().type(email, '{Enter}');
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2), SLOW);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(onSubmit).toHaveBeenCalledTimes(2);
    });

    it('sends nothing on Enter with an invalid value, and says what is wrong', async () => {
      const onSubmit = renderSending(ResendForm, { loading: false });
      const email = screen.getByLabelText('Email');
      fireEvent.change(email, { target: { value: 'jane@example' } });
      fireEvent.keyDown(email, { key: 'Enter', code: 'Enter' });
      expect(await screen.findByText('Invalid email', {}, SLOW)).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it('sends nothing on Enter while busy', async () => {
      const onSubmit = renderSending(ResendForm, { loading: true });
      const email = screen.getByLabelText('Email');
      fireEvent.change(email, { target: { value: 'jane@example.com' } });
      fireEvent.keyDown(email, { key: 'Enter', code: 'Enter' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });
});
