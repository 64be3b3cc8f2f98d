import { AntdSubmitButton, FormSelect, translateValidation } from '@core';
import {
  abnEndsWithAcn,
  ENTITY_TYPES,
  isValidAbn,
  isValidAcn,
  REGISTRATION_DOCUMENT_TYPES,
} from '@contract/rules';
import { Alert, Form, Input, Switch, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { kybRules } from '../model/kyb-rules';
import type { KybAnswers, KybStore } from '../stores/kyb-store';
import { CountrySelect } from './country-select';
import { DocumentUpload } from './document-upload';
import { NameFields } from './personal-fields';

/**
 * Warns, without refusing, when a company's ABN does not end with its ACN (it usually does: the ABN is two check
 * digits then the ACN), which is most often a typo in one of them.
 */
function AbnAcnWarning() {
  const { t } = useTranslation('kyc-kyb');
  return (
    <Form.Item noStyle dependencies={['entityType', 'abn', 'acn']}>
      {({ getFieldValue }) =>
        getFieldValue('entityType') === 'company' &&
        isValidAbn(getFieldValue('abn')) &&
        isValidAcn(getFieldValue('acn')) &&
        !abnEndsWithAcn(getFieldValue('abn'), getFieldValue('acn')) ? (
          <Alert
            type="warning"
            showIcon
            role="alert"
            className="kyc-warning"
            message={translateValidation(t, 'validation.acn.abnMismatch')}
          />
        ) : null
      }
    </Form.Item>
  );
}

/** The KYB form: contact, the business, its offices, listing, and the registry extract and registration document. */
export const KybForm = observer(function KybForm({ store }: { store: KybStore }) {
  const { t } = useTranslation('kyc-kyb');
  const rules = useMemo(() => kybRules(t), [t]);
  const contactId = useId();
  const businessId = useId();
  const documentsId = useId();
  return (
    <Form<KybAnswers>
      key={store.version}
      layout="vertical"
      initialValues={{ listed: false, ...store.answers }}
      disabled={store.submitting}
      onFinish={async (values) => {
        await store.submit(values);
      }}
    >
      <Typography.Title level={2} id={contactId} className="kyc-panel__title">
        {t('kyb.contact')}
      </Typography.Title>
      <div className="kyc-grid">
        <NameFields rules={rules} />
      </div>
      <Typography.Title level={2} id={businessId} className="kyc-panel__title">
        {t('kyb.business')}
      </Typography.Title>
      <div className="kyc-grid">
        <CountrySelect name="country" label={t('fields.country')} rules={rules.country} />
        <Form.Item name="entityType" label={t('fields.entityType')} rules={rules.entityType}>
          <FormSelect
            options={ENTITY_TYPES.map((value) => ({ value, label: t(`lists.entityType.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="companyName" label={t('fields.companyName')} rules={rules.companyName}>
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item name="abn" label={t('fields.abn')} rules={rules.abn}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item noStyle dependencies={['entityType']}>
          {({ getFieldValue }) =>
            getFieldValue('entityType') === 'company' ? (
              <Form.Item name="acn" label={t('fields.acn')} rules={rules.acn}>
                <Input inputMode="numeric" />
              </Form.Item>
            ) : null
          }
        </Form.Item>
      </div>
      <AbnAcnWarning />
      <div className="kyc-grid">
        <Form.Item name="registeredOff" label={t('fields.registeredOff')} rules={rules.registeredOff}>
          <Input />
        </Form.Item>
        <Form.Item name="primaryLocation" label={t('fields.primaryLocation')} rules={rules.primaryLocation}>
          <Input />
        </Form.Item>
      </div>
      <Form.Item name="listed" label={t('fields.listed')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item noStyle dependencies={['listed']}>
        {({ getFieldValue }) =>
          getFieldValue('listed') ? (
            <div className="kyc-grid">
              <Form.Item name="exchange" label={t('fields.exchange')} rules={rules.exchange}>
                <Input />
              </Form.Item>
              <Form.Item name="ticker" label={t('fields.ticker')} rules={rules.ticker}>
                <Input />
              </Form.Item>
            </div>
          ) : null
        }
      </Form.Item>
      <Typography.Title level={2} id={documentsId} className="kyc-panel__title">
        {t('kyb.documents')}
      </Typography.Title>
      <DocumentUpload
        name="extractDocumentId"
        label={t('fields.extract')}
        buttonLabel={t('upload.extract')}
        upload={(file) => store.upload(file, 'registryExtract')}
        rules={rules.extractDocumentId}
      />
      <Form.Item name="documentType" label={t('fields.registrationDocumentType')} rules={rules.documentType}>
        <FormSelect
          options={REGISTRATION_DOCUMENT_TYPES.map((value) => ({
            value,
            label: t(`lists.registrationDocument.${value}`),
          }))}
        />
      </Form.Item>
      <DocumentUpload
        name="registrationDocumentId"
        label={t('fields.registrationDocument')}
        buttonLabel={t('upload.registrationDocument')}
        upload={(file) => store.upload(file, 'registrationDocument')}
        rules={rules.registrationDocumentId}
      />
      <div className="kyc-buttons">
        <AntdSubmitButton loading={store.submitting} loadingText={t('actions.submitting')}>
          {t('actions.submit')}
        </AntdSubmitButton>
      </div>
    </Form>
  );
});
