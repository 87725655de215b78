import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the tables and committed; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema.ts',
  out: './migrations',
});
