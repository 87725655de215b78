import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A blank embedded database, migrated, made once by the build (`scripts/build.mjs`) next to the
 * server bundle. Creating a PGlite data folder runs initdb inside WebAssembly: about 4 s of CPU
 * and 900 MB at its peak on every first start. Copying this folder instead is a file copy (40 MB,
 * well under a second), and the migrations it already holds need not run again.
 *
 * The copy is used only when it was made by the PGlite version installed now (the data format
 * follows PostgreSQL's); otherwise, or when there is none (running from src/ with tsx), the first
 * start creates the folder as before. Migrations newer than the template still apply at start.
 */
const STAMP = 'flotte-template.json';

interface Stamp {
  pglite: string;
  migrations: string;
}

/**
 * Where the build puts the template: next to the bundle (server/dist/pglite-template); from src/
 * (tsx, `npm run dev`) the last build's one, if any.
 */
export function pgliteTemplateDir(): string {
  const bundled = path.resolve(import.meta.dirname, 'pglite-template');
  const fromSrc = path.resolve(import.meta.dirname, '../../../dist/pglite-template');
  return path.basename(path.resolve(import.meta.dirname, '../..')) === 'src' && existsSync(fromSrc) ? fromSrc : bundled;
}

/** The installed PGlite's version (its package.json), or null when it can't be read. */
export function installedPgliteVersion(): string | null {
  try {
    const pkg = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

/** The tag of the last migration in the journal (what a template must hold to be current). */
function lastMigrationTag(migrationsFolder: string): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)?.tag ?? '';
}

/**
 * Fills a new embedded data folder from the template when there is a usable one. Answers whether
 * it did; a folder that already holds a database is never touched.
 */
export function copyPgliteTemplate(pgliteDir: string, templateDir = pgliteTemplateDir()): boolean {
  if (existsSync(path.join(pgliteDir, 'PG_VERSION'))) return false;
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) return false;
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(templateDir, STAMP), 'utf8')) as Stamp;
  } catch {
    return false;
  }
  const version = installedPgliteVersion();
  if (!version || stamp.pglite !== version) return false;
  // Copied beside, then renamed: a start stopped halfway leaves no half database behind.
  const partial = `${pgliteDir}.partial-${process.pid}`;
  try {
    rmSync(partial, { recursive: true, force: true });
    cpSync(templateDir, partial, { recursive: true, filter: (src) => path.basename(src) !== STAMP });
    rmSync(pgliteDir, { recursive: true, force: true });
    renameSync(partial, pgliteDir);
    return true;
  } catch {
    // The template changed under us (a build making it again): create the folder as before.
    rmSync(partial, { recursive: true, force: true });
    return false;
  }
}

/**
 * Makes the template (the build runs this through server/dist/make-pglite-template.js): a new
 * data folder, migrated with `migrate`, closed cleanly, then moved into `templateDir` whole.
 */
export async function makePgliteTemplate(
  migrate: (pglite: PGlite) => Promise<void>,
  migrationsFolder: string,
  templateDir = pgliteTemplateDir(),
): Promise<void> {
  const version = installedPgliteVersion();
  if (!version) throw new Error('installed PGlite version not found');
  const work = `${templateDir}.work-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.dirname(work), { recursive: true });
  const pglite = await PGlite.create({ dataDir: work });
  try {
    await migrate(pglite);
  } finally {
    if (!pglite.closed) await pglite.close();
  }
  const stamp: Stamp = { pglite: version, migrations: lastMigrationTag(migrationsFolder) };
  writeFileSync(path.join(work, STAMP), `${JSON.stringify(stamp)}\n`);
  rmSync(templateDir, { recursive: true, force: true });
  try {
    renameSync(work, templateDir);
  } catch (err) {
    // Another build made it at the same moment: theirs will do.
    rmSync(work, { recursive: true, force: true });
    if (!existsSync(path.join(templateDir, STAMP))) throw err;
  }
}
