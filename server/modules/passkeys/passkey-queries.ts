import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { passkeys } from './schema';

/** Whether an account has a passkey: a password login then offers it as its second step (docs/passkeys.md). */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return (row?.n ?? 0) > 0;
}
