import {
  ProFormDatePicker,
  ProFormDependency,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  AUSTRALIAN_STATES,
  IDENTITY_PROOF_TYPES,
  MEDICARE_CARD_COLOURS,
  type IdentityProofType,
} from '@contract/rules/identity-lists';
import type { KycRules } from '../model/kyc-rules';
import { CountrySelect } from './country-select';
import type { KycDocumentKind } from '@contract/v1/identity-verification';
import { DocumentUpload, type UploadedDocument } from './document-upload';

export interface ProofFieldsProps {
  rules: KycRules;
  upload: (file: File, kind: KycDocumentKind) => Promise<UploadedDocument>;
  /** The other proof's type: the two proofs must be different documents. */
  otherKind?: IdentityProofType;
}

const dateProps = (placeholder: string) => ({ format: 'DD/MM/YYYY', placeholder });

function NameFields({ rules }: { rules: KycRules }) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <div className="kyc-grid">
      <ProFormText name="firstName" label={t('fields.docFirstName')} rules={rules.firstName} />
      <ProFormText name="middleName" label={t('fields.docMiddleName')} rules={rules.middleName} />
      <ProFormText name="lastName" label={t('fields.docLastName')} rules={rules.lastName} />
    </div>
  );
}

function PassportFields({ rules, upload }: ProofFieldsProps) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <>
      <div className="kyc-grid">
        <CountrySelect
          name="issuingCountry"
          label={t('fields.issuingCountry')}
          rules={rules.issuingCountry}
        />
        <ProFormText name="number" label={t('fields.passportNumber')} rules={rules.passportNumber} />
      </div>
      <NameFields rules={rules} />
      <div className="kyc-grid">
        <ProFormDatePicker
          name="dob"
          label={t('fields.docDob')}
          rules={rules.docDob}
          fieldProps={dateProps(t('fields.datePlaceholder'))}
        />
        <ProFormDatePicker
          name="expiryDate"
          label={t('fields.expiry')}
          rules={rules.expiry}
          fieldProps={dateProps(t('fields.datePlaceholder'))}
        />
      </div>
      <DocumentUpload
        name="documentId"
        label={t('fields.passportImage')}
        buttonLabel={t('upload.passportImage')}
        upload={(file) => upload(file, 'passport')}
        rules={rules.image}
      />
    </>
  );
}

function LicenceFields({ rules, upload }: ProofFieldsProps) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <>
      <div className="kyc-grid">
        <ProFormSelect
          name="issuingState"
          label={t('fields.issuingState')}
          rules={rules.issuingState}
          options={AUSTRALIAN_STATES.map((value) => ({ value, label: t(`lists.auState.${value}`) }))}
        />
        <ProFormText name="number" label={t('fields.licenceNumber')} rules={rules.licenceNumber} />
        <ProFormText
          name="cardNumber"
          label={t('fields.cardNumber')}
          rules={rules.licenceCardNumber}
          dependencies={['issuingState']}
          extra={t('fields.cardNumberHint')}
        />
      </div>
      <NameFields rules={rules} />
      <div className="kyc-grid">
        <ProFormDatePicker
          name="expiryDate"
          label={t('fields.expiry')}
          rules={rules.expiry}
          fieldProps={dateProps(t('fields.datePlaceholder'))}
        />
      </div>
      <div className="kyc-grid">
        <DocumentUpload
          name="frontDocumentId"
          label={t('fields.licenceFront')}
          buttonLabel={t('upload.licenceFront')}
          upload={(file) => upload(file, 'driverLicenceFront')}
          rules={rules.frontImage}
        />
        <DocumentUpload
          name="backDocumentId"
          label={t('fields.licenceBack')}
          buttonLabel={t('upload.licenceBack')}
          upload={(file) => upload(file, 'driverLicenceBack')}
          rules={rules.backImage}
        />
      </div>
    </>
  );
}

function MedicareFields({ rules, upload }: ProofFieldsProps) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <>
      <div className="kyc-grid">
        <ProFormText
          name="number"
          label={t('fields.medicareNumber')}
          rules={rules.medicareNumber}
          fieldProps={{ inputMode: 'numeric' }}
        />
        <ProFormSelect
          name="individualReference"
          label={t('fields.individualReference')}
          rules={rules.individualReference}
          options={[1, 2, 3, 4, 5, 6, 7, 8, 9].map((value) => ({ value, label: String(value) }))}
        />
        <ProFormSelect
          name="cardColour"
          label={t('fields.cardColour')}
          rules={rules.cardColour}
          options={MEDICARE_CARD_COLOURS.map((value) => ({
            value,
            label: t(`lists.medicareColour.${value}`),
          }))}
        />
      </div>
      <div className="kyc-grid">
        <ProFormText name="nameOnCard" label={t('fields.nameOnCard')} rules={rules.nameOnCard} />
        <ProFormDatePicker
          name="dob"
          label={t('fields.docDob')}
          rules={rules.docDob}
          fieldProps={dateProps(t('fields.datePlaceholder'))}
        />
        <ProFormDatePicker.Month
          name="expiryMonth"
          label={t('fields.expiryMonth')}
          rules={rules.expiryMonth}
          fieldProps={{ format: 'MM/YYYY', placeholder: t('fields.monthPlaceholder') }}
        />
      </div>
      <DocumentUpload
        name="documentId"
        label={t('fields.medicareImage')}
        buttonLabel={t('upload.medicareImage')}
        upload={(file) => upload(file, 'medicare')}
        rules={rules.image}
      />
    </>
  );
}

/** One identity proof (steps 3 and 4 of KYC): its type, then that document's fields and images. */
export function ProofFields(props: ProofFieldsProps) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <>
      <ProFormRadio.Group
        name="documentType"
        label={t('fields.documentType')}
        rules={props.rules.documentType}
        radioType="button"
        options={IDENTITY_PROOF_TYPES.map((value) => ({
          value,
          label: t(`lists.document.${value}`),
          disabled: value === props.otherKind,
        }))}
      />
      <ProFormDependency name={['documentType']}>
        {({ documentType }: { documentType?: IdentityProofType }) => {
          switch (documentType) {
            case 'passport':
              return <PassportFields {...props} />;
            case 'driverLicence':
              return <LicenceFields {...props} />;
            case 'medicare':
              return <MedicareFields {...props} />;
            default:
              return null;
          }
        }}
      </ProFormDependency>
    </>
  );
}
