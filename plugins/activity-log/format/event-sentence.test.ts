import type { ActivityLogRow } from '@contract/v1/activity-log';
import { createTestI18n } from '../../../tests/setup/test-i18n';
import { eventSentence } from './event-sentence';

const CHANGES = [
  'setup-started',
  'setup-completed',
  'reset',
  'enabled',
  'disabled',
  'reset-by-phone-change',
  'enabled-for-organization',
] as const;

function twoFactorChange(method: string, change: string): ActivityLogRow {
  return {
    id: '1',
    time: '2026-11-28T11:43:00Z',
    eventType: 'two-factor.changed',
    category: 'security',
    actor: { id: 'u1', name: 'Jane Citizen', email: 'jane@example.com' },
    organization: { id: 'o1', name: 'Acme Pty Ltd' },
    target: null,
    ip: null,
    device: { browser: null, os: null, type: null },
    params: { method, change },
    description: 'server sentence',
    reportable: false,
  };
}

describe('two-factor changes in words', () => {
  it('names what happened, in English', () => {
    const t = createTestI18n('en').getFixedT('en', 'activity-log');
    expect(eventSentence(t, twoFactorChange('totp', 'setup-started'))).toBe(
      'Jane Citizen started setting up an authenticator app.',
    );
    expect(eventSentence(t, twoFactorChange('otp', 'setup-completed'))).toBe(
      'Jane Citizen finished setting up a text message code.',
    );
    expect(eventSentence(t, twoFactorChange('all', 'disabled'))).toBe(
      'Jane Citizen turned off two-factor authentication.',
    );
    expect(eventSentence(t, twoFactorChange('email', 'enabled-for-organization'))).toBe(
      'Jane Citizen turned on email codes for Acme Pty Ltd.',
    );
  });

  it.each(['en', 'fr', 'ar'])('never shows a change or method code in %s', (language) => {
    const t = createTestI18n(language).getFixedT(language, 'activity-log');
    for (const change of CHANGES)
      for (const method of ['totp', 'otp', 'email', 'all']) {
        const sentence = eventSentence(t, twoFactorChange(method, change));
        // No hyphenated code ('setup-started'), no code in brackets as before, no method code, no placeholder.
        expect(sentence).not.toMatch(
          /setup-started|setup-completed|reset-by-phone-change|enabled-for-organization|\(|\b(totp|otp)\b|\{\{/,
        );
        expect(sentence).toContain('Jane Citizen');
      }
  });

  it('names an unknown change with the general sentence, without its code', () => {
    const t = createTestI18n('fr').getFixedT('fr', 'activity-log');
    expect(eventSentence(t, twoFactorChange('totp', 'rotated'))).toBe(
      'Jane Citizen a modifié sa double authentification.',
    );
  });
});
