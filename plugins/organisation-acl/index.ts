import type { PortalPlugin } from '@core';
import { OrganisationApi } from './api/organisation-api-token';

// This plugin's route ids, so a link to one is checked by the compiler (core/plugin/route-ids.ts).
declare module '@core' {
  interface PortalRouteIds {
    'organisation-acl.acl': true;
    'organisation-acl.create': true;
    'organisation-acl.root': true;
    'organisation-acl.settings': true;
    'organisation-acl.users': true;
  }
}

/**
 * Organisations, their members and invitations, roles and access control, and organisation settings
 * (docs/screens-and-routes.md, docs/access-control.md), in the app layout. `/organisation/create` is the well-known `create-organization` page
 * the side menu's 'Create organisation' opens. Who sees the menu entries and may open the pages is decided by the
 * role rules below (overridable in config); the server checks each call's permission anyway, and the pages
 * hide the actions the user's permissions do not allow. Pages are lazy: this entry only describes them.
 */
const organisationAcl: PortalPlugin = {
  id: 'organisation-acl',
  roleRules: {
    /** Members and invitations, for holders of `members.view` (every built-in role) in a business organisation. */
    'organisation-acl.members': { accountTypes: ['business'], permissions: ['members.view'] },
    /** Access control: roles and their permissions (`acl.manage`). */
    'organisation-acl.manage': { accountTypes: ['business'], permissions: ['acl.manage'] },
    /** Organisation settings (`settings.manage`). */
    'organisation-acl.settings': { accountTypes: ['business'], permissions: ['settings.manage'] },
  },
  bindings: (bind) => bind.lazySingleton(OrganisationApi, () => import('./api/organisation-api').then((m) => m.HttpOrganisationApi)),
  routes: () => [
    {
      id: 'organisation-acl.root',
      path: '/organisation',
      layout: 'app',
      redirectTo: 'organisation-acl.users',
    },
    {
      id: 'organisation-acl.create',
      path: '/organisation/create',
      layout: 'app',
      provides: 'create-organization',
      load: () => import('./pages/create-organisation-page'),
    },
    {
      id: 'organisation-acl.users',
      path: '/organisation/users',
      layout: 'app',
      attachTo: { slot: 'organisation-area', labelKey: 'menu.users', order: 10 },
      access: 'organisation-acl.members',
      load: () => import('./pages/members-page'),
    },
    {
      id: 'organisation-acl.acl',
      path: '/organisation/acl',
      layout: 'app',
      attachTo: { slot: 'organisation-area', labelKey: 'menu.acl', order: 20 },
      access: 'organisation-acl.manage',
      load: () => import('./pages/access-control-page'),
    },
    {
      id: 'organisation-acl.settings',
      path: '/organisation/settings',
      layout: 'app',
      attachTo: { slot: 'organisation-area', labelKey: 'menu.settings', order: 30 },
      access: 'organisation-acl.settings',
      load: () => import('./pages/organisation-settings-page'),
    },
  ],
  menu: () => [
    {
      id: 'organisation-acl.menu',
      routeId: 'organisation-acl.root',
      labelKey: 'menu.organisation',
      icon: 'organisation',
      access: 'organisation-acl.members',
      order: 10,
    },
    {
      id: 'organisation-acl.users',
      routeId: 'organisation-acl.users',
      labelKey: 'menu.users',
      access: 'organisation-acl.members',
      parentId: 'organisation-acl.menu',
      order: 11,
    },
    {
      id: 'organisation-acl.acl',
      routeId: 'organisation-acl.acl',
      labelKey: 'menu.acl',
      access: 'organisation-acl.manage',
      parentId: 'organisation-acl.menu',
      order: 12,
    },
    {
      id: 'organisation-acl.settings',
      routeId: 'organisation-acl.settings',
      labelKey: 'menu.settings',
      access: 'organisation-acl.settings',
      parentId: 'organisation-acl.menu',
      order: 13,
    },
  ],
};
export default organisationAcl;
