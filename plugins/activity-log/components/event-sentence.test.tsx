import type { ActivityLogRow } from '@contract/v1/activity-log';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import ar from '../../../locales/ar/activity-log.json';
import en from '../../../locales/en/activity-log.json';
import { createTestI18n } from '../../../tests/setup/test-i18n';
import { event } from '../testing/activity-fixtures';
import { EventSentence } from './event-sentence';

const ROLE_CHANGE: ActivityLogRow = event({
  id: 'e-1',
  eventType: 'member.role-changed',
  category: 'members',
  actor: { id: 'u-1', name: 'Jane Citizen', email: 'jane@example.com' },
  target: { kind: 'user', id: 'u-2', name: 'john@example.com' },
  // As the server sends them to an Arabic reader: the codes, and the roles' names in Arabic.
  params: { before: 'member', after: 'admin', beforeName: 'عضو', afterName: 'المسؤول' },
});

const TRANSFER: ActivityLogRow = event({
  id: 'e-2',
  eventType: 'organization.ownership-transferred',
  category: 'organisation',
  actor: { id: 'u-1', name: 'Jane Citizen', email: 'jane@example.com' },
  organization: { id: 'org-1', name: 'Acme Pty Ltd' },
  target: { kind: 'user', id: 'u-2', name: 'john@example.com' },
});

function renderSentence(row: ActivityLogRow, language: string): HTMLElement {
  const { container } = render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <EventSentence row={row} />
    </I18nextProvider>,
  );
  return container.querySelector('.activity-sentence')!;
}

/** The locale's template with its values in place: what the sentence reads, names included. */
const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]!);

/** The sentence's own words: its text outside the isolated names. */
function wordsOutsideNames(sentence: HTMLElement): string {
  return [...sentence.childNodes]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent)
    .join('');
}

describe('an event sentence isolates its names', () => {
  it('in Arabic, each Latin name and email in its own bdi, the rest the Arabic sentence', () => {
    const sentence = renderSentence(ROLE_CHANGE, 'ar');
    const names = [...sentence.querySelectorAll('bdi')].map((bdi) => bdi.textContent);
    expect(names).toEqual(['Jane Citizen', 'john@example.com', 'عضو', 'المسؤول']);
    const values = { actor: 'Jane Citizen', target: 'john@example.com', before: 'عضو', after: 'المسؤول' };
    const template = ar.events.member['role-changed'];
    expect(sentence.textContent).toBe(filled(template, values));
    expect(wordsOutsideNames(sentence)).toBe(template.replace(/\{\{\w+\}\}/g, ''));
    expect(wordsOutsideNames(sentence)).not.toMatch(/Jane|example|\{\{/);
  });

  it('in Arabic, the organisation too', () => {
    const sentence = renderSentence(TRANSFER, 'ar');
    expect([...sentence.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual([
      'Jane Citizen',
      'Acme Pty Ltd',
      'john@example.com',
    ]);
    expect(sentence.textContent).toBe(
      filled(ar.events.organization['ownership-transferred'], {
        actor: 'Jane Citizen',
        organization: 'Acme Pty Ltd',
        target: 'john@example.com',
      }),
    );
  });

  it('in English, reads as before with the names isolated', () => {
    const english = { ...ROLE_CHANGE, params: { before: 'member', after: 'admin', beforeName: 'Member', afterName: 'Admin' } };
    const sentence = renderSentence(english, 'en');
    expect(sentence.textContent).toBe('Jane Citizen changed the role of john@example.com from Member to Admin.');
    expect(sentence.textContent).toBe(
      filled(en.events.member['role-changed'], {
        actor: 'Jane Citizen',
        target: 'john@example.com',
        before: 'Member',
        after: 'Admin',
      }),
    );
    expect(sentence.querySelector('bdi')?.textContent).toBe('Jane Citizen');
    expect(wordsOutsideNames(sentence)).toBe(' changed the role of  from  to .');
  });

  it("names a role by its code only when the server sent no name for it (a row from an older server)", () => {
    const unnamed = { ...ROLE_CHANGE, params: { before: 'member', after: 'admin' } };
    expect(renderSentence(unnamed, 'en').textContent).toBe(
      'Jane Citizen changed the role of john@example.com from member to admin.',
    );
  });

  it("leaves 'Someone' as a word of the sentence, not a name", () => {
    const sentence = renderSentence(event({ id: 'e-3', eventType: 'logout', actor: null }), 'en');
    expect(sentence.textContent).toBe('Someone signed out.');
    expect(sentence.querySelector('bdi')).toBeNull();
  });
});
