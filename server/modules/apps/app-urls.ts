import { devPortalLandingPath, devThirdPartyLandingPath } from '../../dev/app-landings';
import type { PortalLinks } from '../../services';

/**
 * Where launching sends the browser. With development routes on, every first-party portal and partner app is a
 * landing of this server (server/dev/app-landings.ts), so launching works end to end without the other products;
 * otherwise the URLs stored with the portals and apps.
 */
export class AppUrls {
  constructor(
    private readonly links: PortalLinks,
    private readonly devLandings: boolean,
  ) {}

  portal(portal: { key: string; url: string }): string {
    return this.links.resolve(this.devLandings ? devPortalLandingPath(portal.key) : portal.url);
  }

  thirdParty(app: { id: string; appUrl: string }): string {
    return this.links.resolve(this.devLandings ? devThirdPartyLandingPath(app.id) : app.appUrl);
  }

  /** The portal appends the token to this (docs/apps-and-sso.md: 'url plus token'). */
  ssoEntry(app: { id: string; appUrl: string }): string {
    const base = this.thirdParty(app);
    return `${base}${base.includes('?') ? '&' : '?'}token=`;
  }
}
