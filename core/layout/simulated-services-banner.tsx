import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DeploymentFacts } from '../config/deployment-facts';
import { useService } from '../di/use-service';
import { SessionStore } from '../session/session-store';
import { InlineAlert } from '../ui/controls/inline-alert';

/** The roles that run the organisation and would otherwise believe a demonstration's charges and checks. */
const TOLD_ROLES = new Set(['owner', 'admin']);

/**
 * Tells owners and admins when this production deployment runs on simulated services (the deployer named them in
 * ALLOW_SIMULATED, docs/production.md): nothing is charged, texted or checked for real.
 */
export const SimulatedServicesBanner = observer(function SimulatedServicesBanner() {
  const { simulatedServices } = useService(DeploymentFacts);
  const session = useService(SessionStore);
  const { t, i18n } = useTranslation('core');
  if (simulatedServices.length === 0 || !TOLD_ROLES.has(session.role ?? '')) return null;
  const services = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    simulatedServices.map((service) => t(`simulated.${service}`)),
  );
  return (
    <div className="portal-simulated-banner">
      <InlineAlert type="warning" role="status" message={t('simulated.banner', { services })} />
    </div>
  );
});
