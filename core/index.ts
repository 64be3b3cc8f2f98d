/**
 * The public entry of the host: the only module plugins import (`@core`). Everything a plugin needs
 * to contribute routes, menu items, services, texts and screens is exported here.
 */
export * from './di';
export type { PluginConfigEntry, RoleRule, ThemeColors } from './config/portal-config';
export { PortalConfig } from './config/portal-config';
export { DeploymentFacts, type PaymentsFact } from './config/deployment-facts';
export type * from './plugin/plugin-types';
export { PluginRegistry } from './plugin/plugin-registry-token';
export type { RouteLinks, WellKnownRoute, RequiredWellKnownRoute } from './plugin/well-known-routes';
export type { PortalRouteIds, RouteId } from './plugin/route-ids';
export { useRouteHref, useWellKnownHref } from './plugin/use-route-href';
export type { RouteSlotName, RouteSlotAttachment, RouteSlotEntry } from './plugin/route-slots';
export { RouteSlot, type RouteSlotProps } from './plugin/route-slot';
export { useSlotLinks, type SlotLink } from './plugin/use-slot-links';
export { AreaPage, type AreaPageProps } from './plugin/area-page';
export { usePluginSettings } from './plugin/plugin-scope';
export { ChangePasswordDialog } from './plugin/extension-points';
export type { ChangePasswordDialogProps, ProvidedComponent } from './plugin/extension-points';
export { useProvidedComponent } from './plugin/use-provided-component';
export type * from './guards/guard-types';
export { canAccess, hasPortalAccess, organizationRefusal } from './guards/access';
export type { OrganizationRefusal } from './guards/access';
export { SessionStore } from './session/session-store';
export { readJwtClaims } from './session/jwt';
export { RecentAnswers, recentAnswerKey, type RecentAnswerKey } from './session/recent-answers';
export { PagedListStore } from './data/paged-list-store';
export type { ListStatus, Page, PagedListOptions, RememberedFirstPage } from './data/paged-list-store';
export {
  OrganizationAccessStore,
  useOrganizationAccess,
  type AccessStatus,
} from './session/organization-access-store';
export type * from './session/session-types';
export { useLogout } from './session/use-logout';
export { useDateFormat, type DateFormat } from './session/use-date-format';
export { HttpClient, ApiError, TokenRefresher, ReauthPrompt, useApiAssetUrl } from './http';
export type { ApiResult, RequestOptions } from './http';
export { Notifier } from './ui/notifier';
export { saveFile } from './ui/save-file';
export * from './ui';
export { ThemeStore } from './theme/theme-store';
export { AA_CONTRAST, contrastRatio } from './theme/contrast';
export { normalizeHexColor } from './theme/theme-colors';
export { AntdThemeProvider, withAntdTheme } from './theme/antd-theme-provider';
export { PageSpinner, SpinnerRing } from './layout/page-spinner';
export { Translator } from './i18n/translator';
export { TaggedText } from './i18n/tagged-text';
export { Captcha, CaptchaError, captchaField, useCaptcha } from './captcha/index';
