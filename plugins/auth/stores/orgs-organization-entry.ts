import type { PortalConfig, SessionStore, ThemeStore } from '@core';
import type { OrganizationAccessData, OrganizationListItem, Portal } from '@contract/v1/index';
import { runInAction } from 'mobx';
import type { AuthApi } from '../api/auth-api';

/** Why an organisation cannot be entered from this portal (spec §6). */
export type OrganizationRefusal = 'disabled' | 'noAccess';

/** The i18n key (namespace `auth`) of each refusal's message. */
export const REFUSAL_MESSAGE_KEYS: Record<OrganizationRefusal, string> = {
  disabled: 'auth:orgs.disabled',
  noAccess: 'auth:orgs.noAccess',
};

export interface OrganizationDirectory {
  /** This deployment's portal (`config.portalKey`), or undefined when the server does not know it. */
  portal: Portal | undefined;
  organizations: OrganizationListItem[];
}

/**
 * Entering an organisation, shared by the orgs screen and token-auth: load the directory, refuse what
 * spec §6 forbids, trade the user token for the organisation's token and make the session and theme
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

  /** Portals and organisations load in parallel (spec §4); the session keeps both for the side menu and the guards. */
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

  /** The server lists every portal key per organisation; a missing key is no access, like on the server. */
  refusal(org: OrganizationListItem): OrganizationRefusal | null {
    if (!org.enabled) return 'disabled';
    if (org.portals[this.config.portalKey]?.hasAccess !== true) return 'noAccess';
    return null;
  }

  async enter(
    org: OrganizationListItem,
    portalId: string,
    signal?: AbortSignal,
  ): Promise<OrganizationAccessData> {
    const { data } = await this.api.organizationAccess(
      { portalId, orgId: org.organizationId, newPortal: false },
      signal,
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
        { organizationId: org.organizationId, role: org.role },
        { accessToken: data.accessToken, refreshToken: data.refreshToken },
        data.logo,
      );
      this.session.setTwoFactorEnabledInOrg(data.twoFactorEnabledInOrg);
    });
    this.theme.applyBranding(data.branding);
    return data;
  }
}
