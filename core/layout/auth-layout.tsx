import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';
import './auth-layout.css';

/** Variant 4's marketing title changes every 4 seconds (README, `authLayout.variant`). */
export const MARKETING_ROTATION_MS = 4000;

function RotatingTitle({ keys }: { keys: string[] }) {
  const { t } = useTranslation('core');
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (keys.length < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % keys.length), MARKETING_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [keys.length]);
  return (
    <h2 className="portal-auth__marketing" aria-live="polite" data-testid="marketing-title">
      {t(keys[index] ?? '')}
    </h2>
  );
}

/**
 * The frame of every sign-in screen. Four variants chosen by config: 1 a centred card,
 * 2 a brand panel beside the form, 3 a card over a full-bleed brand background,
 * 4 like 2 with rotating marketing titles. On narrow screens the brand panel of 2 and 4 becomes a band above
 * the form (auth-layout.css), so the brand shows in every variant at every width.
 */
export default function AuthLayout() {
  const config = useService(PortalConfig);
  const { t } = useTranslation('core');
  const { variant, marketingTitles } = config.authLayout;
  const side = variant === 2 || variant === 4;
  return (
    <div
      className={`portal-auth portal-auth--v${variant}${side ? ' portal-auth--with-side' : ''}`}
      data-variant={variant}
    >
      {side && (
        <aside className="portal-auth__side">
          <Brand className="portal-auth__brand" />
          {variant === 4 ? (
            <RotatingTitle keys={marketingTitles} />
          ) : (
            <h2 className="portal-auth__marketing">{t('auth.tagline', { brand: config.brandName })}</h2>
          )}
        </aside>
      )}
      <main className="portal-auth__main">
        <header className="portal-auth__header">
          {!side && <Brand className="portal-auth__brand" />}
          <LanguageSwitcher />
        </header>
        <div className="portal-auth__card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
