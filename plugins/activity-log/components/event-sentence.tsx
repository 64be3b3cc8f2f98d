import { Bdi } from '@core';
import type { ActivityLogRow } from '@contract/v1/activity-log';
import { useTranslation } from 'react-i18next';
import { eventSentenceParts } from '../format/event-sentence';

/**
 * An event's sentence with every name (person, email, organisation, app, role) in its own `<bdi>`: a Latin name
 * or an address inside an Arabic sentence keeps its dots and neighbouring words where they belong, and an Arabic
 * name inside an English sentence stays whole.
 */
export function EventSentence({ row }: { row: ActivityLogRow }) {
  const { t } = useTranslation('activity-log');
  return (
    <span className="activity-sentence">
      {eventSentenceParts(t, row).map((part, index) =>
        typeof part === 'string' ? part : <Bdi key={index}>{part.name}</Bdi>,
      )}
    </span>
  );
}
