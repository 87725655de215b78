import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TCaisse } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { balanceOf, ledgerAccount } from '../ledger/ledger.service.ts';
import { ledgerEntries, ledgerPostings } from '../ledger/ledger.tables.ts';
import { addCaisse, administer, as, fund, memberWith, soldOf } from './caisses.test-support.ts';
import { parkTransactions } from './treasury.tables.ts';

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let a: TCaisse;
let b: TCaisse;
let parks = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Transferts ${++parks}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  a = await addCaisse(ctx, owner, { name: 'Caisse A' });
  b = await addCaisse(ctx, owner, { name: 'Caisse B' });
});
afterAll(() => ctx.close());

const transfer = (body: Record<string, unknown>, who: SignedIn = owner, headers?: Record<string, string>) =>
  ctx.api('POST', '/api/caisse/transfer', { ...as(who), body, headers });
const transactionsOf = (parkId: string) => ctx.database.db.select().from(parkTransactions).where(eq(parkTransactions.parkId, parkId));

describe('a transfer between caisses', () => {
  it('moves the amount exactly, with one park transaction and one balanced posting', async () => {
    await fund(ctx, owner, a.id, 100_000);
    const r = await transfer({ from_caisse_id: a.id, to_caisse_id: b.id, amount: 30_000, comment: 'Fond de caisse', park_id: fx.park.id });
    expect(r.message).toBe('Opération prise en compte');
    expect(r.data).toMatchObject({ type: 'transfer', status: 'success', amount: 30_000, caisse_id: a.id, target_caisse_id: b.id, reason: 'Fond de caisse' });
    expect(r.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(await soldOf(ctx, owner, a.id)).toBe(70_000);
    expect(await soldOf(ctx, owner, b.id)).toBe(30_000);

    const [row] = (await transactionsOf(fx.park.id)).filter((t) => t.type === 'transfer');
    expect(row).toMatchObject({ id: r.data.id, status: 'success', amount: 30_000, caisseId: a.id, targetCaisseId: b.id, createdBy: owner.profile_id });
    const [posting] = await ctx.database.db.select().from(ledgerPostings).where(eq(ledgerPostings.id, row.postingId!));
    expect(posting).toMatchObject({ sourceKind: 'transfer', sourceId: row.id, memo: 'Fond de caisse' });
    const entries = await ctx.database.db.select({ amount: ledgerEntries.amount }).from(ledgerEntries).where(eq(ledgerEntries.postingId, posting.id));
    expect(entries.map((e) => e.amount).sort((x, y) => x - y)).toEqual([-30_000, 30_000]);
  });

  it('refuses the same caisse, an amount that is no positive number of francs, and an unknown caisse', async () => {
    await fund(ctx, owner, a.id, 10_000);
    const same = await transfer({ from_caisse_id: a.id, to_caisse_id: a.id, amount: 1_000 });
    expect([same.status, same.message]).toEqual([422, 'Choisissez deux caisses différentes']);
    for (const [amount, message] of [
      [undefined, 'Vous devez saisir le montant'],
      [0, 'Le montant doit être supérieur à 0'],
      [-500, 'Le montant doit être supérieur à 0'],
      ['beaucoup', 'Montant invalide'],
      // XAF has no minor unit: 10.5 francs is not an amount.
      [10.5, 'Montant invalide'],
    ] as const) {
      const r = await transfer({ from_caisse_id: a.id, to_caisse_id: b.id, amount });
      expect([r.status, r.message], String(amount)).toEqual([400, message]);
    }
    const missing = await transfer({ to_caisse_id: b.id, amount: 1_000 });
    expect(missing.message).toBe('Veuillez sélectionner la caisse à débiter');
    const unknown = await transfer({ from_caisse_id: a.id, to_caisse_id: '00000000-0000-7000-8000-000000000000', amount: 1_000 });
    expect([unknown.status, unknown.message]).toEqual([404, 'Caisse introuvable']);
    expect(await soldOf(ctx, owner, a.id)).toBe(10_000);
  });

  it('refuses to overdraw the caisse, and records nothing then', async () => {
    await fund(ctx, owner, a.id, 10_000);
    const r = await transfer({ from_caisse_id: a.id, to_caisse_id: b.id, amount: 10_001 });
    expect([r.status, r.message]).toEqual([409, 'Solde insuffisant pour cette opération']);
    expect(await soldOf(ctx, owner, a.id)).toBe(10_000);
    expect(await soldOf(ctx, owner, b.id)).toBe(0);
    expect((await transactionsOf(fx.park.id)).filter((t) => t.type === 'transfer')).toEqual([]);
    // The whole balance may go.
    expect((await transfer({ from_caisse_id: a.id, to_caisse_id: b.id, amount: 10_000 })).code).toBe(5000);
    expect(await soldOf(ctx, owner, a.id)).toBe(0);
  });

  it('never overdraws a caisse under 20 simultaneous transfers out of it', async () => {
    await fund(ctx, owner, a.id, 100_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => transfer({ from_caisse_id: a.id, to_caisse_id: b.id, amount: 10_000 })));
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 5000)).toHaveLength(10);
    expect(codes.filter((c) => c === 4300)).toHaveLength(10);
    expect(await soldOf(ctx, owner, a.id)).toBe(0);
    expect(await soldOf(ctx, owner, b.id)).toBe(100_000);
    expect((await transactionsOf(fx.park.id)).filter((t) => t.type === 'transfer')).toHaveLength(10);
  });

  it('happens once for one Idempotency-Key, however often it is sent', async () => {
    await fund(ctx, owner, a.id, 50_000);
    const body = { from_caisse_id: a.id, to_caisse_id: b.id, amount: 5_000 };
    const headers = { 'idempotency-key': 'transfert-caisse-0001' };
    const first = await transfer(body, owner, headers);
    const again = await transfer(body, owner, headers);
    expect(again.data).toEqual(first.data);
    expect(await soldOf(ctx, owner, a.id)).toBe(45_000);
  });

  it('needs CAISSE_TRANSFERT, and ACCESS_CAISSE_CASH to touch the default cash account', async () => {
    const cash = (await ctx.api('GET', '/api/caisse', as(owner))).data[0] as TCaisse;
    await fund(ctx, owner, cash.id, 20_000);
    await fund(ctx, owner, a.id, 20_000);
    const bare = await memberWith(ctx, fx, owner, []);
    expect((await transfer({ from_caisse_id: a.id, to_caisse_id: b.id, amount: 1_000 }, bare)).status).toBe(403);

    const mover = await memberWith(ctx, fx, owner, ['CAISSE_TRANSFERT']);
    // Without MANAGE_CAISSE, only the caisses one administers: neither end may be another's.
    const notHis = await transfer({ from_caisse_id: a.id, to_caisse_id: b.id, amount: 1_000 }, mover);
    expect([notHis.status, notHis.message]).toEqual([403, "Vous n'avez pas accès à cette caisse."]);
    await administer(ctx, owner, a, [mover.profile_id]);
    expect((await transfer({ from_caisse_id: a.id, to_caisse_id: b.id, amount: 1_000 }, mover)).code).toBe(4331);
    await administer(ctx, owner, b, [mover.profile_id]);
    const fromCash = await transfer({ from_caisse_id: cash.id, to_caisse_id: b.id, amount: 1_000 }, mover);
    expect([fromCash.status, fromCash.message]).toEqual([403, "Vous n'avez pas accès au compte cash par défaut"]);
    expect((await transfer({ from_caisse_id: a.id, to_caisse_id: cash.id, amount: 1_000 }, mover)).status).toBe(403);
    expect(await soldOf(ctx, owner, a.id)).toBe(20_000);
    expect((await transfer({ from_caisse_id: a.id, to_caisse_id: b.id, amount: 1_000 }, mover)).code).toBe(5000);

    const withCash = await memberWith(ctx, fx, owner, ['CAISSE_TRANSFERT', 'ACCESS_CAISSE_CASH']);
    await administer(ctx, owner, b, [mover.profile_id, withCash.profile_id]);
    expect((await transfer({ from_caisse_id: cash.id, to_caisse_id: b.id, amount: 1_000 }, withCash)).code).toBe(5000);
    expect(await soldOf(ctx, owner, cash.id)).toBe(19_000);
    expect(await soldOf(ctx, owner, b.id)).toBe(2_000);
  });
});

