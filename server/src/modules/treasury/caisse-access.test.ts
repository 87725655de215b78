import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes, type TCaisse } from '@flotte/contract';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { parks } from '../access/access.tables.ts';
import { ledgerPostings } from '../ledger/ledger.tables.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { cashCaisse, subAccount } from '../operations/operations-test-helpers.ts';
import { dayFrom, insertContract } from '../contracts/contract-money.test-support.ts';
import { actingOf, finishDirect, insertClient, insertCourse } from '../courses/course-money.test-support.ts';
import { insertRecipe, recipeWorld, type RecipeWorld } from '../recipes/recipes-test-helpers.ts';
import { recipePayments } from '../recipes/recipes.tables.ts';
import { addCaisse, administer, as, fund, memberWith } from './caisses.test-support.ts';
import { recordIncomingPayment } from './park-balance.ts';
import { parkTransactions } from './treasury.tables.ts';

/**
 * Who uses which caisse (caisse-access.ts): a cashier keeps his till only. Every route that takes
 * a caisse refuses another one with 403 and writes nothing; the owner and MANAGE_CAISSE use all.
 */

let ctx: TestContext;
let w: RecipeWorld;
let owner: SignedIn;
let akwa: TCaisse;
let bonaberi: TCaisse;
let cash: string;
let cashier: SignedIn;
let expense: string;
let refNo = 0;

const CASH = 'Compte cash par défaut';
const CASHIER: Parameters<typeof memberWith>[3] = ['ENCAISSER', 'CREATE_OPERATION', 'ACCESS_CAISSE_CASH', 'CAISSE_TRANSFERT', 'RETRAIT_DE_FONDS', 'MANAGE_COURSES'];

beforeAll(async () => {
  ctx = await createTestContext({ PAYMENTS_RECONCILE_AFTER_S: '0', PAYMENTS_SIMULATOR_SETTLE_MS: '0' });
}, 60_000);
afterAll(() => ctx?.close());

beforeEach(async () => {
  w = await recipeWorld(ctx);
  owner = w.owner;
  // Côte d'Ivoire, for Wave's payouts (a withdrawal may be funded from a caisse).
  await ctx.database.db.update(parks).set({ countryCode: 'CI', currency: 'XOF' }).where(eq(parks.id, w.parkId));
  const fx = { park: { id: w.parkId } } as Parameters<typeof memberWith>[1];
  cashier = await memberWith(ctx, fx, owner, CASHIER);
  akwa = await addCaisse(ctx, owner, { name: 'Caisse Akwa', profile_ids: [cashier.profile_id] });
  bonaberi = await addCaisse(ctx, owner, { name: 'Caisse Bonabéri' });
  cash = await cashCaisse(ctx, w.parkId);
  for (const id of [akwa.id, bonaberi.id, cash]) await fund(ctx, owner, id, 50_000);
  await ctx.database.db.transaction((tx) => recordIncomingPayment(tx, { parkId: w.parkId, amount: 100_000, provider: 'wave', providerRef: `access-${++refNo}` }));
  expense = (await subAccount(ctx, w.parkId, { name: 'Dépenses diverses' })).id;
});

const call = (who: SignedIn, method: string, url: string, body?: unknown) => ctx.api(method, url, { ...as(who), body });
const names = async (who: SignedIn, query = '') => ((await call(who, 'GET', `/api/caisse${query}`)).data as TCaisse[]).map((c) => c.name);

/** What a refused call must leave as it was: every money row of the park and every balance. */
async function moneyState() {
  const db = ctx.database.db;
  const n = async (table: typeof fundMovements | typeof parkTransactions | typeof ledgerPostings | typeof recipePayments) =>
    (await db.select({ n: count() }).from(table).where(eq(table.parkId, w.parkId)))[0].n;
  const caisses = ((await call(owner, 'GET', '/api/caisse')).data as TCaisse[]).map((c) => [c.name, c.sold]);
  const parkBalance = (await call(owner, 'GET', `/api/park/amount/${w.parkId}`)).data.amount;
  return { operations: await n(fundMovements), transactions: await n(parkTransactions), postings: await n(ledgerPostings), collections: await n(recipePayments), caisses, parkBalance };
}

async function withPin(who: SignedIn): Promise<SignedIn> {
  expect((await ctx.api('POST', '/api/update-pin-code', { token: who.token, body: { code: '24680' } })).code).toBe(5000);
  expect((await ctx.api('POST', '/api/verify-pin-code', { token: who.token, body: { code: '24680' } })).code).toBe(5000);
  return who;
}

async function walletMeans(): Promise<string> {
  const r = await call(owner, 'POST', '/api/mean-withdraw-on-park', { title: 'Portefeuille du parc', phone_number: '+2250701020304', vct_withdraw_id: 1 });
  expect(r.code, r.message).toBe(5000);
  return r.data.id;
}

