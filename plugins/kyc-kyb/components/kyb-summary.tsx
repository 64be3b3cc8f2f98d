import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryName } from '../countries/countries';
import { useCountries } from '../countries/use-countries';
import type { KybAnswers } from '../stores/kyb-store';
import type { UploadedDocument } from './document-upload';

const FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'country',
  'entityType',
  'companyName',
  'abn',
  'acn',
  'registeredOff',
  'primaryLocation',
  'listed',
  'exchange',
  'ticker',
  'extractDocumentId',
  'documentType',
  'registrationDocumentId',
];

/** Answers whose label is named otherwise in the form (`fields.*` of locales/<lang>/kyc-kyb.json). */
const LABEL_KEYS: Record<string, string> = {
  documentType: 'registrationDocumentType',
  extractDocumentId: 'extract',
  registrationDocumentId: 'registrationDocument',
};

/** The submitted business details, read-only. */
export function KybSummary({ answers }: { answers: KybAnswers }) {
  const { t, i18n } = useTranslation('kyc-kyb');
  useCountries(); // loads the names countryName reads
  const readable = (key: string, value: unknown): string => {
    if (value === undefined || value === null || value === '') return '';
    switch (key) {
      case 'country':
        return countryName(String(value), i18n.language);
      case 'entityType':
        return t(`lists.entityType.${String(value)}`);
      case 'documentType':
        return t(`lists.registrationDocument.${String(value)}`);
      case 'listed':
        return value ? t('summary.yes') : t('summary.no');
      case 'extractDocumentId':
      case 'registrationDocumentId':
        return (value as UploadedDocument).fileName;
      default:
        return String(value);
    }
  };
  const label = (key: string) => t(`fields.${LABEL_KEYS[key] ?? key}`);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={FIELDS.map((key) => ({ key, label: label(key), children: readable(key, answers[key]) })).filter(
        (item) => item.children !== '',
      )}
    />
  );
}
