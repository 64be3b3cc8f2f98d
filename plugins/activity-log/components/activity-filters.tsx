import { FILTER_RANGE_DAYS } from '@core';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_LIMITS,
  type ActivityCategory,
} from '@contract/v1/activity-log-constants';
import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isOutsideDateWindow, todayIn } from '../format/date-window';
import type { ActivityStore } from '../stores/activity-store';

/**
 * Search (applied once typing pauses for a second), event type, and the date range: only the last 89 days up to
 * today in the zone times are shown in can be picked.
 */
export const ActivityFilters = observer(function ActivityFilters({
  store,
  timeZone,
}: {
  store: ActivityStore;
  timeZone: string;
}) {
  const { t } = useTranslation('activity-log');
  const ids = { search: useId(), type: useId(), dates: useId(), datesEnd: useId(), hint: useId() };
  return (
    <div className="activity-filters" role="search" aria-label={t('filters.label')}>
      <div>
        <label htmlFor={ids.search}>{t('filters.search')}</label>
        <Input
          id={ids.search}
          allowClear
          value={store.filters.search}
          placeholder={t('filters.searchPlaceholder')}
          maxLength={ACTIVITY_LIMITS.searchMax}
          onChange={(event) => store.setSearch(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={ids.type}>{t('filters.eventType')}</label>
        <Select
          id={ids.type}
          allowClear
          style={{ width: '100%' }}
          value={store.filters.eventType}
          placeholder={t('filters.any')}
          onChange={(value: ActivityCategory | undefined) => store.setEventType(value)}
          options={ACTIVITY_CATEGORIES.map((category) => ({
            value: category,
            label: t(`categories.${category}`),
          }))}
        />
      </div>
      <div>
        <label htmlFor={ids.dates}>{t('filters.dates')}</label>
        {/* The range's second input needs a name of its own (axe label-title-only): read, not shown. */}
        <label htmlFor={ids.datesEnd} className="activity-visually-hidden">
          {t('filters.datesEnd')}
        </label>
        <DatePicker.RangePicker
          id={{ start: ids.dates, end: ids.datesEnd }}
          allowClear
          value={store.filters.dates}
          format="DD/MM/YYYY"
          placeholder={[t('filters.from'), t('filters.to')]}
          aria-describedby={ids.hint}
          disabledDate={(day) => isOutsideDateWindow(day, todayIn(timeZone))}
          onChange={(dates) =>
            store.setDates(dates?.[0] && dates[1] ? ([dates[0], dates[1]] as [Dayjs, Dayjs]) : null)
          }
        />
        <div id={ids.hint} className="activity-filters__hint">
          {t('filters.dateHint', { count: FILTER_RANGE_DAYS })}
        </div>
      </div>
    </div>
  );
});
