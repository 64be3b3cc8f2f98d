import { AntdThemeProvider, type ChangePasswordDialogProps } from '@core';
import type { ComponentType } from 'react';
import OrgsTwoFactorNoticeModal, { type OrgsTwoFactorNoticeModalProps } from './orgs-two-factor-notice-modal';

export interface OrgsPageDialogsProps {
  /** Core's ChangePasswordDialog as another plugin provides it; null when none does. */
  ChangePassword: ComponentType<ChangePasswordDialogProps> | null;
  phase: 'passwordReset' | 'twoFactorNotice';
  enablingTwoFactor: boolean;
  onPasswordResetDone: () => void;
  onTwoFactorAnswer: OrgsTwoFactorNoticeModalProps['onAnswer'];
}

/**
 * The dialogs an organisation may ask for on the selection screen, with the antd theme they need. Loaded only when
 * one opens: antd's ConfigProvider and its css-in-js runtime stay off the screen's first paint (docs/performance.md).
 */
export default function OrgsPageDialogs(props: OrgsPageDialogsProps) {
  const { ChangePassword } = props;
  return (
    <AntdThemeProvider>
      {props.phase === 'passwordReset' && ChangePassword && (
        <ChangePassword open reason="administratorRequest" onDone={props.onPasswordResetDone} />
      )}
      {props.phase === 'twoFactorNotice' && (
        <OrgsTwoFactorNoticeModal busy={props.enablingTwoFactor} onAnswer={props.onTwoFactorAnswer} />
      )}
    </AntdThemeProvider>
  );
}
