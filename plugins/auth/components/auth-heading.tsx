import { Typography } from 'antd';
import type { ReactNode } from 'react';
import './auth-screen.css';

/** The title (the page's h1) and optional lead text every auth screen starts with. */
export function AuthHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="auth-screen__heading">
      <Typography.Title level={1} className="auth-screen__title">
        {title}
      </Typography.Title>
      {children && <Typography.Paragraph className="auth-screen__lead">{children}</Typography.Paragraph>}
    </header>
  );
}
