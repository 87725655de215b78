import { openDatabase } from './database.ts';
import { applyMigrations, migrationsFolder } from './migrate.ts';
import { makePgliteTemplate, pgliteTemplateDir } from './pglite-template.ts';

/**
 * `node server/dist/make-pglite-template.js`, run by the build: makes the migrated blank embedded
 * database that a first start copies (see pglite-template.ts). The migrations go through the same
 * path as at start (node-postgres over pglite-socket), so the copy holds what a start would write.
 */
const t0 = Date.now();
await makePgliteTemplate(async (pglite) => {
  const database = await openDatabase({ pglite, poolMax: 2 });
  try {
    await applyMigrations(database);
  } finally {
    await database.close();
  }
}, migrationsFolder());
console.log(`pglite template: ${pgliteTemplateDir()} (${Date.now() - t0} ms)`);
