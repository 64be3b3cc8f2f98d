import { FormSelect } from '@core';
import { DatePicker, Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { GENDERS } from '@contract/rules/identity-lists';
import type { KycRules } from '../model/kyc-rules';

type NameRules = Record<'firstName' | 'middleName' | 'lastName', FormRule[]>;

/** A person's first, middle and last names: the KYC person's, and the KYB contact's. */
export function NameFields({ rules }: { rules: NameRules }) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <>
      <Form.Item name="firstName" label={t('fields.firstName')} rules={rules.firstName}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item name="middleName" label={t('fields.middleName')} rules={rules.middleName}>
        <Input autoComplete="additional-name" />
      </Form.Item>
      <Form.Item name="lastName" label={t('fields.lastName')} rules={rules.lastName}>
        <Input autoComplete="family-name" />
      </Form.Item>
    </>
  );
}

/** Step 1 of KYC: the person's names, gender and date of birth. */
export function PersonalFields({ rules }: { rules: KycRules }) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <div className="kyc-grid">
      <NameFields rules={rules} />
      <Form.Item name="gender" label={t('fields.gender')} rules={rules.gender}>
        <FormSelect options={GENDERS.map((value) => ({ value, label: t(`lists.gender.${value}`) }))} />
      </Form.Item>
      <Form.Item name="dob" label={t('fields.dob')} rules={rules.dob}>
        <DatePicker format="DD/MM/YYYY" placeholder={t('fields.datePlaceholder')} />
      </Form.Item>
    </div>
  );
}
