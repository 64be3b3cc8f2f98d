import { and, eq, inArray } from 'drizzle-orm';
import { isBrandColour } from '../../../contract/rules/colour';
import { brandingEndpoints } from '../../../contract/v1/branding';
import { endpointPath } from '../../../contract/v1/endpoint';
import type { Branding } from '../../../contract/v1/organization';
import type { Db } from '../../db/database';
import type { MailBrand } from '../../mail/templates';
import type { PortalLinks } from '../../services';
import { portalBranding } from './schema';

/** The account portal: the one whose branding the organisation list and the organisation's mails carry. */
export const ACCOUNT_PORTAL_KEY = 'kreanoAccount';

type BrandingRow = typeof portalBranding.$inferSelect;
/** The branding row's columns a session's branding is made of (the organisation list selects only these). */
type SessionBrandingColumns = Pick<
  BrandingRow,
  'primaryColor' | 'secondaryColor' | 'textColor' | 'logoId' | 'darkLogoId'
>;

/**
 * Where a stored logo is served (GET /v1/branding/logo/:logoId), as a path: an absolute URL built from PUBLIC_URL
 * breaks when the portal is opened under another host name (127.0.0.1 against localhost), since the page's own
 * Content-Security-Policy then refuses it. The portal resolves the path against its API origin; mails, which need
 * an absolute URL, resolve it with `links.resolve` (mailBrandOf).
 * @example logoPath('f3c…') // '/v1/branding/logo/f3c…'
 */
export function logoPath(logoId: string | null): string | null {
  return logoId ? endpointPath(brandingEndpoints.logoFile, { logoId }) : null;
}

/**
 * A stored colour as it may be applied: one that is not `#RRGGBB`/`#RRGGBBAA` (a row written before the rule, by
 * hand, or by an older release) is the product default, never passed on to a theme or a mail.
 */
export function applicableColour(value: string | null | undefined): string | null {
  return isBrandColour(value) ? value : null;
}

/** The branding the organisation list and access answer carry (contract/v1/organization.ts `Branding`). */
export function sessionBranding(row: SessionBrandingColumns | undefined): Branding {
  return {
    primaryColor: applicableColour(row?.primaryColor),
    secondaryColor: applicableColour(row?.secondaryColor),
    textColor: applicableColour(row?.textColor),
    file: logoPath(row?.logoId ?? null),
    darkLogo: logoPath(row?.darkLogoId ?? null),
  };
}

/**
 * Each organisation's branding of one portal, in one query: no row is the product default (all null).
 * @example (await brandingOfOrganizations(db, [acme], 'kreanoAccount')).get(acme)?.primaryColor
 */
export async function brandingOfOrganizations(
  db: Db,
  organizationIds: readonly string[],
  portalKey: string,
): Promise<Map<string, Branding>> {
  const rows =
    organizationIds.length === 0
      ? []
      : await db
          .select()
          .from(portalBranding)
          .where(
            and(
              inArray(portalBranding.organizationId, [...organizationIds]),
              eq(portalBranding.portalKey, portalKey),
            ),
          );
  const byOrganization = new Map(rows.map((row) => [row.organizationId, row]));
  return new Map(organizationIds.map((id) => [id, sessionBranding(byOrganization.get(id))]));
}

/** One organisation's branding of one portal. */
export async function brandingOf(db: Db, organizationId: string, portalKey: string): Promise<Branding> {
  return (await brandingOfOrganizations(db, [organizationId], portalKey)).get(organizationId)!;
}

/**
 * The brand of the mails an organisation's people receive (invitations, organisation notices): the logo and primary
 * colour of its account portal, each null when it has none (the mail then shows the product's). The logo is an
 * absolute URL on PUBLIC_URL: a mail client has no page origin to resolve a path against.
 * @example mailTemplates.invitation(email, org.name, inviter, url, language, await mailBrandOf(db, links, org.id, org.name))
 */
export async function mailBrandOf(
  db: Db,
  links: Pick<PortalLinks, 'resolve'>,
  organizationId: string,
  organizationName: string,
): Promise<MailBrand> {
  const branding = await brandingOf(db, organizationId, ACCOUNT_PORTAL_KEY);
  return {
    name: organizationName,
    logoUrl: branding.file ? links.resolve(branding.file) : null,
    primaryColor: branding.primaryColor,
  };
}
