import type { PortalKey, RouteId } from '@core';
import { BRANDING_TABS as TAB_PORTALS, type BrandingTab } from '@contract/v1/branding-limits';

export type { BrandingTab };

/**
 * The branding screen's tabs in order, each with the portal it brands (the contract's one map). The route segment
 * keeps the product's spelling (`data-exchnage`); every visible title is spelled correctly.
 */
export const BRANDING_TABS = (Object.keys(TAB_PORTALS) as BrandingTab[]).map((tab) => ({
  tab,
  portalKey: TAB_PORTALS[tab] as PortalKey,
}));

/** The route id of a tab's page: `branding.admin`, `branding.data-exchnage`, … */
export const tabRouteId = (tab: BrandingTab): RouteId => `branding.${tab}`;
