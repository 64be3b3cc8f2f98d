import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns';
import { actionTokens } from '../auth/schema';
import { users } from '../users/schema';

/**
 * One change of an account's login address (docs/account-settings.md#changing-the-email-address). The mailed links
 * are action tokens (server/modules/auth/action-tokens.ts): `linkId` confirms the change from the new address,
 * `undoLinkId` (set once confirmed) puts the old address back. While the undo link is open, the old address stays
 * reserved for this account: nobody can sign up with it or move another account to it.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    linkId: text('link_id')
      .notNull()
      .references(() => actionTokens.id, { onDelete: 'cascade' }),
    undoLinkId: text('undo_link_id').references(() => actionTokens.id, { onDelete: 'set null' }),
    /** The user asked that every other login end when the change is made. */
    endOtherSessions: boolean('end_other_sessions').notNull().default(false),
    /** The login (session family) that asked: it stays signed in when the others end. */
    requestedBy: text('requested_by'),
    createdAt: at('created_at').notNull(),
    confirmedAt: at('confirmed_at'),
  },
  (t) => [
    uniqueIndex('email_changes_link_unique').on(t.linkId),
    uniqueIndex('email_changes_undo_link_unique').on(t.undoLinkId),
    index('email_changes_old_email_idx').on(t.oldEmail),
  ],
);
