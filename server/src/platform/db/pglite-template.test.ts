import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrate.ts';
import { copyPgliteTemplate, installedPgliteVersion, makePgliteTemplate } from './pglite-template.ts';

describe('the embedded database template', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'flotte-template-'));
  const template = path.join(root, 'template');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('gives a new data folder a copy of the migrated blank database, and only a new one', async () => {
    await makePgliteTemplate(async (pglite) => {
      await pglite.exec(`create table marker (note text); insert into marker values ('from the template')`);
    }, migrationsFolder(), template);
    const stamp = JSON.parse(readFileSync(path.join(template, 'flotte-template.json'), 'utf8'));
    expect(stamp.pglite).toBe(installedPgliteVersion());

    const fresh = path.join(root, 'data', 'pglite');
    expect(copyPgliteTemplate(fresh, template)).toBe(true);
    expect(existsSync(path.join(fresh, 'flotte-template.json'))).toBe(false);
    const pglite = await PGlite.create({ dataDir: fresh });
    try {
      expect((await pglite.query<{ note: string }>('select note from marker')).rows).toEqual([{ note: 'from the template' }]);
      await pglite.exec(`insert into marker values ('written since')`);
    } finally {
      await pglite.close();
    }
    // A folder that holds a database is never replaced.
    expect(copyPgliteTemplate(fresh, template)).toBe(false);
    const again = await PGlite.create({ dataDir: fresh });
    try {
      expect((await again.query('select note from marker')).rows).toHaveLength(2);
    } finally {
      await again.close();
    }
  });

  it('is not used when another PGlite version made it, nor when there is none', () => {
    const other = path.join(root, 'other');
    mkdirSync(other);
    writeFileSync(path.join(other, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(other, 'flotte-template.json'), JSON.stringify({ pglite: '0.0.1', migrations: '' }));
    expect(copyPgliteTemplate(path.join(root, 'a', 'pglite'), other)).toBe(false);
    expect(copyPgliteTemplate(path.join(root, 'b', 'pglite'), path.join(root, 'missing'))).toBe(false);
    expect(existsSync(path.join(root, 'a', 'pglite'))).toBe(false);
  });
});
