import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { actionTokens } from '../auth/schema';
import { emailChanges } from './schema';

/**
 * True while `email` is the old address of a confirmed change whose undo link is still open, for an account other
 * than `exceptUserId`: the undo must be able to put it back, so nobody may sign up with it or move to it meanwhile.
 */
export async function addressReserved(
  db: Db,
  email: string,
  now: Date,
  exceptUserId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(emailChanges)
    .innerJoin(actionTokens, eq(actionTokens.id, emailChanges.undoLinkId))
    .where(
      and(
        eq(emailChanges.oldEmail, email),
        isNull(actionTokens.usedAt),
        gt(actionTokens.expiresAt, now),
        exceptUserId ? ne(emailChanges.userId, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
