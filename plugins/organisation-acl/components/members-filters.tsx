import { FILTER_RANGE_DAYS, PortalConfig, regionalFormatOptions, SessionStore, useService } from '@core';
import { MEMBER_STATUSES, type MemberStatusName } from '@contract/v1/constants';
import type { Role } from '@contract/v1/organization-acl';
import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isOutsideDateWindow, todayIn } from '../format/date-window';
import { roleText } from '../format/role-text';
import type { MembersStore } from '../stores/members-store';

/**
 * The members table's filters: name or email (applied once typing pauses for a second), role, status and the
 * date joined or invited (the last 89 days up to today in the organisation's time zone, the only days the picker
 * offers).
 */
export const MembersFilters = observer(function MembersFilters({
  store,
  roles,
}: {
  store: MembersStore;
  roles: Role[];
}) {
  const { t } = useTranslation('organisation-acl');
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const { timeZone } = regionalFormatOptions(session.regionalConfig, config.region);
  const ids = { search: useId(), role: useId(), status: useId(), dates: useId() };
  return (
    <div className="org-filters" role="search" aria-label={t('members.filters.label')}>
      <div>
        <label htmlFor={ids.search}>{t('members.filters.search')}</label>
        <Input
          id={ids.search}
          allowClear
          value={store.filters.search}
          placeholder={t('members.filters.searchPlaceholder')}
          onChange={(event) => store.setSearch(event.target.value)}
          maxLength={256}
        />
      </div>
      <div>
        <label htmlFor={ids.role}>{t('members.filters.role')}</label>
        <Select
          id={ids.role}
          allowClear
          style={{ width: '100%' }}
          value={store.filters.role}
          placeholder={t('members.filters.any')}
          onChange={(role: string | undefined) => store.setRole(role)}
          options={roles.map((role) => ({ value: role.id, label: roleText(t, role.id, role.name) }))}
        />
      </div>
      <div>
        <label htmlFor={ids.status}>{t('members.filters.status')}</label>
        <Select
          id={ids.status}
          allowClear
          style={{ width: '100%' }}
          value={store.filters.status}
          placeholder={t('members.filters.any')}
          onChange={(status: MemberStatusName | undefined) => store.setStatus(status)}
          options={MEMBER_STATUSES.map((status) => ({ value: status, label: t(`members.status.${status}`) }))}
        />
      </div>
      <div>
        <label htmlFor={ids.dates}>{t('members.filters.date')}</label>
        <DatePicker.RangePicker
          id={{ start: ids.dates }}
          allowClear
          value={store.filters.dates}
          format="DD/MM/YYYY"
          placeholder={[t('members.filters.from'), t('members.filters.to')]}
          disabledDate={(day) => isOutsideDateWindow(day, todayIn(timeZone))}
          onChange={(dates) =>
            store.setDates(dates?.[0] && dates[1] ? ([dates[0], dates[1]] as [Dayjs, Dayjs]) : null)
          }
        />
        <div className="org-filters__hint">{t('members.filters.dateHint', { count: FILTER_RANGE_DAYS })}</div>
      </div>
    </div>
  );
});
