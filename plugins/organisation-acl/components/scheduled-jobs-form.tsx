import { ProForm, ProFormDigit, ProFormSwitch } from '@ant-design/pro-components';
import { AntdSubmitButton, useDateFormat } from '@core';
import { MEMBER_LIMITS } from '@contract/v1/constants';
import type { CronConfigBody } from '@contract/v1/organization-members';
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
    <ProForm<Required<CronConfigBody>>
      layout="vertical"
      autoFocusFirstInput={false}
      className="org-form"
      initialValues={{
        activityLogRetentionDays: cron.activityLogRetentionDays,
        membersDigest: cron.membersDigest,
      }}
      disabled={store.savingCron}
      onFinish={async (values) => {
        await store.saveCron(values);
      }}
      submitter={{
        render: () => (
          <AntdSubmitButton loading={store.savingCron} loadingText={t('saving')}>
            {t('settings.jobs.save')}
          </AntdSubmitButton>
        ),
      }}
    >
      <ProFormDigit
        name="activityLogRetentionDays"
        label={t('settings.jobs.retention')}
        extra={t('settings.jobs.lastRun', { when: lastRun(cron.lastRetentionRunAt) })}
        min={MEMBER_LIMITS.retentionDaysMin}
        max={MEMBER_LIMITS.retentionDaysMax}
        fieldProps={{ precision: 0, style: { width: '100%' } }}
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
      />
      <ProFormSwitch
        name="membersDigest"
        label={t('settings.jobs.digest')}
        extra={`${t('settings.jobs.digestHint')} ${t('settings.jobs.lastRun', { when: lastRun(cron.lastDigestRunAt) })}`}
      />
    </ProForm>
  );
});
