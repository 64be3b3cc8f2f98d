import { FormSelect } from '@core';
import { DatePicker, Form, Input, Radio, type RadioGroupProps } from 'antd';
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

function NameFields({ rules }: { rules: KycRules }) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <div className="kyc-grid">
      <Form.Item name="firstName" label={t('fields.docFirstName')} rules={rules.firstName}>
        <Input />
      </Form.Item>
      <Form.Item name="middleName" label={t('fields.docMiddleName')} rules={rules.middleName}>
        <Input />
      </Form.Item>
      <Form.Item name="lastName" label={t('fields.docLastName')} rules={rules.lastName}>
        <Input />
      </Form.Item>
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
        <Form.Item name="number" label={t('fields.passportNumber')} rules={rules.passportNumber}>
          <Input />
        </Form.Item>
      </div>
      <NameFields rules={rules} />
      <div className="kyc-grid">
        <Form.Item name="dob" label={t('fields.docDob')} rules={rules.docDob}>
          <DatePicker format="DD/MM/YYYY" placeholder={t('fields.datePlaceholder')} />
        </Form.Item>
        <Form.Item name="expiryDate" label={t('fields.expiry')} rules={rules.expiry}>
          <DatePicker format="DD/MM/YYYY" placeholder={t('fields.datePlaceholder')} />
        </Form.Item>
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
        <Form.Item name="issuingState" label={t('fields.issuingState')} rules={rules.issuingState}>
          <FormSelect
            options={AUSTRALIAN_STATES.map((value) => ({ value, label: t(`lists.auState.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="number" label={t('fields.licenceNumber')} rules={rules.licenceNumber}>
          <Input />
        </Form.Item>
        <Form.Item
          name="cardNumber"
          label={t('fields.cardNumber')}
          rules={rules.licenceCardNumber}
          dependencies={['issuingState']}
          extra={t('fields.cardNumberHint')}
        >
          <Input />
        </Form.Item>
      </div>
      <NameFields rules={rules} />
      <div className="kyc-grid">
        <Form.Item name="expiryDate" label={t('fields.expiry')} rules={rules.expiry}>
          <DatePicker format="DD/MM/YYYY" placeholder={t('fields.datePlaceholder')} />
        </Form.Item>
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
        <Form.Item name="number" label={t('fields.medicareNumber')} rules={rules.medicareNumber}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item
          name="individualReference"
          label={t('fields.individualReference')}
          rules={rules.individualReference}
        >
          <FormSelect
            options={[1, 2, 3, 4, 5, 6, 7, 8, 9].map((value) => ({ value, label: String(value) }))}
          />
        </Form.Item>
        <Form.Item name="cardColour" label={t('fields.cardColour')} rules={rules.cardColour}>
          <FormSelect
            options={MEDICARE_CARD_COLOURS.map((value) => ({
              value,
              label: t(`lists.medicareColour.${value}`),
            }))}
          />
        </Form.Item>
      </div>
      <div className="kyc-grid">
        <Form.Item name="nameOnCard" label={t('fields.nameOnCard')} rules={rules.nameOnCard}>
          <Input />
        </Form.Item>
        <Form.Item name="dob" label={t('fields.docDob')} rules={rules.docDob}>
          <DatePicker format="DD/MM/YYYY" placeholder={t('fields.datePlaceholder')} />
        </Form.Item>
        <Form.Item name="expiryMonth" label={t('fields.expiryMonth')} rules={rules.expiryMonth}>
          <DatePicker picker="month" format="MM/YYYY" placeholder={t('fields.monthPlaceholder')} />
        </Form.Item>
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

/**
 * The document's type, as buttons. antd 5's Radio.Group puts the `aria-required` its Form.Item gives it on a box with
 * no role, which axe refuses (as Select does, see core's FormSelect): left out here; the required mark stays.
 */
function DocumentTypeChoice(props: RadioGroupProps & { 'aria-required'?: unknown }) {
  const { 'aria-required': _required, ...group } = props;
  return <Radio.Group {...group} />;
}

/** One identity proof (steps 3 and 4 of KYC): its type, then that document's fields and images. */
export function ProofFields(props: ProofFieldsProps) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <>
      <Form.Item name="documentType" label={t('fields.documentType')} rules={props.rules.documentType}>
        <DocumentTypeChoice
          optionType="button"
          options={IDENTITY_PROOF_TYPES.map((value) => ({
            value,
            label: t(`lists.document.${value}`),
            disabled: value === props.otherKind,
          }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['documentType']}>
        {({ getFieldValue }) => {
          switch (getFieldValue('documentType') as IdentityProofType | undefined) {
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
      </Form.Item>
    </>
  );
}
