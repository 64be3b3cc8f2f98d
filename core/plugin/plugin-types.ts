import type { ComponentType, ReactElement } from 'react';
import type { PortalBinder } from '../di/container';
import type { PortalConfig, RoleRule } from '../config/portal-config';
import type { GuardDefinition, GuardName } from '../guards/guard-types';
import type { RouteId } from './route-ids';
import type { RouteSlotAttachment } from './route-slots';
import type { WellKnownRoute } from './well-known-routes';

export type PluginId = string;

/** `auth` routes render in the auth layout (sign-in and its steps), `app` routes in the app layout behind the
 * protected guards (a user and an organisation), `public` routes alone. */
export type RouteLayout = 'public' | 'auth' | 'app';

export interface PortalRoute {
  /**
   * Qualified id, `<plugin>.<name>`, declared in the plugin's `PortalRouteIds` (./route-ids.ts). Config overrides
   * address routes by this id, never by path.
   */
  id: RouteId;
  /** Absolute path (`/billing/history`). A config override may move it. */
  path: string;
  layout: RouteLayout;
  /** The page module; default export is the page component. */
  load?: () => Promise<{ default: ComponentType }>;
  /** Instead of a page: redirect to another route, by id. */
  redirectTo?: RouteId;
  /** Guards beyond the ones the layout implies (`app` implies authenticated, orgSelected, portalAccess). */
  guards?: GuardName[];
  /** Qualified role-rule id that must allow the user (`billing.view`). */
  access?: string;
  /**
   * This route is the well-known page core and other plugins ask for by that name (`sign-in`,
   * `account-selection`…). One provider per name; see {@link WellKnownRoute}.
   */
  provides?: WellKnownRoute;
  /**
   * Shows this route as a tab or link in a named slot of another area's screens (`user-area`,
   * `organisation-area`…), hidden from users its `access` rule denies; see {@link RouteSlotAttachment}.
   */
  attachTo?: RouteSlotAttachment;
}

/**
 * The icons core draws for side-menu entries (core/layout/menu-icons.tsx), by name: a plugin's definition names one
 * instead of importing an icon, so the definitions every page loads stay small and the icons come with the layout.
 */
export type MenuIconName =
  | 'apps'
  | 'organisation'
  | 'billing'
  | 'verification'
  | 'branding'
  | 'profile'
  | 'security'
  | 'activity'
  | 'data';

export interface PortalMenuItem {
  id: string;
  /** The route this item opens, by id. */
  routeId: RouteId;
  /** i18n key in the plugin's namespace. */
  labelKey: string;
  /**
   * What the folded side menu shows for a top-level entry (#39 item 8): one of core's icons by name, or an element.
   * A top-level entry without one gets a plain page icon, never its bare initial.
   */
  icon?: MenuIconName | ReactElement;
  order?: number;
  /** Qualified role-rule id; the item is hidden when the rule denies the user. */
  access?: string;
  parentId?: string;
}

export interface PluginContext<TSettings> {
  pluginId: PluginId;
  config: PortalConfig;
  settings: TSettings;
}

/**
 * What a feature plugin gives the host. Its `index.ts` default-exports one of these and nothing else
 * of the plugin is loaded until a route needs it.
 * @example
 * const billing: PortalPlugin = {
 *   id: 'billing',
 *   roleRules: { 'billing.view': { anyOf: ['owner', 'admin'] } },
 *   routes: () => [{ id: 'billing.history', path: '/billing/history', layout: 'app',
 *                    access: 'billing.view', load: () => import('./pages/history-page') }],
 *   menu: () => [{ id: 'billing.menu', routeId: 'billing.history', labelKey: 'menu.billing', access: 'billing.view' }],
 * };
 * export default billing;
 */
export interface PortalPlugin<TSettings extends object = Record<string, unknown>> {
  id: PluginId;
  dependsOn?: PluginId[];
  defaultSettings?: TSettings;
  roleRules?: Record<string, RoleRule>;
  guards?: GuardDefinition[];
  // Method signatures, not function-typed properties: their parameters are compared both ways, so a plugin
  // with its own settings type is still an AnyPortalPlugin (the host hands each plugin only its own settings).
  bindings?(bind: PortalBinder, ctx: PluginContext<TSettings>): void;
  routes?(ctx: PluginContext<TSettings>): PortalRoute[];
  menu?(ctx: PluginContext<TSettings>): PortalMenuItem[];
}

/** A plugin whatever its settings type: what the host loads, orders and boots. */
export type AnyPortalPlugin = PortalPlugin<object>;

/** A plugin after boot: its definition with routes, menu and rules resolved against the config. */
export interface LoadedPlugin {
  plugin: AnyPortalPlugin;
  context: PluginContext<object>;
  routes: PortalRoute[];
  menu: PortalMenuItem[];
}
