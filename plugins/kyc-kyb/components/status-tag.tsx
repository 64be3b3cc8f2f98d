import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOUR, type VerificationStatus } from '../model/status';

/** A verification status in words ('In review'), coloured by what it means. */
export function StatusTag({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('kyc-kyb');
  return (
    <Tag color={STATUS_COLOUR[status]} data-testid="verification-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
