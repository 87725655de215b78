import { defineConfig } from 'vitest/config';

// Unit tests of contract/ and web/, unit and integration tests of server/. Integration tests get a database cloned
// from a template migrated once per run (server/test/global-setup.ts); FLOTTE_TEST_ENGINE=postgres
// runs them on the PostgreSQL server named by TEST_DATABASE_URL instead of embedded PGlite.
export default defineConfig({
  test: {
    include: ['contract/src/**/*.test.ts', 'server/src/**/*.test.ts', 'server/test/**/*.test.ts', 'web/src/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});
