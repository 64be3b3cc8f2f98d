import { AntdSubmitButton, useDateFormat } from '@core';
import { MEMBER_LIMITS } from '@contract/v1/constants';
import type { CronConfigBody } from '@contract/v1/organization-members';
import { Form, InputNumber, Switch } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { OrganisationSettingsStore } from '../stores/organisation-settings-store';

/** The organisation's scheduled jobs: activity-log retention in days, and the weekly members digest mail. */
export const ScheduledJobsForm = observer(function ScheduledJobsForm({
  store,
}: {
  store: OrganisationSettingsStore;
}) {
  const { t } = useTranslation('organisation-acl');
  const dates = useDateFormat();
  const cron = store.cron!;
  const lastRun = (value: string | null) => (value ? dates.dateTime(value) : t('settings.jobs.never'));
  return (
    <Form<Required<CronConfigBody>>
      layout="vertical"
      className="org-form"
      initialValues={{
        activityLogRetentionDays: cron.activityLogRetentionDays,
        membersDigest: cron.membersDigest,
      }}
      disabled={store.savingCron}
      onFinish={async (values) => {
        await store.saveCron(values);
      }}
    >
      <Form.Item
        name="activityLogRetentionDays"
        label={t('settings.jobs.retention')}
        extra={t('settings.jobs.lastRun', { when: lastRun(cron.lastRetentionRunAt) })}
        rules={[
          {
            required: true,
            type: 'integer',
            min: MEMBER_LIMITS.retentionDaysMin,
            max: MEMBER_LIMITS.retentionDaysMax,
            message: t('settings.jobs.retentionRange', {
              min: MEMBER_LIMITS.retentionDaysMin,
              max: MEMBER_LIMITS.retentionDaysMax,
            }),
          },
        ]}
      >
        <InputNumber
          min={MEMBER_LIMITS.retentionDaysMin}
          max={MEMBER_LIMITS.retentionDaysMax}
          precision={0}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        name="membersDigest"
        label={t('settings.jobs.digest')}
        valuePropName="checked"
        extra={`${t('settings.jobs.digestHint')} ${t('settings.jobs.lastRun', { when: lastRun(cron.lastDigestRunAt) })}`}
      >
        <Switch />
      </Form.Item>
      <AntdSubmitButton loading={store.savingCron} loadingText={t('saving')}>
        {t('settings.jobs.save')}
      </AntdSubmitButton>
    </Form>
  );
});
