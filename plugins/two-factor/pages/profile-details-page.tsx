import { RecentAnswers, SessionStore, useService, AreaPage } from '@core';
import { Alert, Button, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSecurityApi } from '../api/user-security-api';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileHeader } from '../components/profile-header';
import { ProfileDetailsStore } from '../stores/profile-details-store';
import { UserProfileStore } from '../stores/user-profile-store';
import '../components/two-factor.css';

/** /user/details (docs/account-settings.md). */
const ProfileDetailsPage = observer(function ProfileDetailsPage() {
  const { t } = useTranslation('two-factor');
  const api = useService(UserSecurityApi);
  const session = useService(SessionStore);
  const answers = useService(RecentAnswers);
  const [store] = useState(() => new ProfileDetailsStore(new UserProfileStore(api, session, answers), api));
  const { profile } = store;

  useEffect(() => {
    const controller = new AbortController();
    void profile.load(controller.signal);
    return () => controller.abort();
  }, [profile]);

  return (
    <AreaPage area="user-area" busy={profile.phase === 'loading'}>
      {profile.phase === 'loading' && (
        <div role="status" className="two-factor-panel__loading">
          <Spin />
          <span className="portal-visually-hidden">{t('profile.loading')}</span>
        </div>
      )}
      {profile.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('profile.loadFailed')}
          action={<Button onClick={() => void profile.load()}>{t('retry')}</Button>}
        />
      )}
      {profile.phase === 'ready' && profile.userInfo && (
        <section className="two-factor-panel">
          <ProfileHeader info={profile.userInfo} />
          <ProfileDetailsForm store={store} />
        </section>
      )}
    </AreaPage>
  );
});

export default ProfileDetailsPage;
