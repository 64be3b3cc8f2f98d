import { PluginRegistry, useService } from '@core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

/** Links between the /user pages, built from route ids so a deployment can move either page. */
export function UserPagesNav() {
  const { t } = useTranslation('two-factor');
  const registry = useService(PluginRegistry);
  const links = [
    { routeId: 'two-factor.user-details', label: t('nav.details') },
    { routeId: 'two-factor.user-security', label: t('nav.security') },
  ];
  return (
    <nav aria-label={t('nav.label')} className="two-factor-nav">
      {links.map((link) => (
        <NavLink key={link.routeId} to={registry.href(link.routeId)} className="two-factor-nav__link">
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
