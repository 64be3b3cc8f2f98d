import { ShopOutlined, UserOutlined } from '@ant-design/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useService } from '../di/use-service';
import { SessionStore } from '../session/session-store';
import { roleLabel } from '../ui/format';

/**
 * The account panel's place in the folded side menu: one button whose icon says personal or business and whose
 * name (and tooltip) says the account, the organisation and the role; it unfolds the menu, where the panel and its
 * switcher are (#39 item 8: the folded menu hid them without a trace).
 */
export const FoldedAccountButton = observer(function FoldedAccountButton({
  onUnfold,
}: {
  onUnfold: () => void;
}) {
  const session = useService(SessionStore);
  const { t } = useTranslation('core');
  const active = session.activeOrganization;
  if (!active) return null;
  const account = [
    active.accountType === 'business' ? active.organizationName : null,
    t(`account.type.${active.accountType}`),
    roleLabel(t, session.role ?? active.role, session.roleName),
  ]
    .filter(Boolean)
    .join(' · ');
  const label = t('account.unfold', { account });
  return (
    <button
      type="button"
      className="portal-folded-account"
      aria-label={label}
      title={account}
      onClick={onUnfold}
    >
      {active.accountType === 'business' ? <ShopOutlined aria-hidden /> : <UserOutlined aria-hidden />}
    </button>
  );
});
