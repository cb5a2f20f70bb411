import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @app/api db:generate` writes a migration for schema changes to drizzle/;
// `drizzle-kit generate --custom --name <what>` writes an empty one for hand-written SQL.
// The server applies them on start (src/db/migrate.ts). No database connection is needed here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
