import { isNotNull, or } from 'drizzle-orm';
import { PORTAL_KEYS } from '../../../contract/v1/constants';
import type { DemoSeed } from '../../seed/demo-seed';
import { organizations } from '../organizations/schema';
import { portalBranding } from './schema';

/**
 * The demo organisations' colours (seeded on the organisation itself by the organisations module) become their
 * branding of every portal, so the demo shows a branded organisation that its owner can change and reset.
 */
export const brandingSeed: DemoSeed = {
  async run({ db, now }) {
    const branded = await db
      .select()
      .from(organizations)
      .where(
        or(
          isNotNull(organizations.primaryColor),
          isNotNull(organizations.secondaryColor),
          isNotNull(organizations.textColor),
        ),
      );
    for (const org of branded) {
      await db.insert(portalBranding).values(
        PORTAL_KEYS.map((portalKey) => ({
          organizationId: org.id,
          portalKey,
          primaryColor: org.primaryColor,
          secondaryColor: org.secondaryColor,
          textColor: org.textColor,
          updatedBy: org.ownerId,
          updatedAt: now,
        })),
      );
    }
  },
};
