import { Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';
import { organizationRefusal } from '../guards/access';
import { PluginRegistry } from '../plugin/plugin-registry-token';
import { SessionStore } from '../session/session-store';
import { roleLabel } from '../ui/format';

/**
 * The top of the side menu: account type, role, organisation name for business accounts, a switcher listing
 * only the organisations the one entry rule allows (enabled, with access to this portal), and 'Create
 * organisation' when a plugin provides that page and config allows it. Switching goes through the
 * account-selection page with `orgId`, which fetches the organisation token and applies its branding.
 */
export const AccountPanel = observer(function AccountPanel() {
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const routes = useService(PluginRegistry);
  const { t } = useTranslation('core');
  const navigate = useNavigate();
  const location = useLocation();
  const switcherId = useId();
  const active = session.activeOrganization;
  const switchable = session.organizations.filter(
    (org) => organizationRefusal(org, config.portalKey) === null,
  );
  const createOrganization = config.showCreateOrganization
    ? routes.wellKnownHref('create-organization')
    : undefined;
  return (
    <div className="portal-account-panel">
      {active && (
        <>
          <Typography.Text type="secondary">{t(`account.type.${active.accountType}`)}</Typography.Text>
          {active.accountType === 'business' && (
            <Typography.Text strong data-testid="account-organisation">
              {active.organizationName}
            </Typography.Text>
          )}
          <Typography.Text data-testid="account-role">
            {roleLabel(t, session.role ?? active.role, session.roleName)}
          </Typography.Text>
        </>
      )}
      {switchable.length > 1 && (
        <>
          <label htmlFor={switcherId} className="portal-visually-hidden">
            {t('account.switch')}
          </label>
          <select
            id={switcherId}
            className="portal-native-select"
            value={session.organizationId ?? ''}
            onChange={(e) => {
              const orgId = e.target.value;
              if (orgId === session.organizationId) return;
              const toUrl = `${location.pathname}${location.search}`;
              navigate(
                `${routes.wellKnownHref('account-selection')}?${new URLSearchParams({ orgId, toUrl }).toString()}`,
              );
            }}
          >
            {switchable.map((org) => (
              <option key={org.organizationId} value={org.organizationId}>
                {org.accountType === 'personal' ? t('account.personal') : org.organizationName}
              </option>
            ))}
          </select>
        </>
      )}
      {createOrganization && <Link to={createOrganization}>{t('account.create')}</Link>}
    </div>
  );
});
