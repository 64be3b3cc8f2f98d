/**
 * The public entry of the host: the only module plugins import (`@core`). Everything a plugin needs
 * to contribute routes, menu items, services, texts and screens is exported here.
 */
export * from './di';
export type { PluginConfigEntry, RoleRule, ThemeColors } from './config/portal-config';
export { PortalConfig } from './config/portal-config';
export type * from './plugin/plugin-types';
export { PluginRegistry } from './plugin/plugin-registry-token';
export type * from './guards/guard-types';
export { canAccess } from './guards/access';
export { SessionStore } from './session/session-store';
export type * from './session/session-types';
export { useLogout } from './session/use-logout';
export { HttpClient, ApiError, TokenRefresher } from './http';
export type { ApiResult, RequestOptions } from './http';
export { Notifier } from './ui/notifier';
export * from './ui';
export { ThemeStore } from './theme/theme-store';
export { PageSpinner } from './layout/page-spinner';
export { Translator } from './i18n/translator';
export { Captcha, CaptchaError, captchaField, useCaptcha } from './captcha/index';
