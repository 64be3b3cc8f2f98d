import { AntdSubmitButton, Ltr, ltrText, TaggedText } from '@core';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { parseRange, wouldLockOut } from '../format/cidr';
import type { OrganisationSettingsStore } from '../stores/organisation-settings-store';

interface IpValues {
  ranges: string;
}

const linesOf = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The organisation's IP allow-list, one address or CIDR range per line (IPv4 or IPv6). It shows the address the
 * server sees for this user, refuses malformed entries, and explains before saving that a list leaving that address
 * out would lock the user out (the server refuses such a list).
 */
export const IpAllowListForm = observer(function IpAllowListForm({
  store,
}: {
  store: OrganisationSettingsStore;
}) {
  const { t } = useTranslation('organisation-acl');
  const [form] = Form.useForm<IpValues>();
  const typed = Form.useWatch('ranges', form) as string | undefined;
  const lockout = wouldLockOut(linesOf(typed), store.detectedIp);

  const addMine = () => {
    if (!store.detectedIp) return;
    const lines = linesOf(form.getFieldValue('ranges') as string | undefined);
    if (!lines.includes(store.detectedIp))
      form.setFieldValue('ranges', [...lines, store.detectedIp].join('\n'));
    void form.validateFields(['ranges']);
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t('settings.ip.intro')}</Typography.Paragraph>
      <p className="org-ip-detected">
        <span>{t('settings.ip.detected')}</span>{' '}
        <strong data-testid="detected-ip">
          <Ltr>{store.detectedIp ?? '—'}</Ltr>
        </strong>{' '}
        {store.detectedIp && (
          <Button size="small" onClick={addMine}>
            {t('settings.ip.addMine')}
          </Button>
        )}
      </p>
      <Form<IpValues>
        form={form}
        layout="vertical"
        initialValues={{ ranges: store.ranges.join('\n') }}
        disabled={store.savingIp}
        onFinish={async ({ ranges }) => {
          if (await store.saveRanges(linesOf(ranges))) form.setFieldValue('ranges', store.ranges.join('\n'));
        }}
      >
        <Form.Item
          name="ranges"
          label={t('settings.ip.ranges')}
          extra={<TaggedText text={t('settings.ip.hint')} components={{ ip: <Ltr /> }} />}
          rules={[
            {
              validator: (_rule: unknown, value: string | undefined) => {
                const bad = linesOf(value).find((line) => parseRange(line) === null);
                return bad
                  ? Promise.reject(new Error(t('settings.ip.invalid', { value: ltrText(bad) })))
                  : Promise.resolve();
              },
            },
          ]}
        >
          {/* Addresses and ranges read left to right in every language (`2001:db8::/32`, not `db8::/32:2001`). */}
          <Input.TextArea
            placeholder={t('settings.ip.placeholder')}
            autoSize={{ minRows: 3, maxRows: 12 }}
            spellCheck={false}
            dir="ltr"
          />
        </Form.Item>
        {lockout && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            message={
              <TaggedText
                text={t('settings.ip.selfLockout', { ip: store.detectedIp })}
                components={{ ip: <Ltr /> }}
              />
            }
            style={{ marginBottom: 16 }}
          />
        )}
        <AntdSubmitButton loading={store.savingIp} loadingText={t('saving')} disabled={lockout}>
          {t('settings.ip.save')}
        </AntdSubmitButton>
      </Form>
    </>
  );
});
