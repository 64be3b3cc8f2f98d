import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { BillingNav } from './billing-nav';
import './billing.css';

/** The frame every billing page shares: its level-1 heading, an optional intro line and the tabs between pages. */
export function BillingPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="billing-page" aria-labelledby={headingId}>
      <Typography.Title level={1} id={headingId} className="billing-page__title">
        {title}
      </Typography.Title>
      {intro && <Typography.Paragraph className="billing-page__intro">{intro}</Typography.Paragraph>}
      <BillingNav />
      {children}
    </section>
  );
}
