import { useService } from '@core';
import { useState } from 'react';
import { UserSecurityApi } from '../api/user-security-api';
import { RecoveryCodesStore } from '../stores/recovery-codes-store';
import { PasskeysPanel } from './passkeys-panel';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TwoFactorPanel } from './two-factor-panel';

/**
 * The second factors of the security pages: two-factor authentication, passkeys and recovery codes. The recovery
 * codes follow the other two: the first second factor turned on here makes and shows the first set
 * (docs/recovery-codes.md).
 */
export function SecondFactorPanels() {
  const api = useService(UserSecurityApi);
  const [recoveryCodes] = useState(() => new RecoveryCodesStore(api));
  const secondFactorChanged = () => void recoveryCodes.secondFactorChanged();
  return (
    <>
      <TwoFactorPanel onSecondFactorChange={secondFactorChanged} />
      <PasskeysPanel onSecondFactorChange={secondFactorChanged} />
      <RecoveryCodesPanel store={recoveryCodes} />
    </>
  );
}