/** Every route that takes a caisse, naming the given one (each asks to move 1 000 F); POST unless a method is named. */
async function routesNaming(caisseId: string, other: string): Promise<[string, string, Record<string, unknown>, string?][]> {
  const recipe = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
  // A running course to finish into the caisse, and a finished one its client still owes.
  const client = await insertClient(ctx, w.parkId);
  const running = await insertCourse(ctx, { parkId: w.parkId, clientId: client, amount: 1_000, vehicleId: w.vehicle, driverId: w.driverA });
  const owed = await insertCourse(ctx, { parkId: w.parkId, clientId: client, amount: 1_000 });
  await finishDirect(ctx, await actingOf(ctx, w.parkId, owner.profile_id), owed.id, { payment_mode: 'receivable' });
  const contract = await insertContract(ctx, { parkId: w.parkId, vehicleId: w.vehicle, driverId: w.driverA, schedule: [{ due: dayFrom(0), amount: 100_000 }] });
  const means = await walletMeans();
  const now = toWireDate(new Date());
  return [
    ['operation (fund movement)', '/api/pnl-account/fund-movement', { sub_account_id: expense, caisse_id: caisseId, date: now, amount: 1_000 }],
    ['operation (accounting entry)', '/api/accounting/create-entry-or-depense', { sub_account_id: expense, caisse_id: caisseId, date: now, amount: 1_000 }],
    ['transfer out of it', '/api/caisse/transfer', { from_caisse_id: caisseId, to_caisse_id: other, amount: 1_000 }],
    ['transfer into it', '/api/caisse/transfer', { from_caisse_id: other, to_caisse_id: caisseId, amount: 1_000 }],
    ['bank operation', '/api/transaction/bank-operation', { caisse_id: caisseId, amount: 1_000 }],
    ['top-up from the park balance', '/api/transaction/credit-account', { caisse_id: caisseId, amount: 1_000 }],
    ['withdrawal from the caisse', '/api/transaction/withdraw', { withdraw_on_park_id: means, amount: 1_000, caisse_id: caisseId, reason: 'Retrait' }],
    ['cash collection of a recipe', '/api/transaction/paid-recipe-expected-today', { recette_id: recipe, amount: 1_000, payment_type: 'cash', caisse_id: caisseId }],
    ['several recipes in cash', '/api/transaction/accept-cash-payment', { recettes_partials: [{ recette_id: recipe, amount: 1_000 }], payment_type: 'cash', caisse_id: caisseId }],
    ['a debt settled in cash', '/api/transaction/resolve-debt', { recettes_partials: [{ recette_id: recipe, amount: 1_000 }], payment_type: 'cash', caisse_id: caisseId }],
    ['exceptional payment in cash', '/api/transaction/exceptional-payment', { driver_id: w.driverA, vehicle_id: w.vehicle, amount: 1_000, payment_type: 'cash', caisse_id: caisseId }],
    ['a hire-purchase instalment in cash', `/api/contract/${contract.id}/collect`, { amount: 1_000, payment_type: 'cash', caisse_id: caisseId }],
    ['a course finished into the caisse', `/api/course/${running.id}`, { status: 'finished', payment_mode: 'caisse', caisse_id: caisseId }, 'PUT'],
    ['a course its client settles', `/api/course/${owed.id}/settle`, { caisse_id: caisseId }],
  ];
}

describe('which caisses a cashier sees', () => {
  it('lists to a cashier only the till he keeps, and the default cash account with ACCESS_CAISSE_CASH', async () => {
    expect(await names(cashier)).toEqual([CASH, 'Caisse Akwa']);
    expect(await names(cashier, '?filter_by_profile=true')).toEqual([CASH, 'Caisse Akwa']);
    expect((await call(cashier, 'GET', `/api/caisse/${akwa.id}`)).status).toBe(200);
    const other = await call(cashier, 'GET', `/api/caisse/${bonaberi.id}`);
    expect([other.status, other.code, other.message]).toEqual([403, 4331, "Vous n'avez pas accès à cette caisse."]);

    const fx = { park: { id: w.parkId } } as Parameters<typeof memberWith>[1];
    const noCash = await memberWith(ctx, fx, owner, ['ENCAISSER', 'CREATE_OPERATION']);
    await administer(ctx, owner, akwa, [cashier.profile_id, noCash.profile_id]);
    expect(await names(noCash, '?filter_by_profile=true')).toEqual(['Caisse Akwa']);
    expect((await call(noCash, 'GET', `/api/caisse/${cash}`)).code).toBe(ErrorCodes.CAISSE_CASH_FORBIDDEN.code);
  });

  it('shows the owner and MANAGE_CAISSE every caisse, and READ_FINANCE reads them all but uses none', async () => {
    const fx = { park: { id: w.parkId } } as Parameters<typeof memberWith>[1];
    const manager = await memberWith(ctx, fx, owner, ['MANAGE_CAISSE', 'CREATE_OPERATION']);
    for (const who of [owner, manager]) {
      expect(await names(who)).toEqual([CASH, 'Caisse Akwa', 'Caisse Bonabéri']);
      expect(await names(who, '?filter_by_profile=true')).toEqual([CASH, 'Caisse Akwa', 'Caisse Bonabéri']);
    }
    const r = await call(manager, 'POST', '/api/pnl-account/fund-movement', { sub_account_id: expense, caisse_id: bonaberi.id, date: toWireDate(new Date()), amount: 1_000 });
    expect(r.code, r.message).toBe(5000);

    const reader = await memberWith(ctx, fx, owner, ['READ_FINANCE', 'CREATE_OPERATION']);
    expect(await names(reader)).toEqual(['Caisse Akwa', 'Caisse Bonabéri']);
    expect(await names(reader, '?filter_by_profile=true')).toEqual([]);
    const refused = await call(reader, 'POST', '/api/pnl-account/fund-movement', { sub_account_id: expense, caisse_id: bonaberi.id, date: toWireDate(new Date()), amount: 1_000 });
    expect([refused.status, refused.code]).toEqual([403, 4331]);
  });
});

