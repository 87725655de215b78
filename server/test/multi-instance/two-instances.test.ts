import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { openDatabase, type Database } from '../../src/platform/db/database.ts';
import { createNotifier } from '../../src/platform/notifier/notifier.ts';
import { outboxStore, readOutbox } from '../../src/modules/dev/outbox.service.ts';
import { runRecipeJob } from '../../src/modules/recipes/recipe-job.ts';
import { recipes } from '../../src/modules/recipes/recipes.tables.ts';
import { insertEntries, recipeWorld, setRecipeConfig, type RecipeWorld } from '../../src/modules/recipes/recipes-test-helpers.ts';
import { addDays } from '../../src/modules/recipes/recipe-periods.ts';
import { fromWireDate } from '../../src/platform/dates.ts';
import { testEngine } from '../global-setup.ts';
import { TINY_PNG } from '../multipart.ts';
import { randomClientIp, testRedisUrl } from '../redis.ts';
import { startTestS3, type TestS3 } from '../s3-server.ts';
import { createTestContext, type TestContext } from '../test-context.ts';

/**
 * Two app instances on one PostgreSQL database, as behind a load balancer: files in one S3 bucket
 * (s3rver), rate limits in one Redis, the same JWT_SECRET, each with its own DATA_DIR. Real HTTP on
 * two ports. Runs in the PostgreSQL stage of `npm test` (TEST_DATABASE_URL) when Redis answers.
 */
const onPostgres = testEngine() === 'postgres';
const redisUrl = onPostgres ? await testRedisUrl() : null;

const SIGNIN_LIMIT = 5;

interface Instance {
  app: FastifyInstance;
  base: string;
  database: Database;
  dataDir: string;
}

let s3: TestS3;
let ctx: TestContext; // instance A: the test context's app, on its own cloned database
let a: Instance;
let b: Instance;
const ownIp = randomClientIp();

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** A request through real HTTP, from `ip` (the instances trust X-Forwarded-For, as behind a proxy). */
async function call(on: Instance, method: string, url: string, opts: { token?: string; profileId?: string; json?: unknown; form?: FormData; ip?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? ownIp };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.profileId) headers['profile-id'] = opts.profileId;
  let body: string | FormData | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  const res = await fetch(`${on.base}${url}`, { method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: { code?: number; message?: string; data?: any } = {};
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    /* a file */
  }
  return { status: res.status, code: json.code, message: json.message, data: json.data, bytes };
}

