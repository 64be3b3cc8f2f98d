import { Alert, Card, Col, Descriptions, Input, Row, Space, Typography } from 'antd';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailInput, OtpInput, PasswordInput, PhoneInput, SubmitButton } from './controls';
import { PortalForm as Form, type Rule } from './form';
import { formatDate, formatDateTime, titleCase, truncateEnd, truncateMiddle } from './format';
import { rules } from './validation';
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
  fieldRules,
  render,
  extra,
}: {
  id: string;
  label: string;
  sample: Sample;
  fieldRules: Rule[];
  render: (disabled: boolean) => ReactElement;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('core');
  const [form] = Form.useForm();
  const values: Record<State, string | undefined> = {
    empty: undefined,
    filled: sample.filled,
    error: sample.invalid,
    disabled: sample.filled,
  };
  useEffect(() => {
    form.validateFields(['error']).catch(() => {});
  }, [form]);
  return (
    <Form form={form} layout="vertical" name={id} initialValues={values}>
      <Row gutter={[24, 8]}>
        {STATES.map((state) => (
          <Col key={state} xs={24} md={12} xl={6}>
            <Form.Item
              name={state}
              label={t('styleGuide.stateLabel', { control: label, state: t(`styleGuide.states.${state}`) })}
              rules={fieldRules}
            >
              {render(state === 'disabled')}
            </Form.Item>
          </Col>
        ))}
        {extra}
      </Row>
    </Form>
  );
}

function SubmitStates() {
  const { t } = useTranslation('core');
  const examples = [
    { state: 'invalid', email: undefined, loading: false },
    { state: 'valid', email: 'jane@example.com', loading: false },
    { state: 'loading', email: 'jane@example.com', loading: true },
  ] as const;
  return (
    <Row gutter={[24, 8]}>
      {examples.map(({ state, email, loading }) => (
        <Col key={state} xs={24} md={8}>
          <Form layout="vertical" name={`submit-${state}`} initialValues={{ email }}>
            <Form.Item
              name="email"
              label={t('styleGuide.stateLabel', {
                control: t('controls.email.label'),
                state: t(`styleGuide.states.${state}`),
              })}
              rules={rules.email(t)}
            >
              <EmailInput />
            </Form.Item>
            <SubmitButton loading={loading} loadingText={t('styleGuide.submit.loading')}>
              {t('styleGuide.submit.label')}
            </SubmitButton>
          </Form>
        </Col>
      ))}
    </Row>
  );
}

function ValidationDemo() {
  const { t } = useTranslation('core');
  const [valid, setValid] = useState(false);
  return (
    <Form
      layout="vertical"
      name="demo"
      onFinish={() => setValid(true)}
      onValuesChange={() => setValid(false)}
    >
      <Row gutter={[24, 0]}>
        <Col xs={24} md={12}>
          <Form.Item name="firstName" label={t('controls.firstName.label')} rules={rules.firstName(t)}>
            <Input className="portal-field" autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lastName" label={t('controls.lastName.label')} rules={rules.lastName(t)}>
            <Input className="portal-field" autoComplete="family-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('controls.email.label')} rules={rules.email(t)}>
            <EmailInput placeholder={t('controls.email.placeholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={t('controls.phone.label')} rules={rules.phone(t)}>
            <PhoneInput placeholder={t('controls.phone.placeholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="password" label={t('controls.password.label')} rules={rules.password(t)}>
            <PasswordInput autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="confirmPassword"
            label={t('controls.confirmPassword.label')}
            dependencies={['password']}
            rules={rules.confirmPassword(t, 'password')}
          >
            <PasswordInput autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="code"
            label={t('controls.otp.label')}
            extra={t('controls.otp.hint')}
            rules={rules.otp(t)}
          >
            <OtpInput />
          </Form.Item>
        </Col>
      </Row>
      <Space direction="vertical">
        <SubmitButton>{t('styleGuide.demo.submit')}</SubmitButton>
        {valid && <Alert type="success" showIcon role="status" message={t('styleGuide.demo.valid')} />}
      </Space>
    </Form>
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
export default function StyleGuidePage() {
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
          fieldRules={rules.email(t)}
          render={(disabled) => <EmailInput disabled={disabled} />}
        />
      </Section>

      <Section title={t('styleGuide.sections.password')} hint={t('styleGuide.hints.password')}>
        <ControlStates
          id="password"
          label={t('controls.password.label')}
          sample={{ filled: 'Secret1!', invalid: 'secret' }}
          fieldRules={rules.password(t)}
          render={(disabled) => <PasswordInput disabled={disabled} autoComplete="new-password" />}
        />
      </Section>

      <Section title={t('styleGuide.sections.phone')} hint={t('styleGuide.hints.phone')}>
        <ControlStates
          id="phone"
          label={t('controls.phone.label')}
          sample={{ filled: '+61412345678', invalid: '12345' }}
          fieldRules={rules.phone(t)}
          render={(disabled) => <PhoneInput disabled={disabled} />}
          extra={
            <Col xs={24} md={12} xl={6}>
              <Form.Item
                name="forcePlus"
                label={t('styleGuide.stateLabel', {
                  control: t('controls.phone.label'),
                  state: t('styleGuide.states.forcePlus'),
                })}
                rules={rules.phone(t, { forcePlus: true })}
              >
                <PhoneInput forcePlus />
              </Form.Item>
            </Col>
          }
        />
      </Section>

      <Section title={t('styleGuide.sections.otp')} hint={t('styleGuide.hints.otp')}>
        <ControlStates
          id="otp"
          label={t('controls.otp.label')}
          sample={{ filled: '123456', invalid: '123' }}
          fieldRules={rules.otp(t)}
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
