import { observer } from 'mobx-react-lite';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';
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
  return (
    <span className={className ? `portal-brand ${className}` : 'portal-brand'} data-testid="portal-brand">
      {session.logo || config.logoUrl ? (
        <img className="portal-brand__logo" src={session.logo || config.logoUrl} alt={config.brandName} />
      ) : (
        config.brandName
      )}
    </span>
  );
});
