import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; the server applies them at start-up.
// One history for every table: the shared services' tables and each feature module's own schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/modules/*/schema.ts'],
  out: './server/db/migrations',
});
