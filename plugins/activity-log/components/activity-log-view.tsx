import {
  ConfirmDialog,
  Notifier,
  PluginRegistry,
  PortalConfig,
  RecentAnswers,
  regionalFormatOptions,
  SessionStore,
  useDateFormat,
  useService,
} from '@core';
import type { ActivityLogRow, ActivityLogType } from '@contract/v1/activity-log';
import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ActivityApi } from '../api/activity-api';
import { ActivityStore } from '../stores/activity-store';
import { ActivityFilters } from './activity-filters';
import { ActivityTable } from './activity-table';

/** Hands a file to the browser's download. */
function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the event loop has moved on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * One activity log with its filters and CSV export; on the user's own log a sign-in carries "This wasn't me",
 * which ends every session (this one too), so the user is signed out and sent to the page telling them to read
 * their mail.
 */
export const ActivityLogView = observer(function ActivityLogView({ type }: { type: ActivityLogType }) {
  const { t } = useTranslation('activity-log');
  const api = useService(ActivityApi);
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const notifier = useService(Notifier);
  const registry = useService(PluginRegistry);
  const answers = useService(RecentAnswers);
  const dates = useDateFormat();
  const navigate = useNavigate();
  const { timeZone } = regionalFormatOptions(session.regionalConfig, config.region);
  const [store] = useState(() => new ActivityStore(api, type, timeZone, answers));
  const [reporting, setReporting] = useState<ActivityLogRow | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => store.start(), [store]);

  const exportCsv = async () => {
    const date = dates.date(Date.now()).split('/').reverse().join('-');
    const done = await store.exportCsv((file) => saveFile(file, t('export.fileName', { date })));
    if (!done) notifier.error(t('export.failed'));
  };

  const reportNotMe = async (row: ActivityLogRow) => {
    setBusy(true);
    try {
      await api.reportNotMe(row.id);
    } catch {
      setBusy(false);
      return;
    }
    // The server has ended this session too. The page explaining what happens next forgets it here: signing out
    // first would let the guards send the user to the sign-in page before that page shows.
    navigate(registry.href('activity-log.signed-out'), { replace: true, state: { endedEverywhere: true } });
  };

  const toolbar = [
    <Button key="export" onClick={() => void exportCsv()} loading={store.exporting}>
      {t('export.button')}
    </Button>,
  ];

  return (
    <div className="activity-panel">
      <ActivityFilters store={store} timeZone={timeZone} />
      <ActivityTable
        store={store}
        toolbar={toolbar}
        showActor={type === 'organisation'}
        onNotMe={type === 'user' ? setReporting : undefined}
      />
      {reporting && (
        <ConfirmDialog
          title={t('notMe.title')}
          confirmText={t('notMe.confirm')}
          busy={busy}
          onCancel={() => setReporting(null)}
          onConfirm={() => void reportNotMe(reporting)}
        >
          {t('notMe.body')}
        </ConfirmDialog>
      )}
    </div>
  );
});
