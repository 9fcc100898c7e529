import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w api` writes a new SQL migration from the schema; the server applies
// pending migrations itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
