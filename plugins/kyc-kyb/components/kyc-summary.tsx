import { Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { countryName } from '../countries/countries';
import { useCountries } from '../countries/use-countries';
import type { KycAnswers } from '../model/kyc-values';
import type { UploadedDocument } from './document-upload';

type Row = [label: string, value: string];

/** Field values as the user reads them: list codes by their label, dates as DD/MM/YYYY, uploads by file name. */
function useReadable() {
  const { t, i18n } = useTranslation('kyc-kyb');
  useCountries(); // loads the names countryName reads
  return (key: string, value: unknown): string => {
    if (value === undefined || value === null || value === '') return '';
    switch (key) {
      case 'gender':
        return t(`lists.gender.${String(value)}`);
      case 'streetType':
        return t(`lists.streetType.${String(value)}`);
      case 'country':
      case 'issuingCountry':
        return countryName(String(value), i18n.language);
      case 'documentType':
        return t(`lists.document.${String(value)}`);
      case 'issuingState':
        return t(`lists.auState.${String(value)}`);
      case 'cardColour':
        return t(`lists.medicareColour.${String(value)}`);
      case 'dob':
        return dayjs(String(value)).format('DD/MM/YYYY');
      case 'expiryDate':
        return dayjs(String(value)).format('DD/MM/YYYY');
      case 'expiryMonth':
        return dayjs(`${String(value)}-01`).format('MM/YYYY');
      case 'documentId':
      case 'frontDocumentId':
      case 'backDocumentId':
        return (value as UploadedDocument).fileName;
      default:
        return String(value);
    }
  };
}

const PERSONAL = ['firstName', 'middleName', 'lastName', 'gender', 'dob'];
const ADDRESS = [
  'unitNumber',
  'streetNumber',
  'streetName',
  'streetType',
  'suburb',
  'state',
  'postCode',
  'country',
];
const PROOF = [
  'documentType',
  'issuingCountry',
  'issuingState',
  'number',
  'cardNumber',
  'cardColour',
  'individualReference',
  'firstName',
  'middleName',
  'lastName',
  'nameOnCard',
  'dob',
  'expiryDate',
  'expiryMonth',
  'documentId',
  'frontDocumentId',
  'backDocumentId',
];

/** What the user entered, by step: the review step before submitting, and the page once submitted. */
export function KycSummary({ answers }: { answers: KycAnswers }) {
  const { t } = useTranslation('kyc-kyb');
  const readable = useReadable();
  const rows = (keys: string[], values: Record<string, unknown>, labels: (key: string) => string): Row[] =>
    keys.map((key): Row => [labels(key), readable(key, values[key])]).filter(([, value]) => value !== '');
  const section = (title: string, list: Row[]) => (
    <Descriptions
      key={title}
      title={
        <Typography.Title level={3} className="kyc-summary__title">
          {title}
        </Typography.Title>
      }
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={list.map(([label, value]) => ({ key: label, label, children: value }))}
    />
  );
  const proofLabel = (key: string) =>
    ['firstName', 'middleName', 'lastName', 'dob'].includes(key)
      ? t(`fields.doc${key[0]!.toUpperCase()}${key.slice(1)}`)
      : t(`summary.${key}`);
  return (
    <div className="kyc-summary">
      {section(
        t('steps.personal'),
        rows(PERSONAL, answers.personal, (key) => t(`fields.${key}`)),
      )}
      {section(
        t('steps.address'),
        rows(ADDRESS, answers.address, (key) => t(`fields.${key}`)),
      )}
      {answers.proofs.map((proof, index) =>
        section(t('summary.proof', { number: index + 1 }), rows(PROOF, proof, proofLabel)),
      )}
    </div>
  );
}
