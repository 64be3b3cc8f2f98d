import {
  FILTER_RANGE_DAYS,
  PortalConfig,
  regionalFormatOptions,
  SessionStore,
  useService,
  DATE_FORMAT,
} from '@core';
import { INVOICE_STATUSES, type InvoiceStatusName } from '@contract/v1/billing-rules';
import { DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isOutsideDateWindow, todayIn } from '../format/date-window';
import type { InvoicesStore } from '../stores/invoices-store';

/**
 * The history's filters: status, and the issue date within the last 89 days up to today in the organisation's
 * time zone (the only days the picker offers). The list reloads a second after the last change.
 */
export const InvoiceFilters = observer(function InvoiceFilters({ store }: { store: InvoicesStore }) {
  const { t } = useTranslation('billing');
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const { timeZone } = regionalFormatOptions(session.regionalConfig, config.region);
  const ids = { status: useId(), dates: useId(), datesEnd: useId(), hint: useId() };
  return (
    <div className="billing-filters" role="search" aria-label={t('history.filters.label')}>
      <div>
        <label htmlFor={ids.status}>{t('history.filters.status')}</label>
        <Select
          id={ids.status}
          allowClear
          value={store.filters.status}
          placeholder={t('history.filters.any')}
          onChange={(status: InvoiceStatusName | undefined) => store.setStatus(status)}
          options={INVOICE_STATUSES.map((status) => ({
            value: status,
            label: t(`history.status.${status}`),
          }))}
        />
      </div>
      <div>
        <label htmlFor={ids.dates}>{t('history.filters.date')}</label>
        <DatePicker.RangePicker
          id={{ start: ids.dates, end: ids.datesEnd }}
          allowClear
          value={store.filters.dates}
          format={DATE_FORMAT}
          placeholder={[t('history.filters.from'), t('history.filters.to')]}
          aria-describedby={ids.hint}
          disabledDate={(day) => isOutsideDateWindow(day, todayIn(timeZone))}
          onChange={(dates) =>
            store.setDates(dates?.[0] && dates[1] ? ([dates[0], dates[1]] as [Dayjs, Dayjs]) : null)
          }
        />
        {/* The picker's second box has only a placeholder: its own label, for screen readers (axe label-title-only). */}
        <label htmlFor={ids.datesEnd} className="portal-visually-hidden">
          {t('history.filters.dateTo')}
        </label>
        <div className="billing-hint" id={ids.hint}>
          {t('history.filters.dateHint', { count: FILTER_RANGE_DAYS })}
        </div>
      </div>
    </div>
  );
});
