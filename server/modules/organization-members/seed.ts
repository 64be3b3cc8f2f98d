import type { DemoSeed } from '../../seed/demo-seed';
import { DEMO_IDS } from '../organizations/seed';
import { invitations } from '../organizations/schema';
import { demoUserIds } from '../users/seed';

/** An invitation that ran out, so the members list shows the 'expired' status (docs/access-control.md). */
export const EXPIRED_INVITATION_ID = '22222222-2222-4222-8222-000000000003';

const DAY_MS = 24 * 3600_000;

export const organizationMembersSeed: DemoSeed = {
  async run({ db, now }) {
    const ids = await demoUserIds(db);
    await db.insert(invitations).values({
      id: EXPIRED_INVITATION_ID,
      organizationId: DEMO_IDS.acme,
      email: 'expired@example.com',
      role: 'member',
      invitedBy: ids.demo,
      expiresAt: new Date(now.getTime() - 3 * DAY_MS),
      createdAt: new Date(now.getTime() - 10 * DAY_MS),
    });
  },
  summary: () => 'Expired invitation: expired@example.com to Acme (resend it from Organisation > Users)',
};
