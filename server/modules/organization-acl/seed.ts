import { eq } from 'drizzle-orm';
import type { DemoSeed } from '../../seed/demo-seed';
import { organizations } from '../organizations/schema';
import { insertDefaultRoles } from './acl-queries';

/** Every seeded business organisation gets the default grants of its admin and member roles. */
export const organizationAclSeed: DemoSeed = {
  async run({ db, now }) {
    const business = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.accountType, 'business'));
    for (const { id } of business) await insertDefaultRoles(db, id, now);
  },
};
