import { ApiError, Notifier, PlainButton, useService, useUnmountSignal } from '@core';
import type { LoginData } from '@contract/v1/auth';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthApi } from '../api/auth-api';

type PromptModule = typeof import('../passkeys/passkey-prompt');
/** The browser library, fetched at most once and never with the login page's first paint. */
const loadPrompt = (): Promise<PromptModule> => import('../passkeys/passkey-prompt');

/** Whether this browser offers passkeys in the fields' autofill (conditional mediation), asked without the library. */
async function passkeyAutofillAvailable(): Promise<boolean> {
  const credential = (
    globalThis as { PublicKeyCredential?: { isConditionalMediationAvailable?: () => Promise<boolean> } }
  ).PublicKeyCredential;
  if (typeof credential?.isConditionalMediationAvailable !== 'function') return false;
  return credential.isConditionalMediationAvailable().catch(() => false);
}

export interface PasskeySignInProps {
  /** The password form is busy: the button waits. */
  disabled: boolean;
  /** A passkey signed in: the answer has tokens, as a login's without a second step. */
  onSignedIn: (data: LoginData) => void;
}

/**
 * 'Sign in with a passkey' on the login page (docs/passkeys.md), and the browser's passkey suggestions in the email
 * field (conditional mediation: the field says `autocomplete="username webauthn"`). Both sign in with no password and
 * no second step; the organisation step follows as after any login. The WebAuthn library loads after first paint,
 * and only where the browser offers passkey autofill or when the button is pressed.
 */
export function PasskeySignIn({ disabled, onSignedIn }: PasskeySignInProps) {
  const { t } = useTranslation('auth');
  const api = useService(AuthApi);
  const notifier = useService(Notifier);
  const signal = useUnmountSignal();
  const [busy, setBusy] = useState(false);
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  useEffect(() => {
    let stopped = false;
    let prompt: PromptModule | null = null;
    const controller = new AbortController();
    const autofill = async () => {
      if (!(await passkeyAutofillAvailable()) || stopped) return;
      prompt = await loadPrompt();
      // A challenge expires after a few minutes: one the user picks too late is replaced by a fresh one.
      while (!stopped) {
        try {
          const { data } = await api.passkeyLoginOptions(controller.signal, { silent: true });
          const credential = await prompt.getPasskey(data.options, { autofill: true });
          const answer = await api.passkeyLogin(
            { challengeId: data.challengeId, credential: credential as never },
            controller.signal,
          );
          if (!stopped) signedIn.current(answer.data);
          return;
        } catch (error) {
          // The button's prompt replaced this one, or the page went away; a refusal was shown by the HTTP client.
          if (stopped || prompt.promptCancelled(error)) return;
          if (!(error instanceof ApiError && error.code === 'PASSKEY_CHALLENGE_EXPIRED')) return;
        }
      }
    };
    // After first paint, so the page's own work comes first.
    const timer = setTimeout(() => void autofill(), 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      prompt?.cancelPasskeyPrompt();
    };
  }, [api]);

  const signIn = async () => {
    setBusy(true);
    let leaving = false;
    let prompt: PromptModule | null = null;
    try {
      prompt = await loadPrompt();
      const { data } = await api.passkeyLoginOptions(signal());
      const credential = await prompt.getPasskey(data.options);
      const answer = await api.passkeyLogin(
        { challengeId: data.challengeId, credential: credential as never },
        signal(),
      );
      leaving = true;
      signedIn.current(answer.data);
    } catch (error) {
      if (signal().aborted || error instanceof ApiError) return;
      // The HTTP client showed the server's refusals; the browser's own outcomes are said here.
      if (prompt?.promptCancelled(error)) notifier.info(t('login.passkey.cancelled'));
      else notifier.error(t('login.passkey.failed'));
    } finally {
      if (!leaving && !signal().aborted) setBusy(false);
    }
  };

  return (
    <div className="auth-screen__passkey">
      <p className="auth-screen__divider">
        <span>{t('login.passkey.or')}</span>
      </p>
      <PlainButton
        variant="default"
        size="large"
        block
        loading={busy}
        loadingText={t('login.passkey.signingIn')}
        disabled={disabled || busy}
        onClick={() => void signIn()}
      >
        {t('login.passkey.button')}
      </PlainButton>
    </div>
  );
}