describe.skipIf(!onPostgres || !redisUrl)('two instances on one PostgreSQL, one bucket, one Redis', () => {
  let world: RecipeWorld;
  let owner: { email: string; password: string };

  beforeAll(async () => {
    s3 = await startTestS3();
    const env = { ...s3.env, REDIS_URL: redisUrl!, SIGNIN_RATE_LIMIT: String(SIGNIN_LIMIT), TRUST_PROXY: '1' };
    ctx = await createTestContext(env);
    a = { app: ctx.app, base: await listen(ctx.app), database: ctx.database, dataDir: ctx.config.dataDir };

    // Instance B: another pool on the same database, another data folder, the same signing secret.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flotte-test-b-'));
    const database = await openDatabase({ databaseUrl: ctx.database.url, poolMax: 5 });
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: dataDir, FLOTTE_DEMO: '0', FLOTTE_DEV_OUTBOX: '1', FLOTTE_JOBS: '0', WEB_DIST: path.join(dataDir, 'no-web'), ...env },
      { jwtSecret: ctx.config.jwtSecret },
    );
    const notifier = createNotifier({ sms: 'outbox', email: 'outbox', smtpFrom: 'Flotte <test@flotte.app>' }, { outboxStore: outboxStore(database.db), log: { info: () => undefined } });
    const app = await buildApp({ config, database, notifier });
    b = { app, base: await listen(app), database, dataDir };

    world = await recipeWorld(ctx);
    const fx = await ctx.createPark({ name: 'Parc Deux Serveurs' });
    owner = { email: fx.owner.email, password: fx.owner.password };
  });

  afterAll(async () => {
    await b?.app.close();
    await b?.database.close();
    if (b) rmSync(b.dataDir, { recursive: true, force: true });
    await ctx?.close();
    await s3?.close();
  });

  /** Signs in with the one-time code: the password on `first`, the code on `second`. */
  async function signIn(first: Instance, second: Instance) {
    const login = await call(first, 'POST', '/api/login', { json: { type: 'proprietaire', credentials: { email: owner.email, password: owner.password } } });
    expect(login.code, login.message).toBe(5000);
    const [sent] = await readOutbox(ctx.database.db, owner.email, 1);
    const verified = await call(second, 'POST', '/api/login-verify-otp', { json: { email: owner.email, otp: sent.otp, code: login.data.code } });
    expect(verified.code, verified.message).toBe(5000);
    return verified.data as { token: string; profile_id: string; park_id: string };
  }

  it('signs in on one instance and works on the other', async () => {
    const s = await signIn(a, b);
    const me = await call(b, 'GET', '/api/user', { token: s.token, profileId: s.profile_id });
    expect(me.status).toBe(200);
    expect(me.data.email).toBe(owner.email);
    // And back on A, with the session B opened.
    expect((await call(a, 'GET', '/api/user', { token: s.token, profileId: s.profile_id })).status).toBe(200);
  });

  it('serves on one instance the photo uploaded through the other, directly and by its signed link', async () => {
    const s = await signIn(b, a);
    const form = new FormData();
    form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'photo.png');
    const up = await call(a, 'POST', '/api/file/upload', { token: s.token, profileId: s.profile_id, form });
    expect(up.code, up.message).toBe(5000);

    const direct = await call(b, 'GET', up.data.path, { token: s.token, profileId: s.profile_id });
    expect(direct.status).toBe(200);
    expect(direct.bytes.equals(TINY_PNG)).toBe(true);
    const signed = await call(b, 'GET', up.data.url);
    expect(signed.status).toBe(200);
    expect(signed.bytes.equals(TINY_PNG)).toBe(true);
    // The bytes are in the bucket, not on either instance's disk.
    expect(await b.app.fileStorage.exists(`uploads/${s.park_id}/${up.data.id}.png`)).toBe(true);
    expect(existsSync(path.join(a.dataDir, 'uploads'))).toBe(false);
  });

  it('counts sign-in attempts from one address across both instances against one limit', async () => {
    const ip = randomClientIp();
    const attempt = (on: Instance) =>
      call(on, 'POST', '/api/login', { ip, json: { type: 'proprietaire', credentials: { email: owner.email, password: 'Mauvais#2026' } } });
    const statuses: number[] = [];
    for (const on of [a, a, a, b, b, b, a]) statuses.push((await attempt(on)).status);
    // 5 allowed in the minute whichever instance answers; the 6th and 7th are refused.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const refused = await attempt(b);
    expect(refused).toMatchObject({ status: 429, code: 4290, message: 'Trop de requêtes. Réessayez dans un instant.' });
  });

  it('creates each recipe once when the recipe job fires on both instances at once', async () => {
    const WED = '2026-03-11';
    await setRecipeConfig(ctx, world.parkId, world.vehicle, { amount: 10_000 });
    await insertEntries(
      ctx,
      world.parkId,
      world.vehicle,
      Array.from({ length: 8 }, (_, i) => addDays(WED, -i)).flatMap((day) => [
        { driverId: world.driverA, day, slot: 'first' as const },
        { driverId: world.driverB, day, slot: 'second' as const },
      ]),
    );
    const now = fromWireDate(`${WED}T21:00:00`);
    // Each instance runs the job on its own pool, at the same moment, twice over.
    const runs = await Promise.all([a, b, a, b].map((on) => runRecipeJob(on.database.db, now, { parkId: world.parkId })));
    const created = runs.reduce((n, r) => n + r.created, 0);

    const { rows } = await ctx.database.db.execute<{ n: number; copies: number }>(sql`
      select count(*)::int as n, coalesce(max(c), 0)::int as copies from (
        select count(*) as c from ${recipes} where park_id = ${world.parkId} and kind = 'expected'
         group by vehicle_id, driver_id, period_start) t`);
    // 8 days (today and the 7 caught up) x 2 drivers, one row each, however the runs raced.
    expect(rows[0]).toEqual({ n: 16, copies: 1 });
    expect(created).toBe(16);
    expect(await ctx.database.db.$count(recipes, eq(recipes.parkId, world.parkId))).toBe(16);
  });
});
