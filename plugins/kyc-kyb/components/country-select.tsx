import { FormSelect } from '@core';
import { Form, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useCountries } from '../countries/use-countries';

export interface CountrySelectProps {
  name: string | (string | number)[];
  label: ReactNode;
  rules?: FormRule[];
}

/** A searchable country list with names in the user's language (i18n-iso-countries); the value is the ISO code. */
export function CountrySelect({ name, label, rules }: CountrySelectProps) {
  const { options, loading } = useCountries();
  return (
    <Form.Item name={name} label={label} rules={rules}>
      <FormSelect
        options={options}
        showSearch
        loading={loading}
        optionFilterProp="label"
        // The list is long: render it lazily, and keep it readable on a phone.
        virtual
        popupMatchSelectWidth={false}
      />
    </Form.Item>
  );
}
