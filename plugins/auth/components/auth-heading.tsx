import type { ReactNode } from 'react';
import './auth-screen.css';

/**
 * The title (the page's h1) and optional lead text every auth screen starts with. Plain elements, not
 * antd Typography: its copy/edit/ellipsis machinery (tooltips, text areas) would ride on the login page's
 * first paint for two lines of text.
 */
export function AuthHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="auth-screen__heading">
      <h1 className="auth-screen__title">{title}</h1>
      {children && <p className="auth-screen__lead">{children}</p>}
    </header>
  );
}