describe('the bank operation', () => {
  const bank = (body: Record<string, unknown>, who: SignedIn = owner) => ctx.api('POST', '/api/transaction/bank-operation', { ...as(who), body });

  it('brings cash from the bank into a caisse: the caisse gains it, the outside world gives it', async () => {
    const r = await bank({ amount: 250_000, description: 'Retrait guichet SGBC', caisse_id: a.id, park_id: fx.park.id });
    expect(r.message).toBe('Opération réussie !');
    expect(r.data).toMatchObject({ type: 'bank_deposit', status: 'success', amount: 250_000, caisse_id: a.id, target_caisse_id: null, reason: 'Retrait guichet SGBC' });
    expect(await soldOf(ctx, owner, a.id)).toBe(250_000);
    const db = ctx.database.db;
    expect(await balanceOf(db, await ledgerAccount(db, fx.park.id, 'external', null))).toBe(-250_000);
    const rows = await db.select().from(parkTransactions).where(and(eq(parkTransactions.parkId, fx.park.id), eq(parkTransactions.type, 'bank_deposit')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'success', amount: 250_000, caisseId: a.id, reason: 'Retrait guichet SGBC' });
    const [posting] = await db.select().from(ledgerPostings).where(eq(ledgerPostings.id, rows[0].postingId!));
    expect(posting).toMatchObject({ sourceKind: 'bank_deposit', sourceId: rows[0].id });
  });

  it("answers the form's messages, and needs CAISSE_TRANSFERT", async () => {
    const noCaisse = await bank({ amount: 1_000 });
    expect([noCaisse.status, noCaisse.message]).toEqual([400, 'Veuillez sélectionner une caisse']);
    const noAmount = await bank({ caisse_id: a.id });
    expect([noAmount.status, noAmount.message]).toEqual([400, 'Vous devez saisir le montant']);
    const reader = await memberWith(ctx, fx, owner, ['READ_FINANCE']);
    expect((await bank({ amount: 1_000, caisse_id: a.id }, reader)).status).toBe(403);
    expect(await soldOf(ctx, owner, a.id)).toBe(0);
  });
});
