import Fastify, { type FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { ledgerAccount, post, balanceOf } from '../../modules/ledger/ledger.service.ts';
import { ledgerPostings } from '../../modules/ledger/ledger.tables.ts';
import { registerEnvelope, ok } from '../envelope.ts';
import { AppError } from '../errors.ts';
import { registerIdempotency, sweepIdempotencyKeys } from './idempotency.ts';
import { idempotencyKeys } from './idempotency.tables.ts';

/**
 * The middleware on a small app of its own whose one route moves real money through the ledger
 * (a withdrawal from a funded account), slowly enough that duplicates overlap it. The caller's
 * profile comes from a header, as the real guard would give it.
 */
let ctx: TestContext;
let app: FastifyInstance;
let parkId: string;
let profileId: string;
let cash: string;
let outside: string;
let gate: Promise<void> | null = null;

beforeAll(async () => {
  ctx = await createTestContext();
  const { park, owner } = await ctx.createPark();
  parkId = park.id;
  const signed = await ctx.signIn({ email: owner.email, password: owner.password, type: 'proprietaire' });
  profileId = signed.profile_id;
  const db = ctx.database.db;
  cash = await ledgerAccount(db, parkId, 'caisse', crypto.randomUUID());
  outside = await ledgerAccount(db, parkId, 'external', null);
  await db.transaction((tx) => post(tx, { parkId, sourceKind: 'test', lines: [{ accountId: outside, amount: -1_000_000 }, { accountId: cash, amount: 1_000_000 }] }));

  app = Fastify();
  app.addHook('onRequest', async (req) => {
    const who = req.headers['x-profile'];
    req.auth = who ? ({ profile: { id: String(who), parkId } } as never) : null;
  });
  registerEnvelope(app);
  registerIdempotency(app, { db });
  app.post<{ Body: { amount: number } }>('/withdraw', { config: { idempotent: true } }, async (req) => {
    if (gate) await gate;
    if (req.body.amount === 13) throw new Error('boom');
    if (req.body.amount <= 0) throw new AppError('VALIDATION_FAILED', { message: 'Montant invalide' });
    const postingId = await db.transaction((tx) =>
      post(tx, { parkId, sourceKind: 'test-withdraw', lines: [{ accountId: cash, amount: -req.body.amount }, { accountId: outside, amount: req.body.amount }] }),
    );
    return ok({ postingId, balance: await balanceOf(db, cash) }, 'Retrait effectué');
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

function send(key: string | null, body: unknown, profile = profileId) {
  const headers: Record<string, string> = { 'x-profile': profile };
  if (key !== null) headers['idempotency-key'] = key;
  return app.inject({ method: 'POST', url: '/withdraw', headers, payload: body as object });
}

async function withdrawals(): Promise<number> {
  const rows = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerPostings).where(eq(ledgerPostings.sourceKind, 'test-withdraw'));
  return rows[0].n;
}

describe('Idempotency-Key on money calls', () => {
  it('answers a retry with the first result and moves the money once', async () => {
    const before = await withdrawals();
    const first = await send('retry-key-0001', { amount: 500 });
    const second = await send('retry-key-0001', { amount: 500 });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await withdrawals()).toBe(before + 1);
  });

  it('treats the same body sent with its fields in another order as the same request', async () => {
    const first = await send('order-key-0001', { amount: 300, note: 'a', tag: 'b' });
    const second = await send('order-key-0001', { tag: 'b', note: 'a', amount: 300 });
    expect(second.json()).toEqual(first.json());
  });

  it('refuses the same key with another body (422) and runs nothing', async () => {
    await send('body-key-0001', { amount: 200 });
    const before = await withdrawals();
    const other = await send('body-key-0001', { amount: 201 });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 4310, message: "Cette clé d'idempotence a déjà servi pour une autre requête" });
    expect(await withdrawals()).toBe(before);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = send('running-key-01', { amount: 100 });
    await new Promise((r) => setTimeout(r, 50));
    const duplicate = await send('running-key-01', { amount: 100 });
    gate = null;
    open();
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe(4311);
    expect((await first).statusCode).toBe(200);
  });

  it('one key sent 100 times at once moves the money once', async () => {
    const db = ctx.database.db;
    const balanceBefore = await balanceOf(db, cash);
    const before = await withdrawals();
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const all = Array.from({ length: 100 }, () => send('storm-key-0001', { amount: 1000 }));
    await new Promise((r) => setTimeout(r, 100));
    gate = null;
    open();
    const answers = await Promise.all(all);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(await withdrawals()).toBe(before + 1);
    expect(await balanceOf(db, cash)).toBe(balanceBefore - 1000);
    // Once finished, every retry gets the one result.
    const after = await send('storm-key-0001', { amount: 1000 });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.postingId).toBe(answers.find((a) => a.statusCode === 200)!.json().data.postingId);
  });

  it('keeps a refusal (the same request is refused the same way) but releases the key after a server error', async () => {
    const refused = await send('refused-key-01', { amount: -5 });
    expect(refused.statusCode).toBe(400);
    expect((await send('refused-key-01', { amount: -5 })).json()).toEqual(refused.json());

    const crashed = await send('crashed-key-01', { amount: 13 });
    expect(crashed.statusCode).toBe(500);
    const [row] = await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'crashed-key-01'));
    expect(row).toBeUndefined();
  });

  it('scopes keys to the acting profile, and leaves requests without a key alone', async () => {
    const before = await withdrawals();
    await send('shared-key-001', { amount: 10 });
    await send('shared-key-001', { amount: 10 }, crypto.randomUUID());
    await send(null, { amount: 10 });
    await send(null, { amount: 10 });
    expect(await withdrawals()).toBe(before + 4);
  });

  it('refuses a malformed key', async () => {
    const bad = await send('short', { amount: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(4312);
  });

  it('forgets keys after a day', async () => {
    await send('old-key-00001', { amount: 10 });
    const tomorrow = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    const { removed } = await sweepIdempotencyKeys(ctx.database.db, tomorrow);
    expect(removed).toBeGreaterThan(0);
    const [row] = await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'old-key-00001'));
    expect(row).toBeUndefined();
  });
});
