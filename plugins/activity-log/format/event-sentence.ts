import type { ActivityLogRow } from '@contract/v1/activity-log';
import type { TFunction } from 'i18next';

/** Who a row names as a person: their name, else their email, else null. */
function personText(person: { name: string | null; email: string | null } | null): string | null {
  return person?.name || person?.email || null;
}

/** How the person signed in, in words: `methods.<method>`, with the second factor named where there was one. */
function methodText(t: TFunction, params: ActivityLogRow['params']): string | undefined {
  const method = typeof params.method === 'string' ? params.method : null;
  if (!method) return undefined;
  const factorKey = typeof params.secondFactor === 'string' ? params.secondFactor : '';
  const factor = factorKey ? t(`factors.${factorKey}`, { defaultValue: factorKey }) : '';
  return t(`methods.${method}`, { factor, defaultValue: method });
}

/**
 * The readable sentence of an event in the user's language: the locale key `events.<eventType>` with the row's
 * actor, target, organisation and params. An event type this portal has no sentence for yet reads the server's own
 * sentence (written in the same language from Accept-Language), so a new feature's events are never blank.
 * @example eventSentence(t, row) // 'Jane Citizen changed the role of bob@example.com from member to admin.'
 */
export function eventSentence(t: TFunction, row: ActivityLogRow): string {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row.params)) if (value !== null) values[key] = value;
  values.actor = personText(row.actor) ?? t('someone');
  values.target = row.target?.name ?? row.target?.id ?? '';
  values.organization = row.organization?.name ?? '';
  values.email ??= row.actor?.email ?? '';
  const method = methodText(t, row.params);
  if (method) values.method = method;
  // A two-factor change names the factor and what happened to it in words: the change picks the sentence
  // (`changed_setup-started`: 'started setting up an authenticator app'), never shown as its code.
  const factorKey = typeof row.params.method === 'string' ? row.params.method : '';
  if (factorKey && values.factor === undefined) values.factor = t(`factors.${factorKey}`, { defaultValue: '' });
  const change = typeof row.params.change === 'string' ? row.params.change : undefined;
  return t(`events.${row.eventType}`, {
    ...values,
    ...(change ? { context: change } : {}),
    defaultValue: row.description,
  });
}
