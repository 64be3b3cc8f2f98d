import type { ReactNode } from 'react';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';

/**
 * The frame of the pages anybody may land on outside the sign-in screens (`/404`, `/maintenance`): a header band
 * in the brand's colour with its name or logo and the language switcher, so a white-labelled deployment is
 * recognisable and readable in the visitor's language even there. Plain CSS (global.css): these pages load
 * neither antd nor a layout chunk.
 * @example
 * <StatusPageFrame><h1>{t('notFound.title')}</h1></StatusPageFrame>
 */
export function StatusPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="portal-status">
      <header className="portal-status__header">
        <Brand className="portal-status__brand" />
        <LanguageSwitcher />
      </header>
      <main className="portal-status-page">{children}</main>
    </div>
  );
}
