import { text, timestamp } from 'drizzle-orm/pg-core';

/** Ids are generated in code (UUID v4): PGlite is PostgreSQL 18 but deployments may run 15. */
export const id = () => text('id').primaryKey();
/** Every timestamp is stored with its time zone and read as a `Date`. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
