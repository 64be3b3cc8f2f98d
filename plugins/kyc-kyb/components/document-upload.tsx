import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Typography, Upload, type FormRule } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkDocumentFile, DOCUMENT_ACCEPT } from '../model/document-file';

/** A stored upload as the form keeps it: the server's id (what a submission refers to) and the file's name. */
export interface UploadedDocument {
  id: string;
  fileName: string;
}

export type UploadFile = (file: File) => Promise<UploadedDocument>;

interface UploadControlProps {
  value?: UploadedDocument | null;
  onChange?: (value: UploadedDocument | null) => void;
  upload: UploadFile;
  describedBy: string;
  buttonLabel: string;
  id?: string;
}

/**
 * One document's upload. The file goes to the server on its own as soon as it is chosen, so a failed upload
 * only leaves this field empty with the reason next to it: the rest of the form and the other uploads stay.
 */
function UploadControl({ value, onChange, upload, describedBy, buttonLabel, id }: UploadControlProps) {
  const { t } = useTranslation('kyc-kyb');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const statusId = useId();

  const choose = async (file: File) => {
    const problem = checkDocumentFile(file);
    if (problem) {
      setFailure(t(`upload.${problem}`));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      onChange?.(await upload(file));
    } catch {
      setFailure(t('upload.failed', { name: file.name }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kyc-upload">
      <Upload
        accept={DOCUMENT_ACCEPT}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          void choose(file);
          // The request is ours (choose above), not antd's.
          return false;
        }}
      >
        <Button
          id={id}
          icon={<UploadOutlined aria-hidden />}
          loading={busy}
          aria-describedby={`${describedBy} ${statusId}`}
        >
          {value ? t('upload.replace', { label: buttonLabel }) : buttonLabel}
        </Button>
      </Upload>
      <div id={statusId} role="status">
        {busy && <Typography.Text>{t('upload.uploading')}</Typography.Text>}
        {!busy && value && (
          <Typography.Text className="kyc-upload__file">
            {t('upload.done', { name: value.fileName })}
          </Typography.Text>
        )}
        {!busy && failure && <Typography.Text type="danger">{failure}</Typography.Text>}
      </div>
    </div>
  );
}

export interface DocumentUploadProps {
  name: string | (string | number)[];
  label: ReactNode;
  /** What the button says, also its accessible name ('Upload passport photo page'). */
  buttonLabel: string;
  upload: UploadFile;
  rules?: FormRule[];
}

/** A form field holding one uploaded document; the hint says which files are accepted. */
export function DocumentUpload({ name, label, buttonLabel, upload, rules }: DocumentUploadProps) {
  const { t } = useTranslation('kyc-kyb');
  const hintId = useId();
  return (
    <Form.Item name={name} label={label} rules={rules} extra={<span id={hintId}>{t('upload.hint')}</span>}>
      <UploadControl upload={upload} describedBy={hintId} buttonLabel={buttonLabel} />
    </Form.Item>
  );
}
