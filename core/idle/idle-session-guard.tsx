import { Alert, Button, Modal } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useService } from '../di/use-service';
import { AntdThemeProvider } from '../theme/antd-theme-provider';
import { IdleSessionController } from './idle-session-controller';

export interface IdleSessionGuardProps {
  /**
   * Called once the guard has logged the user out (countdown over, 'Log out', or the refresh failed).
   * The host decides where to go, normally `/login`.
   */
  onExpired: () => void;
}

/**
 * The 'Your session is about to expire' dialog. Mount it once, inside the router and the theme, for the whole app:
 * it does nothing while nobody is logged in.
 * @example
 * <IdleSessionGuard onExpired={() => navigate('/login', { replace: true })} />
 */
export const IdleSessionGuard = observer(function IdleSessionGuard({ onExpired }: IdleSessionGuardProps) {
  const idle = useService(IdleSessionController);
  const { t } = useTranslation('core');

  useEffect(() => idle.start(), [idle]);
  useEffect(() => idle.onExpired(onExpired), [idle, onExpired]);

  // Also shown over auth pages (a logged-in user choosing an organisation), where no antd theme is provided.
  return (
    <AntdThemeProvider>
      <Modal
        open={idle.phase === 'warning'}
        title={t('idle.title')}
        closable={false}
        maskClosable={false}
        keyboard={false}
        centered
        destroyOnHidden
        footer={[
          <Button key="logout" onClick={() => idle.logOutNow()} disabled={idle.continuing}>
            {t('idle.logout')}
          </Button>,
          <Button
            key="continue"
            type="primary"
            loading={idle.continuing}
            onClick={() => void idle.continueSession()}
          >
            {t('idle.continue')}
          </Button>,
        ]}
      >
        <p>{t('idle.message', { count: idle.secondsLeft })}</p>
        {idle.continueError && <Alert type="error" showIcon role="alert" message={idle.continueError} />}
      </Modal>
    </AntdThemeProvider>
  );
});
