import { FormSelect } from '@core';
import { DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { GENDERS } from '@contract/rules/identity-lists';
import type { KycRules } from '../model/kyc-rules';

/** Step 1 of KYC: the person's names, gender and date of birth. */
export function PersonalFields({ rules }: { rules: KycRules }) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <div className="kyc-grid">
      <Form.Item name="firstName" label={t('fields.firstName')} rules={rules.firstName}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item name="middleName" label={t('fields.middleName')} rules={rules.middleName}>
        <Input autoComplete="additional-name" />
      </Form.Item>
      <Form.Item name="lastName" label={t('fields.lastName')} rules={rules.lastName}>
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item name="gender" label={t('fields.gender')} rules={rules.gender}>
        <FormSelect options={GENDERS.map((value) => ({ value, label: t(`lists.gender.${value}`) }))} />
      </Form.Item>
      <Form.Item name="dob" label={t('fields.dob')} rules={rules.dob}>
        <DatePicker format="DD/MM/YYYY" placeholder={t('fields.datePlaceholder')} />
      </Form.Item>
    </div>
  );
}
