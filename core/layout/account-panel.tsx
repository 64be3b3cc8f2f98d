import { Select, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';
import { SessionStore } from '../session/session-store';
import { roleLabel } from '../ui/format';

/**
 * The top of the side menu (spec §2.10): account type, role, organisation name for business accounts,
 * a switcher listing only enabled organisations with access to this portal, and the create-organisation entry.
 * Switching goes through `/orgs?orgId=…`, which fetches the organisation token and applies its branding.
 */
export const AccountPanel = observer(function AccountPanel() {
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const { t } = useTranslation('core');
  const navigate = useNavigate();
  const location = useLocation();
  const switcherId = useId();
  const active = session.activeOrganization;
  const switchable = session.organizations.filter(
    (org) => org.enabled && org.portals[config.portalKey]?.hasAccess !== false,
  );
  return (
    <div className="portal-account-panel">
      {active && (
        <>
          <Typography.Text type="secondary">{t(`account.type.${active.accountType}`)}</Typography.Text>
          {active.accountType === 'business' && <Typography.Text strong>{active.organizationName}</Typography.Text>}
          <Typography.Text data-testid="account-role">{roleLabel(t, session.role ?? active.role)}</Typography.Text>
        </>
      )}
      {switchable.length > 1 && (
        <>
          <label htmlFor={switcherId} className="portal-visually-hidden">
            {t('account.switch')}
          </label>
          <Select
            id={switcherId}
            value={session.organizationId ?? undefined}
            aria-label={t('account.switch')}
            style={{ width: '100%' }}
            options={switchable.map((org) => ({
              value: org.organizationId,
              label: org.accountType === 'personal' ? t('account.personal') : org.organizationName,
            }))}
            onChange={(orgId: string) => {
              if (orgId === session.organizationId) return;
              const toUrl = `${location.pathname}${location.search}`;
              navigate(`/orgs?${new URLSearchParams({ orgId, toUrl }).toString()}`);
            }}
          />
        </>
      )}
      {config.showCreateOrganization && <Link to="/organisation/create">{t('account.create')}</Link>}
    </div>
  );
});
