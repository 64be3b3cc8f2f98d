import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PortalKey } from '../../../contract/v1/common';
import type {
  LogoData,
  LogoChangeData,
  PortalBranding,
  ResetBrandingQuery,
  UpdateBrandingBody,
  UpdateLogoBody,
} from '../../../contract/v1/branding';
import type { LogoVariant } from '../../../contract/v1/branding-limits';
import type { Db } from '../../db/database';
import { badRequest, fieldError, notFound } from '../../http/errors';
import type { MessageKey } from '../../i18n/message';
import { newId } from '../../security/random';
import type { Services } from '../../services';
import { portals } from '../organizations/schema';
import type { AuthContext } from '../sessions/session-service';
import { applicableColour, logoPath } from './branding-queries';
import { LogoRefused, processLogo } from './logo-processing';
import { brandingLogos, portalBranding } from './schema';

export const BRANDING_MESSAGES = {
  list: 'branding.list',
  updated: 'branding.updated',
  reset: 'branding.reset',
  logo: 'branding.logo',
  logoSaved: 'branding.logoSaved',
  logoCleaned: 'branding.logoCleaned',
  logoRemoved: 'branding.logoRemoved',
  logoNotFound: 'branding.logoNotFound',
  nothingToUpdate: 'branding.nothingToUpdate',
  portalNotFound: 'organizations.portalNotFound',
} satisfies Record<string, MessageKey>;

export type BrandingServiceNeeds = Pick<Services, 'db' | 'clock' | 'audit' | 'svgSanitiser'>;

type PortalRow = typeof portals.$inferSelect;
type BrandingRow = typeof portalBranding.$inferSelect;
type Colours = Pick<BrandingRow, 'primaryColor' | 'secondaryColor' | 'textColor'>;
/** What the audit trail keeps of one portal's branding before and after a change. */
type AuditedBranding = Colours & { logoId: string | null; darkLogoId: string | null };

const COLOUR_FIELDS = ['primaryColor', 'secondaryColor', 'textColor'] as const;
const LOGO_COLUMN: Record<LogoVariant, 'logoId' | 'darkLogoId'> = { logo: 'logoId', darkLogo: 'darkLogoId' };

const audited = (row: BrandingRow | undefined): AuditedBranding => ({
  primaryColor: row?.primaryColor ?? null,
  secondaryColor: row?.secondaryColor ?? null,
  textColor: row?.textColor ?? null,
  logoId: row?.logoId ?? null,
  darkLogoId: row?.darkLogoId ?? null,
});

/** A stored logo as served by GET /v1/branding/logo/:logoId. */
export interface LogoFile {
  mediaType: string;
  data: Buffer;
  etag: string;
}

/**
 * Each organisation's branding of every portal (docs/branding.md). The organisation is always the one of the
 * caller's access token, and the router has already checked `branding.manage` in it; a portal is named by id or key.
 */
export class BrandingService {
  constructor(private readonly s: BrandingServiceNeeds) {}

  /** Every portal of the catalogue with the organisation's branding of it. */
  async list(auth: AuthContext): Promise<PortalBranding[]> {
    const organizationId = auth.organizationId!;
    const catalogue = await this.s.db.select().from(portals).orderBy(asc(portals.sortOrder));
    return this.describe(organizationId, catalogue);
  }

  async logos(auth: AuthContext, portalId: string): Promise<LogoData> {
    const [portal] = await this.portalsFor(portalId, false);
    const [branding] = await this.describe(auth.organizationId!, [portal]);
    return { portalId: portal.id, logo: branding.logo, darkLogo: branding.darkLogo };
  }

  /** Sets the colours given (and keeps the others) on one portal or, with `setToAllPortal`, on every portal. */
  async updateColours(
    auth: AuthContext,
    body: UpdateBrandingBody,
    request: FastifyRequest,
  ): Promise<PortalBranding[]> {
    const colours: Partial<Colours> = {};
    for (const field of COLOUR_FIELDS) if (body[field] !== undefined) colours[field] = body[field];
    if (Object.keys(colours).length === 0)
      throw badRequest(BRANDING_MESSAGES.nothingToUpdate, 'NOTHING_TO_UPDATE');
    const targets = await this.portalsFor(body.portalId, body.setToAllPortal === true);
    await this.change(auth, targets, request, 'branding.updated', () => colours);
    return this.describe(auth.organizationId!, targets);
  }

  /** Back to the product defaults: colours and both logos of one portal, or of every portal. */
  async reset(
    auth: AuthContext,
    query: ResetBrandingQuery,
    request: FastifyRequest,
  ): Promise<PortalBranding[]> {
    const targets = await this.portalsFor(query.portalId, query.setToAllPortal === true);
    await this.change(auth, targets, request, 'branding.reset', () => ({
      primaryColor: null,
      secondaryColor: null,
      textColor: null,
      logoId: null,
      darkLogoId: null,
    }));
    return this.describe(auth.organizationId!, targets);
  }

