import {
  ProForm,
  ProFormDependency,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { AntdSubmitButton, translateValidation } from '@core';
import {
  abnEndsWithAcn,
  ENTITY_TYPES,
  isValidAbn,
  isValidAcn,
  REGISTRATION_DOCUMENT_TYPES,
} from '@contract/rules';
import { Alert, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { kybRules } from '../model/kyb-rules';
import type { KybAnswers, KybStore } from '../stores/kyb-store';
import { CountrySelect } from './country-select';
import { DocumentUpload } from './document-upload';

/**
 * Warns, without refusing, when a company's ABN does not end with its ACN (it usually does: the ABN is two check
 * digits then the ACN), which is most often a typo in one of them.
 */
function AbnAcnWarning() {
  const { t } = useTranslation('kyc-kyb');
  return (
    <ProFormDependency name={['entityType', 'abn', 'acn']}>
      {({ entityType, abn, acn }: { entityType?: string; abn?: string; acn?: string }) =>
        entityType === 'company' && isValidAbn(abn) && isValidAcn(acn) && !abnEndsWithAcn(abn, acn) ? (
          <Alert
            type="warning"
            showIcon
            role="alert"
            className="kyc-warning"
            message={translateValidation(t, 'validation.acn.abnMismatch')}
          />
        ) : null
      }
    </ProFormDependency>
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
    <ProForm<KybAnswers>
      key={store.version}
      layout="vertical"
      autoFocusFirstInput={false}
      initialValues={{ listed: false, ...store.answers }}
      disabled={store.submitting}
      onFinish={async (values) => {
        await store.submit(values);
      }}
      submitter={{
        render: () => (
          <div className="kyc-buttons">
            <AntdSubmitButton loading={store.submitting} loadingText={t('actions.submitting')}>
              {t('actions.submit')}
            </AntdSubmitButton>
          </div>
        ),
      }}
    >
      <Typography.Title level={2} id={contactId} className="kyc-panel__title">
        {t('kyb.contact')}
      </Typography.Title>
      <div className="kyc-grid">
        <ProFormText name="firstName" label={t('fields.firstName')} rules={rules.firstName} />
        <ProFormText name="middleName" label={t('fields.middleName')} rules={rules.middleName} />
        <ProFormText name="lastName" label={t('fields.lastName')} rules={rules.lastName} />
      </div>
      <Typography.Title level={2} id={businessId} className="kyc-panel__title">
        {t('kyb.business')}
      </Typography.Title>
      <div className="kyc-grid">
        <CountrySelect name="country" label={t('fields.country')} rules={rules.country} />
        <ProFormSelect
          name="entityType"
          label={t('fields.entityType')}
          rules={rules.entityType}
          options={ENTITY_TYPES.map((value) => ({ value, label: t(`lists.entityType.${value}`) }))}
        />
        <ProFormText
          name="companyName"
          label={t('fields.companyName')}
          rules={rules.companyName}
          fieldProps={{ autoComplete: 'organization' }}
        />
        <ProFormText
          name="abn"
          label={t('fields.abn')}
          rules={rules.abn}
          fieldProps={{ inputMode: 'numeric' }}
        />
        <ProFormDependency name={['entityType']}>
          {({ entityType }: { entityType?: string }) =>
            entityType === 'company' ? (
              <ProFormText
                name="acn"
                label={t('fields.acn')}
                rules={rules.acn}
                fieldProps={{ inputMode: 'numeric' }}
              />
            ) : null
          }
        </ProFormDependency>
      </div>
      <AbnAcnWarning />
      <div className="kyc-grid">
        <ProFormText name="registeredOff" label={t('fields.registeredOff')} rules={rules.registeredOff} />
        <ProFormText
          name="primaryLocation"
          label={t('fields.primaryLocation')}
          rules={rules.primaryLocation}
        />
      </div>
      <ProFormSwitch name="listed" label={t('fields.listed')} />
      <ProFormDependency name={['listed']}>
        {({ listed }: { listed?: boolean }) =>
          listed ? (
            <div className="kyc-grid">
              <ProFormText name="exchange" label={t('fields.exchange')} rules={rules.exchange} />
              <ProFormText name="ticker" label={t('fields.ticker')} rules={rules.ticker} />
            </div>
          ) : null
        }
      </ProFormDependency>
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
      <ProFormSelect
        name="documentType"
        label={t('fields.registrationDocumentType')}
        rules={rules.documentType}
        options={REGISTRATION_DOCUMENT_TYPES.map((value) => ({
          value,
          label: t(`lists.registrationDocument.${value}`),
        }))}
      />
      <DocumentUpload
        name="registrationDocumentId"
        label={t('fields.registrationDocument')}
        buttonLabel={t('upload.registrationDocument')}
        upload={(file) => store.upload(file, 'registrationDocument')}
        rules={rules.registrationDocumentId}
      />
    </ProForm>
  );
});
