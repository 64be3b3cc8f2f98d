import { FormSelect } from '@core';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUSTRALIAN_STATES, STREET_TYPES } from '@contract/rules/identity-lists';
import type { KycRules } from '../model/kyc-rules';
import { CountrySelect } from './country-select';

/** Step 2 of KYC: the residential address; Australia gets its states and 4-digit post codes. */
export function AddressFields({ rules }: { rules: KycRules }) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <>
      <CountrySelect name="country" label={t('fields.country')} rules={rules.country} />
      <div className="kyc-grid">
        <Form.Item name="unitNumber" label={t('fields.unitNumber')} rules={rules.unitNumber}>
          <Input />
        </Form.Item>
        <Form.Item name="streetNumber" label={t('fields.streetNumber')} rules={rules.streetNumber}>
          <Input />
        </Form.Item>
        <Form.Item name="streetName" label={t('fields.streetName')} rules={rules.streetName}>
          <Input autoComplete="address-line1" />
        </Form.Item>
        <Form.Item name="streetType" label={t('fields.streetType')} rules={rules.streetType}>
          <FormSelect
            showSearch
            optionFilterProp="label"
            options={STREET_TYPES.map((value) => ({ value, label: t(`lists.streetType.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="suburb" label={t('fields.suburb')} rules={rules.suburb}>
          <Input autoComplete="address-level2" />
        </Form.Item>
        <Form.Item noStyle dependencies={['country']}>
          {({ getFieldValue }) =>
            getFieldValue('country') === 'AU' ? (
              <Form.Item key="auState" name="state" label={t('fields.state')} rules={rules.auState}>
                <FormSelect
                  options={AUSTRALIAN_STATES.map((value) => ({ value, label: t(`lists.auState.${value}`) }))}
                />
              </Form.Item>
            ) : (
              <Form.Item key="region" name="state" label={t('fields.region')} rules={rules.region}>
                <Input autoComplete="address-level1" />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item
          name="postCode"
          label={t('fields.postCode')}
          rules={rules.postCode}
          dependencies={['country']}
        >
          <Input autoComplete="postal-code" inputMode="numeric" />
        </Form.Item>
      </div>
    </>
  );
}
