import {
  organizationRefusal,
  type OrganizationRefusal,
  type PortalConfig,
  type SessionStore,
  type ThemeStore,
} from '@core';
import type { OrganizationAccessData, OrganizationListItem, Portal } from '@contract/v1/index';
import { runInAction } from 'mobx';
import type { AuthApi } from '../api/auth-api';

export type { OrganizationRefusal };

/** The i18n key (namespace `auth`) of each refusal's message. */
export const REFUSAL_MESSAGE_KEYS: Record<OrganizationRefusal, string> = {
  disabled: 'auth:orgs.disabled',
  noAccess: 'auth:orgs.noAccess',
};

/** How one entry is made. */
export interface EntryOptions {
  /**
   * The user's answer to the enforced-2FA notice (Skip or Proceed): the server switches email 2FA on and issues the
   * token (docs/organisation-selection.md#entering-an-organisation).
   */
  enableTwoFactor?: boolean;
  /** The caller shows a failure itself instead of the HTTP client. */
  silent?: boolean;
}

export interface OrganizationDirectory {
  /** This deployment's portal (`config.portalKey`), or undefined when the server does not know it. */
  portal: Portal | undefined;
  organizations: OrganizationListItem[];
}

/**
 * Entering an organisation, shared by the orgs screen and token-auth: load the directory, refuse what
 * core's entry rule forbids, trade the user token for the organisation's token and make the session and theme
 * follow. Failed calls reject with the ApiError the HTTP client has already shown.
 * @example
 * const entry = new OrganizationEntry(api, session, theme, config);
 * const { portal, organizations } = await entry.loadDirectory(signal);
 * if (portal && !entry.refusal(org)) await entry.enter(org, portal.id, signal);
 */
export class OrganizationEntry {
  constructor(
    private readonly api: AuthApi,
    private readonly session: SessionStore,
    private readonly theme: ThemeStore,
    private readonly config: PortalConfig,
  ) {}

  /** Portals and organisations load in parallel; the session keeps both for the side menu and the guards. */
  async loadDirectory(signal?: AbortSignal): Promise<OrganizationDirectory> {
    const [portals, organizations] = await Promise.all([
      this.api.portals(signal),
      this.api.organizationList(signal),
    ]);
    const portalList = portals.data.portal;
    const list = organizations.data.organizationList;
    runInAction(() => {
      this.session.setPortals(portalList);
      this.session.setOrganizations(list);
    });
    return { portal: portalList.find((p) => p.key === this.config.portalKey), organizations: list };
  }

  /** Core's one rule, the same the side menu's switcher filters with: a missing portal key is no access. */
  refusal(org: OrganizationListItem): OrganizationRefusal | null {
    return organizationRefusal(org, this.config.portalKey);
  }

  /**
   * Trades the user token for the organisation's. An organisation that enforces 2FA refuses a user with it off
   * (ApiError code `TWO_FACTOR_REQUIRED`) unless `enableTwoFactor` carries the user's answer to the notice.
   */
  async enter(
    org: OrganizationListItem,
    portalId: string,
    signal?: AbortSignal,
    { enableTwoFactor = false, silent = false }: EntryOptions = {},
  ): Promise<OrganizationAccessData> {
    const { data } = await this.api.organizationAccess(
      {
        portalId,
        orgId: org.organizationId,
        newPortal: false,
        ...(enableTwoFactor ? { enableTwoFactor: true } : {}),
      },
      signal,
      silent,
    );
    runInAction(() => {
      // The access token's branding is the newest; storing it on the cached organisation keeps a reload
      // (which re-applies the cached branding) showing the same colours.
      this.session.setOrganizations(
        this.session.organizations.map((o) =>
          o.organizationId === org.organizationId ? { ...o, branding: data.branding } : o,
        ),
      );
      this.session.selectOrganization(
        // The server's role and grants now; the cached list's role may be older.
        {
          organizationId: org.organizationId,
          role: data.role,
          roleName: data.roleName,
          permissions: data.permissions,
        },
        { accessToken: data.accessToken, refreshToken: data.refreshToken },
        data.logo,
        data.regionalConfig ?? null,
      );
      this.session.setTwoFactorEnabledInOrg(data.twoFactorEnabledInOrg);
      if (enableTwoFactor) this.session.setTwoFactorEnabled(true);
    });
    this.theme.applyBranding(data.branding);
    return data;
  }
}