  /**
   * Stores a new logo (or removes one with `data: null`) for one portal or every portal. The file is checked and
   * normalised before anything is written (./logo-processing.ts): a refused file changes nothing.
   */
  async updateLogo(
    auth: AuthContext,
    body: UpdateLogoBody,
    request: FastifyRequest,
  ): Promise<LogoChangeData> {
    const organizationId = auth.organizationId!;
    const targets = await this.portalsFor(body.portalId, body.setToAllPortal === true);
    const column = LOGO_COLUMN[body.variant];
    if (body.data === null) {
      await this.change(auth, targets, request, 'branding.updated', () => ({ [column]: null }));
      return { portals: await this.describe(organizationId, targets), cleaned: false };
    }
    const logo = await processLogo(Buffer.from(body.data, 'base64'), this.s.svgSanitiser).catch(
      (error: unknown) => {
        if (error instanceof LogoRefused)
          throw fieldError('data', `branding.${error.reason}`, 'LOGO_REFUSED');
        throw error;
      },
    );
    const logoId = newId();
    await this.change(
      auth,
      targets,
      request,
      'branding.updated',
      () => ({ [column]: logoId }),
      async (tx) => {
        await tx.insert(brandingLogos).values({
          id: logoId,
          organizationId,
          mediaType: logo.mediaType,
          data: logo.bytes,
          sha256: createHash('sha256').update(logo.bytes).digest('base64url'),
          width: logo.width,
          height: logo.height,
          createdBy: auth.userId,
          createdAt: this.s.clock.now(),
        });
      },
    );
    return { portals: await this.describe(organizationId, targets), cleaned: logo.cleaned };
  }

  /** A stored logo, public: its id is random and unguessable, and a logo is shown to anyone the brand is shown to. */
  async logoFile(logoId: string): Promise<LogoFile> {
    const [row] = await this.s.db
      .select({ mediaType: brandingLogos.mediaType, data: brandingLogos.data, sha256: brandingLogos.sha256 })
      .from(brandingLogos)
      .where(eq(brandingLogos.id, logoId));
    if (!row) throw notFound(BRANDING_MESSAGES.logoNotFound, 'LOGO_NOT_FOUND');
    return { mediaType: row.mediaType, data: row.data, etag: `"${row.sha256}"` };
  }

  /** The portal named by id or key, or every portal of the catalogue. */
  private async portalsFor(portalId: string, all: boolean): Promise<PortalRow[]> {
    const [portal] = await this.s.db
      .select()
      .from(portals)
      .where(or(eq(portals.id, portalId), eq(portals.key, portalId)));
    if (!portal) throw notFound(BRANDING_MESSAGES.portalNotFound, 'PORTAL_NOT_FOUND');
    if (!all) return [portal];
    return this.s.db.select().from(portals).orderBy(asc(portals.sortOrder));
  }

  /**
   * Applies one change to each target portal in one transaction, with an audit entry per portal (who, which portal,
   * before and after), and deletes the organisation's logos no portal points to any more.
   */
  private async change(
    auth: AuthContext,
    targets: PortalRow[],
    request: FastifyRequest,
    event: 'branding.updated' | 'branding.reset',
    values: () => Partial<AuditedBranding>,
    before?: (tx: Db) => Promise<void>,
  ): Promise<void> {
    const organizationId = auth.organizationId!;
    const now = this.s.clock.now();
    const keys = targets.map((portal) => portal.key);
    await this.s.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await before?.(tx);
      const existing = await tx
        .select()
        .from(portalBranding)
        .where(
          and(eq(portalBranding.organizationId, organizationId), inArray(portalBranding.portalKey, keys)),
        );
      const byKey = new Map(existing.map((row) => [row.portalKey, row]));
      for (const portal of targets) {
        const previous = audited(byKey.get(portal.key));
        const next = { ...previous, ...values() };
        await tx
          .insert(portalBranding)
          .values({ organizationId, portalKey: portal.key, ...next, updatedBy: auth.userId, updatedAt: now })
          .onConflictDoUpdate({
            target: [portalBranding.organizationId, portalBranding.portalKey],
            set: { ...next, updatedBy: auth.userId, updatedAt: now },
          });
        await this.s.audit.record(
          request,
          {
            event,
            userId: auth.userId,
            organizationId,
            details: { portal: portal.key, before: previous, after: next },
          },
          tx,
        );
      }
      await this.deleteUnusedLogos(tx, organizationId);
    });
  }

  private async deleteUnusedLogos(tx: Db, organizationId: string): Promise<void> {
    await tx.delete(brandingLogos).where(
      and(
        eq(brandingLogos.organizationId, organizationId),
        sql`${brandingLogos.id} not in (
          select ${portalBranding.logoId} from ${portalBranding}
            where ${portalBranding.organizationId} = ${organizationId} and ${portalBranding.logoId} is not null
          union
          select ${portalBranding.darkLogoId} from ${portalBranding}
            where ${portalBranding.organizationId} = ${organizationId} and ${portalBranding.darkLogoId} is not null
        )`,
      ),
    );
  }

  private async describe(organizationId: string, targets: PortalRow[]): Promise<PortalBranding[]> {
    const rows = await this.s.db
      .select()
      .from(portalBranding)
      .where(
        and(
          eq(portalBranding.organizationId, organizationId),
          inArray(
            portalBranding.portalKey,
            targets.map((portal) => portal.key),
          ),
        ),
      );
    const byKey = new Map(rows.map((row) => [row.portalKey, row]));
    return targets.map((portal) => {
      const row = byKey.get(portal.key);
      return {
        portalId: portal.id,
        portalKey: portal.key as PortalKey,
        portalName: portal.name,
        // What is applied is what is shown: an invalid stored colour reads as the default (docs/branding.md).
        primaryColor: applicableColour(row?.primaryColor),
        secondaryColor: applicableColour(row?.secondaryColor),
        textColor: applicableColour(row?.textColor),
        logo: logoPath(row?.logoId ?? null),
        darkLogo: logoPath(row?.darkLogoId ?? null),
        updatedAt: row ? row.updatedAt.toISOString() : null,
      };
    });
  }
}
