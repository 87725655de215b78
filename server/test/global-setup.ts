import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/database.ts';
import { applyMigrations } from '../src/platform/db/migrate.ts';

/**
 * Migrates one template database per run, so a test file copies it instead of paying for the
 * migrations: a PGlite data-folder dump, or a PostgreSQL database marked as a template.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

export function testEngine(): 'postgres' | 'pglite' {
  return process.env.FLOTTE_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const tmp = path.resolve(import.meta.dirname, '../.tmp');
  mkdirSync(tmp, { recursive: true });
  let teardown: (() => Promise<void>) | undefined;

  if (testEngine() === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('FLOTTE_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
    const name = `flotte_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const db = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), poolMax: 2 });
    await applyMigrations(db);
    await db.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    teardown = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const db = await openDatabase({ poolMax: 2 });
    await applyMigrations(db);
    if (!db.pglite) throw new Error('embedded database handle missing');
    // The socket server holds the instance while clients are attached: let them go first.
    await db.pool.end();
    const dump = await db.pglite.dumpDataDir('none');
    const file = path.join(tmp, `pglite-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await db.close().catch(() => undefined);
    project.provide('pgliteTemplate', file);
    project.provide('postgresTemplate', null);
  }
  return teardown;
}
