import { ProFormDatePicker, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { GENDERS } from '@contract/rules/identity-lists';
import type { KycRules } from '../model/kyc-rules';

/** Step 1 of KYC: the person's names, gender and date of birth. */
export function PersonalFields({ rules }: { rules: KycRules }) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <div className="kyc-grid">
      <ProFormText
        name="firstName"
        label={t('fields.firstName')}
        rules={rules.firstName}
        fieldProps={{ autoComplete: 'given-name' }}
      />
      <ProFormText
        name="middleName"
        label={t('fields.middleName')}
        rules={rules.middleName}
        fieldProps={{ autoComplete: 'additional-name' }}
      />
      <ProFormText
        name="lastName"
        label={t('fields.lastName')}
        rules={rules.lastName}
        fieldProps={{ autoComplete: 'family-name' }}
      />
      <ProFormSelect
        name="gender"
        label={t('fields.gender')}
        rules={rules.gender}
        options={GENDERS.map((value) => ({ value, label: t(`lists.gender.${value}`) }))}
      />
      <ProFormDatePicker
        name="dob"
        label={t('fields.dob')}
        rules={rules.dob}
        fieldProps={{ format: 'DD/MM/YYYY', placeholder: t('fields.datePlaceholder') }}
      />
    </div>
  );
}
