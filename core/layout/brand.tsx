import { observer } from 'mobx-react-lite';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';
import { useApiAssetUrl } from '../http/api-asset-url';
import { SessionStore } from '../session/session-store';

/**
 * The brand: the organisation's logo when the session has one (its text is the brand name, for screen readers),
 * else the configured `logoUrl`, else the configured brand name. Shown in the auth layout and the app header; it takes the colour of where it
 * sits (`color: inherit`), so the surrounding layout decides its contrast (docs/theming.md).
 * @example
 * <Brand className="portal-auth__brand" />
 */
export const Brand = observer(function Brand({ className }: { className?: string }) {
  const config = useService(PortalConfig);
  const session = useService(SessionStore);
  const assetUrl = useApiAssetUrl();
  // The organisation's logo is a path on the API; the configured one is the deployment's own URL.
  const logo = assetUrl(session.logo) ?? config.logoUrl;
  return (
    <span className={className ? `portal-brand ${className}` : 'portal-brand'} data-testid="portal-brand">
      {logo ? (
        <img className="portal-brand__logo" src={logo} alt={config.brandName} />
      ) : (
        config.brandName
      )}
    </span>
  );
});
