import type { UserInfo } from '@contract/v1/index';
import { rememberedAnswersPerTest } from '../../../tests/signed-in-organization';
import type { UserSecurityApi } from '../api/user-security-api';
import { userInfo } from '../testing/two-factor-fixtures';
import { UserProfileStore } from './user-profile-store';

const OFF = userInfo({ twoFactorAuthentication: { enabled: false } });
const ON = userInfo({ twoFactorAuthentication: { enabled: true } });

describe('UserProfileStore opened again', () => {
  const signedIn = rememberedAnswersPerTest();

  it('keeps a change answered while the remembered profile is read again: the older read does not undo it', async () => {
    const { session, answers } = signedIn;
    let answerRead: (info: UserInfo) => void = () => {};
    let read: Promise<UserInfo> = Promise.resolve(OFF);
    const api = {
      profile: vi.fn(async () => ({ data: { userInfo: await read }, msg: '' })),
    } as unknown as UserSecurityApi;
    await new UserProfileStore(api, session, answers).load();

    read = new Promise((resolve) => (answerRead = resolve));
    const again = new UserProfileStore(api, session, answers);
    expect(again.phase).toBe('ready');
    const refreshed = again.load();
    // The user turns 2FA on from the remembered profile; the server answers with the new profile.
    again.apply(ON);
    // The read asked before the change answers now, with the profile before it.
    answerRead(OFF);
    await refreshed;
    expect(again.userInfo?.twoFactorAuthentication.enabled).toBe(true);
    expect(session.twoFactorEnabled).toBe(true);
    expect(new UserProfileStore(api, session, answers).userInfo?.twoFactorAuthentication.enabled).toBe(true);
  });
});
