import { ProFormDependency, ProFormSelect, ProFormText } from '@ant-design/pro-components';
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
        <ProFormText name="unitNumber" label={t('fields.unitNumber')} rules={rules.unitNumber} />
        <ProFormText name="streetNumber" label={t('fields.streetNumber')} rules={rules.streetNumber} />
        <ProFormText
          name="streetName"
          label={t('fields.streetName')}
          rules={rules.streetName}
          fieldProps={{ autoComplete: 'address-line1' }}
        />
        <ProFormSelect
          name="streetType"
          label={t('fields.streetType')}
          rules={rules.streetType}
          showSearch
          options={STREET_TYPES.map((value) => ({ value, label: t(`lists.streetType.${value}`) }))}
        />
        <ProFormText
          name="suburb"
          label={t('fields.suburb')}
          rules={rules.suburb}
          fieldProps={{ autoComplete: 'address-level2' }}
        />
        <ProFormDependency name={['country']}>
          {({ country }: { country?: string }) =>
            country === 'AU' ? (
              <ProFormSelect
                name="state"
                label={t('fields.state')}
                rules={rules.auState}
                options={AUSTRALIAN_STATES.map((value) => ({ value, label: t(`lists.auState.${value}`) }))}
              />
            ) : (
              <ProFormText
                name="state"
                label={t('fields.region')}
                rules={rules.region}
                fieldProps={{ autoComplete: 'address-level1' }}
              />
            )
          }
        </ProFormDependency>
        <ProFormText
          name="postCode"
          label={t('fields.postCode')}
          rules={rules.postCode}
          dependencies={['country']}
          fieldProps={{ autoComplete: 'postal-code', inputMode: 'numeric' }}
        />
      </div>
    </>
  );
}
