import { InlineAlert, PlainButton, roleLabel } from '@core';
import type { OrganizationListItem } from '@contract/v1/index';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REFUSAL_MESSAGE_KEYS, type OrganizationRefusal } from '../stores/orgs-organization-entry';
import './orgs-account-list.css';

export interface OrgsAccountListProps {
  title: string;
  accounts: OrganizationListItem[];
  /** The organisation whose access token is being fetched. */
  enteringId: string | null;
  busy: boolean;
  refusalOf: (org: OrganizationListItem) => OrganizationRefusal | null;
  /** The refused organisation last chosen: why it cannot be entered shows under it. */
  refusedId: string | null;
  onSelect: (org: OrganizationListItem) => void;
}

const REFUSAL_TAG_KEYS: Record<OrganizationRefusal, string> = {
  disabled: 'orgs.tag.disabled',
  noAccess: 'orgs.tag.noAccess',
};

/**
 * One group of accounts (personal or organisations), each a real button so the keyboard reaches it. Plain buttons,
 * not antd's: this screen paints before any antd is needed (the size budget, docs/performance.md).
 * Refused organisations stay clickable: the click explains why they cannot be entered (docs/organisation-selection.md).
 */
export function OrgsAccountList({
  title,
  accounts,
  enteringId,
  busy,
  refusalOf,
  refusedId,
  onSelect,
}: OrgsAccountListProps) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  if (accounts.length === 0) return null;
  return (
    <section className="auth-orgs__group" aria-labelledby={headingId}>
      <h2 id={headingId} className="auth-orgs__group-title">
        {title}
      </h2>
      <ul className="auth-orgs__list">
        {accounts.map((org) => {
          const refusal = refusalOf(org);
          const entering = enteringId === org.organizationId;
          return (
            <li key={org.organizationId}>
              <PlainButton
                block
                size="large"
                // A refused organisation reads as out of reach, not as chosen (#39 item 10): orgs-account-list.css.
                className={refusal ? 'auth-orgs__account auth-orgs__account--refused' : 'auth-orgs__account'}
                loading={entering}
                disabled={busy && !entering}
                onClick={() => onSelect(org)}
              >
                <span className="auth-orgs__name">{org.organizationName}</span>
                <span className="auth-orgs__role">{roleLabel(t, org.role, org.roleName)}</span>
                {refusal && <span className="auth-orgs__tag">{t(REFUSAL_TAG_KEYS[refusal])}</span>}
              </PlainButton>
              {refusal && refusedId === org.organizationId && (
                <InlineAlert type="warning" message={t(REFUSAL_MESSAGE_KEYS[refusal])} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
