import {
  AntdSubmitButton,
  antdRules,
  fieldRules,
  PluginRegistry,
  PortalConfig,
  useService,
  useUnmountSignal,
  validateOrganizationName,
  AppPage,
} from '@core';
import { Alert, Button, Form, Input, Result, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { OrganisationApi } from '../api/organisation-api';
import { CreateOrganisationStore } from '../stores/create-organisation-store';
import '../components/organisation.css';

interface CreateValues {
  organizationName: string;
}

/**
 * `/organisation/create`, the well-known `create-organization` page (docs/screens-and-routes.md): a name checked
 * live, then the new business organisation is entered through the account-selection page (which fetches its
 * organisation access token, exactly as the side menu's switcher does) and the user lands on the dashboard.
 */
const CreateOrganisationPage = observer(function CreateOrganisationPage() {
  const { t } = useTranslation('organisation-acl');
  const api = useService(OrganisationApi);
  const config = useService(PortalConfig);
  const registry = useService(PluginRegistry);
  const navigate = useNavigate();
  const signal = useUnmountSignal();
  const availabilityId = useId();
  const [store] = useState(() => new CreateOrganisationStore(api, config.organizationLimit));
  const [form] = Form.useForm<CreateValues>();
  const name = (Form.useWatch('organizationName', form) as string | undefined) ?? '';
  useEffect(() => store.start(), [store]);

  const submit = async ({ organizationName }: CreateValues) => {
    const created = await store.create(organizationName);
    if (!created || signal().aborted) return;
    const query = new URLSearchParams({ orgId: created.organizationId, toUrl: registry.landingPath });
    navigate(`${registry.wellKnownHref('account-selection')}?${query.toString()}`);
  };

  const ruleFailed = validateOrganizationName(name) !== null;
  const availabilityHelp = (() => {
    if (ruleFailed || store.checkedName !== name) return undefined;
    switch (store.availability) {
      case 'checking':
        return { status: 'validating' as const, help: t('create.checking') };
      case 'available':
        return { status: 'success' as const, help: t('create.available', { name }) };
      case 'taken':
        return { status: 'error' as const, help: t('create.taken') };
      case 'failed':
        return { status: 'warning' as const, help: t('create.checkFailed') };
      default:
        return undefined;
    }
  })();

  return (
    <AppPage title={t('create.title')}>
      {store.phase === 'loading' && (
        <div className="org-state" role="status">
          <Spin />
          <span>{t('create.loading')}</span>
        </div>
      )}
      {store.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('create.loadFailed')}
          action={<Button onClick={() => void store.loadSize()}>{t('retry')}</Button>}
        />
      )}
      {store.phase === 'atLimit' && (
        <Result status="info" title={t('create.limitReached', { count: store.limit })} />
      )}
      {store.phase === 'ready' && (
        <div className="org-panel">
          <Typography.Paragraph type="secondary">
            {t('create.intro', { count: store.limit, owned: store.owned })}
          </Typography.Paragraph>
          <Form<CreateValues>
            form={form}
            layout="vertical"
            className="org-form"
            disabled={store.creating}
            onFinish={submit}
            onValuesChange={(changed: Partial<CreateValues>) => {
              if (changed.organizationName !== undefined) store.nameChanged(changed.organizationName);
            }}
          >
            <Form.Item
              name="organizationName"
              label={t('create.name')}
              rules={antdRules(t, fieldRules.organizationName())}
              validateStatus={availabilityHelp?.status}
              hasFeedback={Boolean(availabilityHelp)}
            >
              <Input
                // The page is this one field: it has the focus when the page opens.
                autoFocus
                // Also keeps the field in its wrapper from the start: the availability icon appearing would
                // otherwise rebuild the input under the user's typing (antd's Input).
                allowClear
                placeholder={t('create.namePlaceholder')}
                autoComplete="organization"
                aria-describedby={availabilityId}
              />
            </Form.Item>
            <div
              id={availabilityId}
              role="status"
              className={`org-availability org-availability--${availabilityHelp?.status ?? 'idle'}`}
            >
              {availabilityHelp?.help}
            </div>
            <AntdSubmitButton
              loading={store.creating}
              loadingText={t('create.creating')}
              disabled={!store.isAvailable(name)}
            >
              {t('create.submit')}
            </AntdSubmitButton>
          </Form>
        </div>
      )}
    </AppPage>
  );
});

export default CreateOrganisationPage;
