import { Alert, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { withAntdTheme } from '../theme/antd-theme-provider';
import { EmailInput, OtpInput, PasswordInput, PhoneInput, SubmitButton, TextInput } from './controls';
import { FormField, RuleForm, useRuleForm } from './form';
import { formatDate, formatDateTime, titleCase, truncateEnd, truncateMiddle } from './format';
import { fieldRules, type FieldRule } from './validation';
import './style-guide-page.css';

type State = 'empty' | 'filled' | 'error' | 'disabled';
const STATES: State[] = ['empty', 'filled', 'error', 'disabled'];

interface Sample {
  filled: string;
  invalid: string;
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card
      className="portal-style-guide__section"
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {title}
        </Typography.Title>
      }
    >
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      {children}
    </Card>
  );
}

/**
 * One control in each state, all under the field's real rules. The error state is the invalid sample
 * validated on arrival, so it shows the rule's own message and the field's aria-invalid/aria-describedby.
 */
function ControlStates({
  id,
  label,
  sample,
  rule,
  render,
  extra,
}: {
  id: string;
  label: string;
  sample: Sample;
  rule: FieldRule;
  render: (disabled: boolean) => ReactElement;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('core');
  const form = useRuleForm<Record<State, string>>({
    defaultValues: { empty: '', filled: sample.filled, error: sample.invalid, disabled: sample.filled },
  });
  useEffect(() => {
    void form.trigger('error');
  }, [form]);
  return (
    <RuleForm form={form} onSubmit={() => {}} name={id}>
      <Row gutter={[24, 8]}>
        {STATES.map((state) => (
          <Col key={state} xs={24} md={12} xl={6}>
            <FormField
              name={state}
              label={t('styleGuide.stateLabel', { control: label, state: t(`styleGuide.states.${state}`) })}
              rule={rule}
            >
              {render(state === 'disabled')}
            </FormField>
          </Col>
        ))}
        {extra}
      </Row>
    </RuleForm>
  );
}

function SubmitState({ state, email, loading }: { state: string; email: string; loading: boolean }) {
  const { t } = useTranslation('core');
  const form = useRuleForm<{ email: string }>({ defaultValues: { email } });
  return (
    <RuleForm form={form} onSubmit={() => {}} name={`submit-${state}`}>
      <FormField
        name="email"
        label={t('styleGuide.stateLabel', {
          control: t('controls.email.label'),
          state: t(`styleGuide.states.${state}`),
        })}
        rule={fieldRules.email()}
      >
        <EmailInput />
      </FormField>
      <SubmitButton loading={loading} loadingText={t('styleGuide.submit.loading')}>
        {t('styleGuide.submit.label')}
      </SubmitButton>
    </RuleForm>
  );
}

function SubmitStates() {
  const examples = [
    { state: 'invalid', email: '', loading: false },
    { state: 'valid', email: 'jane@example.com', loading: false },
    { state: 'loading', email: 'jane@example.com', loading: true },
  ] as const;
  return (
    <Row gutter={[24, 8]}>
      {examples.map((example) => (
        <Col key={example.state} xs={24} md={8}>
          <SubmitState {...example} />
        </Col>
      ))}
    </Row>
  );
}

const DEMO_VALUES = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  code: '',
};

function ValidationDemo() {
  const { t } = useTranslation('core');
  const [valid, setValid] = useState(false);
  const form = useRuleForm<typeof DEMO_VALUES>({ defaultValues: DEMO_VALUES });
  // Any edit after a successful check hides the 'valid' notice again.
  useEffect(() => {
    const subscription = form.watch(() => setValid(false));
    return () => subscription.unsubscribe();
  }, [form]);
  return (
    <RuleForm form={form} name="demo" onSubmit={() => setValid(true)}>
      <Row gutter={[24, 0]}>
        <Col xs={24} md={12}>
          <FormField name="firstName" label={t('controls.firstName.label')} rule={fieldRules.firstName()}>
            <TextInput autoComplete="given-name" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="lastName" label={t('controls.lastName.label')} rule={fieldRules.lastName()}>
            <TextInput autoComplete="family-name" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="email" label={t('controls.email.label')} rule={fieldRules.email()}>
            <EmailInput placeholder={t('controls.email.placeholder')} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="phone" label={t('controls.phone.label')} rule={fieldRules.phone()}>
            <PhoneInput placeholder={t('controls.phone.placeholder')} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="password" label={t('controls.password.label')} rule={fieldRules.password()}>
            <PasswordInput autoComplete="new-password" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField
            name="confirmPassword"
            label={t('controls.confirmPassword.label')}
            rule={fieldRules.confirmPassword('password')}
          >
            <PasswordInput autoComplete="new-password" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField
            name="code"
            label={t('controls.otp.label')}
            extra={t('controls.otp.hint')}
            rule={fieldRules.otp()}
          >
            <OtpInput />
          </FormField>
        </Col>
      </Row>
      <Space direction="vertical">
        <SubmitButton>{t('styleGuide.demo.submit')}</SubmitButton>
        {valid && <Alert type="success" showIcon role="status" message={t('styleGuide.demo.valid')} />}
      </Space>
    </RuleForm>
  );
}

