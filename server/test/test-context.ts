import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../src/platform/db/database.ts';
import { createNotifier } from '../src/platform/notifier/notifier.ts';
import { outboxStore, readOutbox } from '../src/modules/dev/outbox.service.ts';
import { addProfile, createPark, createUser } from '../src/modules/access/parks.service.ts';
import { testEngine } from './global-setup.ts';
import { setFixtureSubscription, type FixtureSubscription } from './subscription-fixture.ts';

/**
 * One test file's world: its own database cloned from the run's template, its own data folder,
 * and an app built on them. Everything a test needs to act as a person: create a park with its
 * owner, sign in through the real OTP flow, call the API.
 */
export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
  api(method: string, url: string, opts?: ApiOptions): Promise<ApiAnswer>;
  createPark(v?: ParkFixtureOptions): Promise<ParkFixture>;
  addMember(parkId: string, v: { type: string; roleNames?: string[]; password?: string }): Promise<{ email: string; phone: string; password: string; userId: string }>;
  signIn(v: { email?: string; phone?: string; password: string; type: string; webClient?: boolean }): Promise<SignedIn>;
  latestOtp(to: string): Promise<string>;
}

export interface ApiOptions {
  token?: string;
  profileId?: string;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

export interface ApiAnswer {
  status: number;
  code: number;
  message: string;
  data: any;
  raw: LightMyRequestResponse;
}

/**
 * `subscription`: 'paid' (default) gives the park a large paid subscription in place of its trial,
 * so tests add as many vehicles as they like; 'trial' keeps the new park's free trial (5 vehicles);
 * 'none' ends the trial yesterday (an expired park).
 */
export interface ParkFixtureOptions {
  name?: string;
  ownerPassword?: string;
  subscription?: FixtureSubscription;
}

export interface ParkFixture {
  park: { id: string; name: string };
  owner: { userId: string; email: string; phone: string; password: string };
}

export interface SignedIn {
  token: string;
  refresh_token?: string;
  profile_id: string;
  park_id: string;
  has_pin_code: boolean;
  cookie?: string;
}

let counter = 0;
/** Unique, valid contacts for each person a test creates. */
function contact() {
  counter += 1;
  const n = `${process.pid}${counter}`.slice(-8).padStart(8, '0');
  return { email: `user${n}.${randomBytes(3).toString('hex')}@test.flotte`, phone: `+2376${n}` };
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testEngine() === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const template = inject('postgresTemplate')!;
    const name = `flotte_t_${process.pid}_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString(), poolMax: 5 });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dump = readFileSync(inject('pgliteTemplate'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  const database = await openDatabase({ pglite, poolMax: 5 });
  return { database, drop: () => database.close() };
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flotte-test-'));
  const { database, drop } = await openTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, FLOTTE_DEMO: '0', FLOTTE_DEV_OUTBOX: '1', FLOTTE_JOBS: '0', WEB_DIST: path.join(dataDir, 'no-web'), ...env },
    { jwtSecret: randomBytes(32) },
  );
  const notifier = createNotifier(
    { sms: 'outbox', email: 'outbox', smtpFrom: 'Flotte <test@flotte.app>' },
    { outboxStore: outboxStore(database.db), log: { info: () => undefined } },
  );
  const app = await buildApp({ config, database, notifier });
  await app.ready();

  const ctx: TestContext = {
    app,
    database,
    config,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async api(method, url, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.profileId) headers.profile_id = opts.profileId;
      const raw = await app.inject({ method: method as 'GET', url, headers, payload: opts.body as object, cookies: opts.cookies });
      let json: { code?: number; message?: string; data?: unknown } = {};
      try {
        json = raw.json();
      } catch {
        /* not JSON: a file */
      }
      return { status: raw.statusCode, code: json.code ?? 0, message: json.message ?? '', data: json.data, raw };
    },
    async createPark(v = {}) {
      const park = await createPark(database.db, { name: v.name ?? 'Parc Test', countryCode: 'CM', city: 'Douala', currency: 'XAF' });
      await setFixtureSubscription(database.db, park.id, v.subscription ?? 'paid');
      const who = contact();
      const password = v.ownerPassword ?? 'Secret#2026';
      const user = await createUser(database.db, { ...who, password, firstName: 'Awa', lastName: 'Ndiaye' });
      await addProfile(database.db, { userId: user.id, parkId: park.id, type: 'proprietaire', owner: true });
      return { park: { id: park.id, name: park.name }, owner: { userId: user.id, ...who, password } };
    },
    async addMember(parkId, v) {
      const who = contact();
      const password = v.password ?? 'Secret#2026';
      const user = await createUser(database.db, { ...who, password, firstName: 'Koffi', lastName: 'Mensah' });
      await addProfile(database.db, { userId: user.id, parkId, type: v.type, roleNames: v.roleNames });
      return { ...who, password, userId: user.id };
    },
    async latestOtp(to) {
      const [item] = await readOutbox(database.db, to, 1);
      if (!item?.otp) throw new Error(`no code in the outbox for ${to}`);
      return item.otp;
    },
    async signIn(v) {
      const id = v.email ? { email: v.email } : { phone: v.phone };
      const headers: Record<string, string> = v.webClient ? { 'x-flotte-client': 'web' } : {};
      const login = await ctx.api('POST', '/api/login', { body: { type: v.type, credentials: { ...id, password: v.password } }, headers });
      if (login.code !== 5000) throw new Error(`login failed: ${login.message}`);
      const otp = await ctx.latestOtp((v.email ?? v.phone)!);
      const verified = await ctx.api('POST', '/api/login-verify-otp', { body: { ...id, otp, code: login.data.code }, headers });
      if (verified.code !== 5000) throw new Error(`otp failed: ${verified.message}`);
      const cookie = verified.raw.cookies.find((c) => c.name === 'flotte_rt')?.value;
      return { ...verified.data, cookie };
    },
  };
  return ctx;
}
