/**
 * How long the links of an email change work (docs/account-settings.md#changing-the-email-address). The portal
 * says them in its texts and the server enforces them. No schema library here: the portal bundles this file.
 */
export const EMAIL_CHANGE_LIMITS = {
  /** The link mailed to the new address: a change the user just started at their screen. */
  confirmLinkValidMinutes: 60,
  /** The undo link mailed to the old address: long enough for someone away for a weekend to see it. */
  undoLinkValidDays: 5,
} as const;
