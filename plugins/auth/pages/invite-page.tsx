import { Notifier, SpinnerRing, useService } from '@core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthApi } from '../api/auth-api';
import '../components/auth-screen.css';
import { useAuthHref } from '../navigation/use-auth-href';

/**
 * docs/screens-and-routes.md invite and signup/invite, docs/sign-in-and-accounts.md Invitation: an existing user accepts and logs in, a new one
 * signs up with the invitation; a link without orgId or invitationId says 'Please try again' (docs/validation-rules.md).
 */
export default function InvitePage() {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const notifier = useService(Notifier);
  const navigate = useNavigate();
  const href = useAuthHref();
  const [query] = useSearchParams();
  const orgId = query.get('orgId');
  const invitationId = query.get('invitationId');
  // Accepting is a one-time change on the server: run it once even when React mounts twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!orgId || !invitationId) {
      notifier.info(t('invite.missing'));
      navigate(href('login'), { replace: true });
      return;
    }
    const follow = async () => {
      try {
        const { data } = await api.checkInvitation(orgId, invitationId);
        if (!data.userExists) {
          const signUp = new URLSearchParams({ emailId: data.email, orgId, invitationId });
          navigate(`${href('sign-up')}?${signUp.toString()}`, { replace: true });
          return;
        }
        const { msg } = await api.acceptInvitation(orgId, invitationId);
        if (msg) notifier.success(msg);
      } catch {
        // Shown by the HTTP client (docs/api-errors.md); login is the way on from a broken invitation.
      }
      navigate(href('login'), { replace: true });
    };
    void follow();
  }, [api, navigate, notifier, t, href, orgId, invitationId]);

  return (
    <div className="auth-screen__status" role="status" aria-live="polite">
      <SpinnerRing />
      <h1 className="auth-screen__title">{t('invite.checking')}</h1>
    </div>
  );
}
