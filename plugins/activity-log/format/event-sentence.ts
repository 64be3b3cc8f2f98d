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
 * Values that are data, not words of ours: people, emails, organisations, apps and roles as someone named them.
 * Each is laid out by its own first strong letter, apart from the sentence around it (see EventSentence).
 */
const NAME_KEYS = new Set([
  'actor',
  'target',
  'organization',
  'email',
  'name',
  'newEmail',
  'oldEmail',
  'role',
  'before',
  'after',
  'portal',
]);

/** A piece of a sentence: the locale's own words, or a name (`{ name }`) to be isolated where it is shown. */
export type SentencePart = string | { name: string };

// Private-use characters never come from a locale file or a name, so a marker cannot be mistaken for text.
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
const MARKER = new RegExp(`${MARK_OPEN}(\\d+)${MARK_CLOSE}`);

/**
 * The readable sentence of an event in the user's language, in parts: the locale key `events.<eventType>` with the
 * row's actor, target, organisation and params, each name a part of its own. The names go through the translation
 * as markers and come back as parts, so the locale files keep whole sentences and a name is never translated or
 * read as markup. An event type this portal has no sentence for yet reads the server's own sentence (written in
 * the same language from Accept-Language, its names already isolated), so a new feature's events are never blank.
 * @example eventSentenceParts(t, row) // [{ name: 'Jane Citizen' }, ' signed in with a password.']
 */
export function eventSentenceParts(t: TFunction, row: ActivityLogRow): SentencePart[] {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row.params)) if (value !== null) values[key] = value;
  const actor = personText(row.actor);
  values.actor = actor ?? t('someone');
  values.target = row.target?.name ?? row.target?.id ?? '';
  values.organization = row.organization?.name ?? '';
  values.email ??= row.actor?.email ?? '';
  // A role as people read it, not its code: the server names built-in roles in the user's language and custom roles
  // as their organisation named them (`roleName`, `beforeName`, `afterName`); the code is the last resort.
  for (const key of ['role', 'before', 'after'] as const) {
    const named = row.params[`${key}Name`];
    if (typeof named === 'string' && named) values[key] = named;
  }
  const method = methodText(t, row.params);
  if (method) values.method = method;
  // A two-factor change names the factor and what happened to it in words: the change picks the sentence
  // (`changed_setup-started`: 'started setting up an authenticator app'), never shown as its code.
  const factorKey = typeof row.params.method === 'string' ? row.params.method : '';
  if (factorKey && values.factor === undefined)
    values.factor = t(`factors.${factorKey}`, { defaultValue: '' });

  const names: string[] = [];
  for (const key of NAME_KEYS) {
    const value = values[key];
    // 'Someone' is our word, not a name; an empty value leaves nothing to isolate.
    if (typeof value !== 'string' || value === '' || (key === 'actor' && actor === null)) continue;
    values[key] = `${MARK_OPEN}${names.length}${MARK_CLOSE}`;
    names.push(value);
  }
  const change = typeof row.params.change === 'string' ? row.params.change : undefined;
  const sentence = t(`events.${row.eventType}`, {
    ...values,
    ...(change ? { context: change } : {}),
    defaultValue: row.description,
  });
  // split() with a capturing group alternates text and marker numbers: even indexes text, odd indexes names.
  const parts: SentencePart[] = [];
  sentence.split(MARKER).forEach((piece, index) => {
    if (index % 2 === 1) parts.push({ name: names[Number(piece)] ?? '' });
    else if (piece) parts.push(piece);
  });
  return parts;
}

/**
 * The same sentence as plain text, names unmarked: for places where no element can go.
 * @example eventSentence(t, row) // 'Jane Citizen changed the role of bob@example.com from Member to Admin.'
 */
export function eventSentence(t: TFunction, row: ActivityLogRow): string {
  return eventSentenceParts(t, row)
    .map((part) => (typeof part === 'string' ? part : part.name))
    .join('');
}