function FormattingSamples() {
  const { t } = useTranslation('core');
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label={t('styleGuide.format.dateTime')}>
        {formatDateTime('2026-01-01T00:00:00Z')}
      </Descriptions.Item>
      <Descriptions.Item label={t('styleGuide.format.date')}>{formatDate('2026-03-31')}</Descriptions.Item>
      <Descriptions.Item label={t('styleGuide.format.truncateEnd')}>
        {truncateEnd(t('styleGuide.samples.longText'), 30)}
      </Descriptions.Item>
      <Descriptions.Item label={t('styleGuide.format.truncateMiddle')}>
        {truncateMiddle(t('styleGuide.samples.fileName'))}
      </Descriptions.Item>
      <Descriptions.Item label={t('styleGuide.format.titleCase')}>{titleCase('owner')}</Descriptions.Item>
    </Descriptions>
  );
}

/** The /style route: every shared control in every state, for designers, reviewers and visual checks. */
function StyleGuidePage() {
  const { t } = useTranslation('core');
  return (
    <main className="portal-style-guide">
      <Typography.Title level={1}>{t('styleGuide.title')}</Typography.Title>
      <Typography.Paragraph>{t('styleGuide.intro')}</Typography.Paragraph>
      <Alert type="info" showIcon message={t('styleGuide.focusHint')} />

      <Section title={t('styleGuide.sections.email')}>
        <ControlStates
          id="email"
          label={t('controls.email.label')}
          sample={{ filled: 'jane@example.com', invalid: 'jane@example' }}
          rule={fieldRules.email()}
          render={(disabled) => <EmailInput disabled={disabled} />}
        />
      </Section>

      <Section title={t('styleGuide.sections.password')} hint={t('styleGuide.hints.password')}>
        <ControlStates
          id="password"
          label={t('controls.password.label')}
          sample={{ filled: 'Secret1!', invalid: 'secret' }}
          rule={fieldRules.password()}
          render={(disabled) => <PasswordInput disabled={disabled} autoComplete="new-password" />}
        />
      </Section>

      <Section title={t('styleGuide.sections.phone')} hint={t('styleGuide.hints.phone')}>
        <ControlStates
          id="phone"
          label={t('controls.phone.label')}
          sample={{ filled: '+61412345678', invalid: '12345' }}
          rule={fieldRules.phone()}
          render={(disabled) => <PhoneInput disabled={disabled} />}
          extra={
            <Col xs={24} md={12} xl={6}>
              <FormField
                name="forcePlus"
                label={t('styleGuide.stateLabel', {
                  control: t('controls.phone.label'),
                  state: t('styleGuide.states.forcePlus'),
                })}
                rule={fieldRules.phone({ forcePlus: true })}
              >
                <PhoneInput forcePlus />
              </FormField>
            </Col>
          }
        />
      </Section>

      <Section title={t('styleGuide.sections.otp')} hint={t('styleGuide.hints.otp')}>
        <ControlStates
          id="otp"
          label={t('controls.otp.label')}
          sample={{ filled: '123456', invalid: '123' }}
          rule={fieldRules.otp()}
          render={(disabled) => <OtpInput disabled={disabled} />}
        />
      </Section>

      <Section title={t('styleGuide.sections.submit')} hint={t('styleGuide.hints.submit')}>
        <SubmitStates />
      </Section>

      <Section title={t('styleGuide.sections.demo')}>
        <ValidationDemo />
      </Section>

      <Section title={t('styleGuide.sections.format')}>
        <FormattingSamples />
      </Section>
    </main>
  );
}

export default withAntdTheme(StyleGuidePage);