/** Routes whose body names a caisse but that need no row above, and why. */
const EXEMPT: Record<string, string> = {
  'POST /api/park/paid-salary': 'only the owner pays salaries, and the owner uses every caisse (salary.service.ts still asks caisse-access.ts)',
  'POST /api/contract/{id}/instalments/{seq}/pay': "only the owner pays a partner's instalment, and the owner uses every caisse (contract-partner-pay.ts still asks caisse-access.ts)",
};

describe('using a caisse', () => {
  it('tries every route whose body names a caisse (from the OpenAPI document)', async () => {
    type Doc = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> };
    const doc = ctx.app.swagger() as Doc;
    const naming = new Set<string>();
    for (const [url, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const fields = Object.values(op.requestBody?.content ?? {}).flatMap((m) => Object.keys(m.schema?.properties ?? {}));
        if (fields.some((f) => /caisse_id$/.test(f))) naming.add(`${method.toUpperCase()} ${url}`);
      }
    }
    // A record's id in the path reads as the OpenAPI document's {id}.
    const tried = new Set((await routesNaming(akwa.id, cash)).map(([, url, , method]) => `${method ?? 'POST'} ${url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}')}`));
    const untried = [...naming].filter((r) => !tried.has(r) && !EXEMPT[r]).sort();
    expect(untried, 'routes taking a caisse without a row in caisse-access.test.ts').toEqual([]);
    expect(naming.size).toBeGreaterThan(5);
  });

  it('refuses another caisse on every route that takes one, with 403 and nothing written', async () => {
    await withPin(cashier);
    const routes = await routesNaming(bonaberi.id, akwa.id);
    const before = await moneyState();
    for (const [what, url, body, method] of routes) {
      const r = await call(cashier, method ?? 'POST', url, body);
      expect([r.status, r.code, r.message], what).toEqual([403, 4331, "Vous n'avez pas accès à cette caisse."]);
    }
    expect(await moneyState()).toEqual(before);
  });

  it('lets the cashier use his own till on each of those routes', async () => {
    await withPin(cashier);
    const routes = await routesNaming(akwa.id, cash);
    for (const [what, url, body, method] of routes) {
      const r = await call(cashier, method ?? 'POST', url, body);
      expect([r.status, r.code], `${what}: ${r.message}`).toEqual([200, 5000]);
    }
  });

  it('lets the owner use any caisse on each of those routes', async () => {
    await withPin(owner);
    const routes = await routesNaming(bonaberi.id, akwa.id);
    for (const [what, url, body, method] of routes) {
      const r = await call(owner, method ?? 'POST', url, body);
      expect([r.status, r.code], `${what}: ${r.message}`).toEqual([200, 5000]);
    }
  });

  it('needs ACCESS_CAISSE_CASH for the default cash account, whatever else one holds', async () => {
    const fx = { park: { id: w.parkId } } as Parameters<typeof memberWith>[1];
    const noCash = await memberWith(ctx, fx, owner, ['CREATE_OPERATION', 'CAISSE_TRANSFERT']);
    await administer(ctx, owner, akwa, [cashier.profile_id, noCash.profile_id]);
    const before = await moneyState();
    const op = await call(noCash, 'POST', '/api/pnl-account/fund-movement', { sub_account_id: expense, caisse_id: cash, date: toWireDate(new Date()), amount: 1_000 });
    expect([op.status, op.code]).toEqual([403, ErrorCodes.CAISSE_CASH_FORBIDDEN.code]);
    const transfer = await call(noCash, 'POST', '/api/caisse/transfer', { from_caisse_id: akwa.id, to_caisse_id: cash, amount: 1_000 });
    expect([transfer.status, transfer.code]).toEqual([403, ErrorCodes.CAISSE_CASH_FORBIDDEN.code]);
    expect(await moneyState()).toEqual(before);
    const withCash = await call(cashier, 'POST', '/api/caisse/transfer', { from_caisse_id: akwa.id, to_caisse_id: cash, amount: 1_000 });
    expect(withCash.code, withCash.message).toBe(5000);
  });
});
