import type { PasswordPolicy } from '@contract/rules/index';
import { token } from '../di/container';
import type { PortalKey } from '../session/session-types';
import type { SupportChatConfig } from '../support-chat/support-chat-providers';

export interface ThemeColors {
  primary: string;
  primaryContrast: string;
  secondary: string;
  secondaryContrast: string;
  textPrimary: string;
}

/** A role rule from config or a plugin's defaults: all listed conditions must hold. */
export interface RoleRule {
  /** The active organisation's role must be one of these (case-insensitive). */
  anyOf?: string[];
  /** The active organisation's account type must be one of these. */
  accountTypes?: ('personal' | 'business')[];
  /**
   * The active organisation's role must hold one of these permissions (contract/v1/permissions.ts), as the server
   * says: the owner holds them all, any other role (built-in or custom) what its grants say.
   */
  permissions?: string[];
}

export interface PluginConfigEntry<TSettings = Record<string, unknown>> {
  enabled: boolean;
  settings?: TSettings;
  /** Overrides of the plugin's role rules, by qualified id (`billing.view`). */
  roles?: Record<string, RoleRule>;
  /** Overrides of route paths, by route id. */
  routes?: Record<string, { path?: string }>;
  /** Overrides of menu items, by menu id. */
  menu?: Record<string, { order?: number; hidden?: boolean }>;
}

/**
 * `portal.config.json` after validation, with every default filled in.
 * The README's configuration reference documents each key.
 */
export interface PortalConfig {
  brandName: string;
  /** The product's logo: the header and the auth layout when no organisation logo applies, and every mail. */
  logoUrl?: string;
  apiBaseUrl: string;
  portalKey: PortalKey;
  landingRoute: string;
  authLayout: { variant: 1 | 2 | 3 | 4; marketingTitles: string[] };
  theme: { preset: string; colors?: Partial<ThemeColors> };
  i18n: { languages: string[]; defaultLanguage: string };
  /** `scriptUrl` replaces the provider's script URL (a proxy, or a test double); the server's CSP follows it. */
  captcha: { provider: 'none' | 'recaptcha' | 'turnstile'; siteKey: string; scriptUrl?: string };
  /** An API call that takes longer fails with 'Please try again' (docs/api-errors.md). */
  requestTimeoutSeconds: number;
  idleWarningSeconds: number;
  appTabPrefix: string;
  supportEmail: string;
  legalLinks: { terms: string; privacy: string; collectionNotice: string };
  region: { timeZone: string; format: string };
  organizationLimit: number;
  /** The rule for passwords users choose (docs/validation-rules.md); the server applies the same one. */
  passwordPolicy: PasswordPolicy;
  showCreateOrganization: boolean;
  /** The support-chat helper (docs/support-chat.md); absent = no chat. */
  supportChat?: SupportChatConfig;
  plugins: Record<string, PluginConfigEntry>;
}
export const PortalConfig = token<PortalConfig>('core.portal-config');
