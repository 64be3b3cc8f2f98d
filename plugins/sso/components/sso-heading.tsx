import type { ReactNode } from 'react';
import './sso-screen.css';

/** The page's h1 and optional lead text, as plain elements (antd Typography adds tooltips and text areas for nothing). */
export function SsoHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="sso-screen__heading">
      <h1 className="sso-screen__title">{title}</h1>
      {children && <p className="sso-screen__lead">{children}</p>}
    </header>
  );
}
