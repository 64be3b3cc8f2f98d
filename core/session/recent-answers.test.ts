import { recentAnswerKey, RecentAnswers } from './recent-answers';
import { SESSION_STORAGE_KEY, SessionStore } from './session-store';

const APPS = recentAnswerKey<string[]>('test.apps');

describe('RecentAnswers', () => {
  let session: SessionStore;
  let answers: RecentAnswers;
  const enter = (organizationId: string) =>
    session.selectOrganization({ organizationId, role: 'owner' }, { accessToken: `a-${organizationId}`, refreshToken: 'r' });

  beforeEach(() => {
    session = new SessionStore(window.localStorage);
    session.logIn({ accessToken: 'a', refreshToken: 'r' });
    enter('org-1');
    answers = new RecentAnswers(session);
  });
  afterEach(() => session.dispose());

  it('gives back the last answer remembered in this organisation', () => {
    expect(answers.get(APPS)).toBeUndefined();
    answers.set(APPS, ['redact'], answers.scope());
    answers.set(APPS, ['redact', 'exchange'], answers.scope());
    expect(answers.get(APPS)).toEqual(['redact', 'exchange']);
  });

  it("forgets everything when the active organisation changes: one organisation's data never shows in another", () => {
    answers.set(APPS, ['redact'], answers.scope());
    enter('org-2');
    expect(answers.get(APPS)).toBeUndefined();
    // Back in the first organisation nothing comes back either: it is read again.
    enter('org-1');
    expect(answers.get(APPS)).toBeUndefined();
  });

  it('drops an answer asked for in an organisation the user has left before it arrived', () => {
    const askedIn = answers.scope();
    enter('org-2');
    answers.set(APPS, ['org-1 apps'], askedIn);
    expect(answers.get(APPS)).toBeUndefined();
  });

  it('forgets everything on logout, so the next person to sign in on this browser sees nothing of it', () => {
    answers.set(APPS, ['redact'], answers.scope());
    session.logout({ byUser: true });
    session.logIn({ accessToken: 'b', refreshToken: 'r' });
    enter('org-1');
    expect(answers.get(APPS)).toBeUndefined();
  });

  it('forgets everything when another tab logs out', () => {
    answers.set(APPS, ['redact'], answers.scope());
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null }));
    expect(session.isUserLoggedIn).toBe(false);
    expect(answers.get(APPS)).toBeUndefined();
  });

  it('keeps nothing from an answer that arrives after logout', () => {
    const askedIn = answers.scope();
    session.logout();
    answers.set(APPS, ['late'], askedIn);
    expect(answers.get(APPS)).toBeUndefined();
  });
});
