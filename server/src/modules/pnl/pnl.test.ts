import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PNL_CODES, type TPnlAccount } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { completeParkSetups } from '../access/park-setup.ts';
import { ledgerAccount, post } from '../ledger/ledger.service.ts';
import { pnlAccounts } from './pnl.tables.ts';

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let parks = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Comptes ${++parks}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const as = (s: SignedIn = owner) => ({ token: s.token, profileId: s.profile_id });
const get = (url: string, s?: SignedIn) => ctx.api('GET', url, as(s));
const add = (body: unknown, path = '/api/pnl-account', s?: SignedIn) => ctx.api('POST', path, { ...as(s), body });
const flat = (nodes: TPnlAccount[]): TPnlAccount[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe('the chart a park starts with', () => {
  it('holds revenue and expense categories, every coded sub-account once, and the salary account', async () => {
    const all = (await get('/api/pnl-account')).data as TPnlAccount[];
    expect(new Set(all.map((c) => c.type))).toEqual(new Set(['profit', 'perte']));
    const codes = flat(all).map((n) => n.code).filter(Boolean);
    expect(codes.sort()).toEqual([...PNL_CODES].sort());

    const expenses = (await get('/api/pnl-account?type=perte')).data as TPnlAccount[];
    expect(expenses.every((c) => c.type === 'perte' && c.depth === 1 && c.account_id === null)).toBe(true);
    const fuel = flat(expenses).find((n) => n.code === 'carburant')!;
    expect(fuel).toMatchObject({ type: 'perte', depth: 2, default: true, accounting_category: { name: 'Carburant' } });

    // The movement-type selector: every sub-account, flat, with its category.
    const subs = (await get('/api/pnl-sub-account?type=profit')).data as TPnlAccount[];
    expect(subs.find((s) => s.code === 'recette')).toMatchObject({ name: 'Recettes chauffeurs', accounting_category: { name: "Revenus d'exploitation" } });
    expect(subs.every((s) => s.depth >= 2 && s.type === 'profit')).toBe(true);
    const ofFuel = (await get(`/api/pnl-sub-account?category_id=${fuel.accounting_category.id}`)).data as TPnlAccount[];
    expect(ofFuel.map((s) => s.code)).toEqual(['carburant']);
  });

  it('is given at start to parks created before the chart existed', async () => {
    await ctx.database.db.delete(pnlAccounts).where(eq(pnlAccounts.parkId, fx.park.id));
    expect((await get('/api/pnl-account')).data).toEqual([]);
    const done = await completeParkSetups(ctx.database.db);
    expect(done['pnl-chart']).toBeGreaterThanOrEqual(1);
    expect(flat((await get('/api/pnl-account')).data).some((n: TPnlAccount) => n.code === 'recette')).toBe(true);
    expect((await completeParkSetups(ctx.database.db))['pnl-chart']).toBe(0);
  });
});

describe('adding, renaming and removing categories', () => {
  it('nests sub-categories under their parent, with its type, at most 3 levels deep', async () => {
    const cat = await add({ name: 'Publicité', type: 'profit' });
    expect(cat.message).toBe('Catégorie ajoutée');
    expect(cat.data).toMatchObject({ name: 'Publicité', type: 'profit', depth: 1, default: false, can_add_child: true });

    const sub = await add({ name: 'Affichage sur véhicules', account_id: cat.data.id }, '/api/pnl-sub-account');
    expect(sub.data).toMatchObject({ type: 'profit', depth: 2, account_id: cat.data.id, accounting_category: { id: cat.data.id, name: 'Publicité' } });
    const leaf = await add({ name: 'Taxis brandés', account_id: sub.data.id });
    expect(leaf.data).toMatchObject({ depth: 3, can_add_child: false, accounting_category: { name: 'Publicité' } });

    const tooDeep = await add({ name: 'Niveau 4', account_id: leaf.data.id });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.message).toContain('(limite atteinte)');
    expect((await add({ name: 'Autre type', type: 'perte', account_id: cat.data.id })).message).toBe('Une sous-catégorie a le type de sa catégorie');

    const tree = ((await get('/api/pnl-account?type=profit')).data as TPnlAccount[]).find((c) => c.id === cat.data.id)!;
    expect(tree.children[0].children[0].name).toBe('Taxis brandés');
  });

  it("answers the spec's messages for a bad name or type, and refuses the same name twice at one place", async () => {
    for (const name of [undefined, '', '   ']) {
      const r = await add({ name, type: 'profit' });
      expect(r.status).toBe(400);
      expect(r.message).toBe('Le nom de la catégorie est requis');
    }
    expect((await add({ name: 'Sans type' })).message).toBe('Le type doit être profit ou perte');
    expect((await add({ name: 'Sans parent' }, '/api/pnl-sub-account')).message).toBe('La catégorie parente est requise');
    expect((await add({ name: 'Personnel', type: 'perte' })).message).toBe('Une catégorie porte déjà ce nom à cet endroit');
    // The same name under another parent, or of the other type, is fine.
    expect((await add({ name: 'Personnel', type: 'profit' })).status).toBe(200);
  });

  it('renames, and deletes an unused category with its sub-categories', async () => {
    const cat = await add({ name: 'Sponsoring', type: 'profit' });
    await add({ name: 'Maillots', account_id: cat.data.id });
    const renamed = await ctx.api('PUT', `/api/pnl-account/update/${cat.data.id}`, { ...as(), body: { name: 'Partenariats' } });
    expect(renamed.message).toBe('Catégorie modifiée');
    expect(renamed.data).toMatchObject({ name: 'Partenariats', type: 'profit', children: [{ name: 'Maillots' }] });

    const removed = await ctx.api('DELETE', `/api/pnl-account/delete/${cat.data.id}`, as());
    expect(removed.message).toBe('Catégorie supprimée');
    expect(flat((await get('/api/pnl-account')).data).some((n: TPnlAccount) => n.name === 'Maillots')).toBe(false);
    expect((await ctx.api('DELETE', `/api/pnl-account/delete/${cat.data.id}`, as())).message).toBe('Catégorie introuvable');
  });

  it('keeps what the money rules need and what has operations', async () => {
    const chart = flat((await get('/api/pnl-account')).data);
    const fuelCategory = chart.find((n) => n.code === 'carburant')!.accounting_category.id;
    const refused = await ctx.api('DELETE', `/api/pnl-account/delete/${fuelCategory}`, as());
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('Cette catégorie est utilisée par Flotte (recettes, carburant, salaires ...) : elle ne peut pas être supprimée');

    // An account with an operation in the ledger stays.
    const misc = chart.find((n) => n.name === 'Dépenses diverses')!;
    const db = ctx.database.db;
    const caisse = await ledgerAccount(db, fx.park.id, 'caisse', crypto.randomUUID());
    const revenue = await ledgerAccount(db, fx.park.id, 'pnl', chart.find((n) => n.code === 'recette')!.id);
    await post(db, { parkId: fx.park.id, sourceKind: 'test', lines: [{ accountId: caisse, amount: 10_000 }, { accountId: revenue, amount: -10_000 }] });
    const expense = await ledgerAccount(db, fx.park.id, 'pnl', misc.id);
    await post(db, { parkId: fx.park.id, sourceKind: 'test', lines: [{ accountId: caisse, amount: -2_000 }, { accountId: expense, amount: 2_000 }] });
    const used = await ctx.api('DELETE', `/api/pnl-sub-account/delete/${misc.id}`, as());
    expect(used.status).toBe(409);
    expect(used.message).toBe('Cette catégorie a des opérations : elle ne peut pas être supprimée');
    // Its category goes neither: the operation would lose its filing.
    expect((await ctx.api('DELETE', `/api/pnl-account/delete/${misc.accounting_category.id}`, as())).status).toBe(409);
  });
});

describe('who may do what', () => {
  it('lets every profile of the park read the chart; changing it needs CREATE_OPERATION', async () => {
    const m = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: [] });
    const member = await ctx.signIn({ email: m.email, password: m.password, type: 'agent' });
    expect(((await get('/api/pnl-sub-account', member)).data as TPnlAccount[]).length).toBeGreaterThan(10);
    const refused = await add({ name: 'Intrus', type: 'profit' }, '/api/pnl-account', member);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe("Vous n'avez pas les permissions nécessaires pour effectuer cette action");
  });
});
