import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TCaisse } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { pnlAccounts } from '../pnl/pnl.tables.ts';
import { caisses } from './treasury.tables.ts';
import { addCaisse, as, fund, memberWith } from './caisses.test-support.ts';

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let parks = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Caisses ${++parks}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const list = async (who: SignedIn, query = '') => (await ctx.api('GET', `/api/caisse${query}`, as(who))).data as TCaisse[];
const names = (items: TCaisse[]) => items.map((c) => c.name);
const CASH = 'Compte cash par défaut';

describe('adding, editing and removing caisses', () => {
  it('adds a caisse with its operator, phone and administrators, and answers it as the cards show it', async () => {
    const cashier = await memberWith(ctx, fx, owner, ['ENCAISSER']);
    const added = await ctx.api('POST', '/api/caisse', {
      ...as(owner),
      body: {
        name: '  Caisse Douala  ',
        description: 'Recettes du centre-ville',
        phone: '+237 6 99 00 11 22',
        vtc_withdraw_id: '7',
        // Forms send lists as arrays, JSON strings or comma lists.
        profile_ids: `${owner.profile_id},${cashier.profile_id}`,
        park_id: fx.park.id,
      },
    });
    expect(added.message).toBe('Caisse ajoutée avec succès');
    expect(added.data).toMatchObject({
      name: 'Caisse Douala',
      description: 'Recettes du centre-ville',
      phone: '+237699001122',
      sold: 0,
      vtc_withdraw: { id: 7, title: 'Orange Money', image: '/images/operators/orange.svg' },
      vtc_withdraw_id: 7,
      park_id: fx.park.id,
      is_default: false,
      editable: true,
    });
    const admins = (added.data as TCaisse).admin_profiles;
    expect(admins.map((a) => [a.first_name, a.last_name, a.role])).toEqual([
      ['Koffi', 'Mensah', 'Rôle de test 1'],
      ['Awa', 'Ndiaye', 'Propriétaire'],
    ]);
    expect(new Set((added.data as TCaisse).profile_ids)).toEqual(new Set([owner.profile_id, cashier.profile_id]));

    // The list: the default cash account first, then by name.
    const all = await list(owner);
    expect(names(all)).toEqual([CASH, 'Caisse Douala']);
    expect(all[0]).toMatchObject({ is_default: true, editable: false, sold: 0, admin_profiles: [] });
    const one = await ctx.api('GET', `/api/caisse/${added.data.id}`, as(owner));
    expect(one.data).toEqual(added.data);
  });

  it("answers the spec's messages for a bad form", async () => {
    for (const name of [undefined, '', '   ']) {
      const r = await ctx.api('POST', '/api/caisse', { ...as(owner), body: { name } });
      expect(r.status).toBe(400);
      expect(r.message).toBe('Vous devez définir le nom du compte');
    }
    const phone = await ctx.api('POST', '/api/caisse', { ...as(owner), body: { name: 'Caisse', phone: '12ab' } });
    expect(phone.message).toBe('Format de numéro de téléphone invalide');
    // An operator of another country (1 is Wave in Côte d'Ivoire; the park is in Cameroon).
    const operator = await ctx.api('POST', '/api/caisse', { ...as(owner), body: { name: 'Caisse', vtc_withdraw_id: 1 } });
    expect([operator.status, operator.message]).toEqual([422, "Cet opérateur n'est pas proposé dans le pays du parc"]);
    // Administrators are people of this park.
    const other = await ctx.createPark({ name: 'Autre parc' });
    const stranger = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const admin = await ctx.api('POST', '/api/caisse', { ...as(owner), body: { name: 'Caisse', profile_ids: [stranger.profile_id] } });
    expect([admin.status, admin.message]).toEqual([422, 'Les administrateurs de la caisse doivent être des administrateurs de ce parc']);
    expect(names(await list(owner))).toEqual([CASH]);
  });

  it('keeps names unique in the park whatever the case', async () => {
    await addCaisse(ctx, owner, { name: 'Caisse Akwa' });
    for (const name of ['caisse akwa', 'CAISSE AKWA ', 'compte cash par défaut']) {
      const r = await ctx.api('POST', '/api/caisse', { ...as(owner), body: { name } });
      expect([r.status, r.message]).toEqual([409, 'Une caisse de ce parc porte déjà ce nom']);
    }
    // Another park may use the name.
    const other = await ctx.createPark({ name: 'Parc voisin' });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    await addCaisse(ctx, otherOwner, { name: 'Caisse Akwa' });
  });

  it('edits the whole form, keeping the administrators unless profile_ids is sent', async () => {
    const member = await memberWith(ctx, fx, owner, []);
    const c = await addCaisse(ctx, owner, { name: 'Caisse Bonabéri', description: 'Nord', phone: '+237699001122', vtc_withdraw_id: 8, profile_ids: [member.profile_id] });
    const rename = await ctx.api('PUT', `/api/caisse/update/${c.id}`, { ...as(owner), body: { name: 'Caisse Bonabéri Nord', park_id: fx.park.id } });
    expect(rename.message).toBe('Caisse mise à jour avec succès');
    expect(rename.data).toMatchObject({ name: 'Caisse Bonabéri Nord', description: null, phone: null, vtc_withdraw: null, vtc_withdraw_id: null, profile_ids: [member.profile_id] });
    const cleared = await ctx.api('PUT', `/api/caisse/update/${c.id}`, { ...as(owner), body: { name: 'Caisse Bonabéri Nord', profile_ids: [] } });
    expect(cleared.data.admin_profiles).toEqual([]);
    // Its own name in another case is no conflict.
    expect((await ctx.api('PUT', `/api/caisse/update/${c.id}`, { ...as(owner), body: { name: 'CAISSE BONABÉRI NORD' } })).status).toBe(200);
  });

  it('deletes an unused caisse', async () => {
    const c = await addCaisse(ctx, owner, { name: 'Caisse éphémère' });
    const removed = await ctx.api('DELETE', `/api/caisse/delete/${c.id}`, as(owner));
    expect(removed.message).toBe('Caisse supprimée avec succès');
    const gone = await ctx.api('GET', `/api/caisse/${c.id}`, as(owner));
    expect([gone.status, gone.message]).toEqual([404, 'Caisse introuvable']);
    expect((await ctx.api('DELETE', `/api/caisse/delete/${c.id}`, as(owner))).status).toBe(404);
  });
});

describe('the caisses that can not change', () => {
  it('protects the default cash account and the caisses named cash or principale', async () => {
    const cash = (await list(owner))[0];
    const edit = await ctx.api('PUT', `/api/caisse/update/${cash.id}`, { ...as(owner), body: { name: 'Ma caisse' } });
    expect([edit.status, edit.message]).toEqual([409, 'Cette caisse ne peut pas être modifiée : le compte cash par défaut et les caisses « cash » ou « principale » sont protégés']);
    const del = await ctx.api('DELETE', `/api/caisse/delete/${cash.id}`, as(owner));
    expect([del.status, del.message]).toEqual([409, 'Cette caisse ne peut pas être supprimée : le compte cash par défaut et les caisses « cash » ou « principale » sont protégés']);

    // The names are reserved: nobody creates a caisse they could never change again.
    for (const name of ['Principale', ' cash ']) {
      const r = await ctx.api('POST', '/api/caisse', { ...as(owner), body: { name } });
      expect([r.status, r.message]).toEqual([422, 'Les noms « cash » et « principale » sont réservés : choisissez un autre nom']);
    }
    const c = await addCaisse(ctx, owner, { name: 'Caisse Deido' });
    expect((await ctx.api('PUT', `/api/caisse/update/${c.id}`, { ...as(owner), body: { name: 'principale' } })).status).toBe(422);

    // A caisse already named so (brought from an older system) reads as not editable and stays.
    const [legacy] = await ctx.database.db.insert(caisses).values({ parkId: fx.park.id, name: 'Principale' }).returning({ id: caisses.id });
    const shown = (await list(owner)).find((x) => x.id === legacy.id)!;
    expect(shown).toMatchObject({ is_default: false, editable: false });
    expect((await ctx.api('PUT', `/api/caisse/update/${legacy.id}`, { ...as(owner), body: { name: 'Autre' } })).status).toBe(409);
    expect((await ctx.api('DELETE', `/api/caisse/delete/${legacy.id}`, as(owner))).status).toBe(409);
  });

  it('refuses to delete a caisse holding money, or one that ever did', async () => {
    const a = await addCaisse(ctx, owner, { name: 'Caisse pleine' });
    const b = await addCaisse(ctx, owner, { name: 'Caisse vide' });
    await fund(ctx, owner, a.id, 50_000);
    const full = await ctx.api('DELETE', `/api/caisse/delete/${a.id}`, as(owner));
    expect([full.status, full.message]).toEqual([409, "Cette caisse contient encore de l'argent : transférez son solde avant de la supprimer"]);

    // Emptied by a transfer, it still has its history, and so has the caisse that received it.
    const moved = await ctx.api('POST', '/api/caisse/transfer', { ...as(owner), body: { from_caisse_id: a.id, to_caisse_id: b.id, amount: 50_000 } });
    expect(moved.code).toBe(5000);
    const emptied = await ctx.api('DELETE', `/api/caisse/delete/${a.id}`, as(owner));
    expect([emptied.status, emptied.message]).toEqual([409, "Cette caisse a un historique d'opérations : elle ne peut pas être supprimée"]);
    expect((await ctx.api('DELETE', `/api/caisse/delete/${b.id}`, as(owner))).status).toBe(409);
    expect(names(await list(owner))).toEqual([CASH, 'Caisse pleine', 'Caisse vide']);
  });

  it('refuses to delete a caisse named by an operation still waiting for confirmation', async () => {
    const c = await addCaisse(ctx, owner, { name: 'Caisse en attente' });
    const db = ctx.database.db;
    const [sub] = await db.select({ id: pnlAccounts.id }).from(pnlAccounts).where(and(eq(pnlAccounts.parkId, fx.park.id), eq(pnlAccounts.code, 'carburant')));
    // Pending: no ledger posting yet, only the operation's row.
    await db.insert(fundMovements).values({ parkId: fx.park.id, type: 'perte', subAccountId: sub.id, caisseId: c.id, amount: 5_000, operationDate: new Date() });
    const r = await ctx.api('DELETE', `/api/caisse/delete/${c.id}`, as(owner));
    expect([r.status, r.message]).toEqual([409, "Cette caisse a un historique d'opérations : elle ne peut pas être supprimée"]);
  });
});

describe('who sees which caisse', () => {
  let north: TCaisse;
  let south: TCaisse;
  let adminOfSouth: SignedIn;

  beforeEach(async () => {
    adminOfSouth = await memberWith(ctx, fx, owner, []);
    north = await addCaisse(ctx, owner, { name: 'Caisse Nord' });
    south = await addCaisse(ctx, owner, { name: 'Caisse Sud', profile_ids: [adminOfSouth.profile_id] });
  });

  it('shows the owner and caisse managers every caisse, filtered or not', async () => {
    const manager = await memberWith(ctx, fx, owner, ['MANAGE_CAISSE']);
    for (const who of [owner, manager]) {
      expect(names(await list(who))).toEqual([CASH, 'Caisse Nord', 'Caisse Sud']);
      expect(names(await list(who, '?filter_by_profile=true'))).toEqual([CASH, 'Caisse Nord', 'Caisse Sud']);
    }
  });

  it('offers the default cash account only with ACCESS_CAISSE_CASH', async () => {
    const reader = await memberWith(ctx, fx, owner, ['READ_FINANCE']);
    expect(names(await list(reader))).toEqual(['Caisse Nord', 'Caisse Sud']);
    const cashId = (await list(owner))[0].id;
    const refused = await ctx.api('GET', `/api/caisse/${cashId}`, as(reader));
    expect([refused.status, refused.message]).toEqual([403, "Vous n'avez pas accès au compte cash par défaut"]);

    const withCash = await memberWith(ctx, fx, owner, ['READ_FINANCE', 'ACCESS_CAISSE_CASH']);
    expect(names(await list(withCash))).toEqual([CASH, 'Caisse Nord', 'Caisse Sud']);
    expect((await ctx.api('GET', `/api/caisse/${cashId}`, as(withCash))).status).toBe(200);
    // ACCESS_CAISSE_CASH alone: the cash account, not the others.
    const cashOnly = await memberWith(ctx, fx, owner, ['ACCESS_CAISSE_CASH']);
    expect(names(await list(cashOnly))).toEqual([CASH]);
  });

  it('narrows filter_by_profile=true to the caisses one administers', async () => {
    const reader = await memberWith(ctx, fx, owner, ['READ_FINANCE', 'ACCESS_CAISSE_CASH']);
    await ctx.api('PUT', `/api/caisse/update/${north.id}`, { ...as(owner), body: { name: 'Caisse Nord', profile_ids: [reader.profile_id] } });
    expect(names(await list(reader, '?filter_by_profile=true'))).toEqual([CASH, 'Caisse Nord']);
    expect(names(await list(reader, '?filter_by_profile=false'))).toEqual([CASH, 'Caisse Nord', 'Caisse Sud']);
  });

  it('shows someone without money permissions only the caisses they administer', async () => {
    expect(names(await list(adminOfSouth))).toEqual(['Caisse Sud']);
    expect((await ctx.api('GET', `/api/caisse/${south.id}`, as(adminOfSouth))).status).toBe(200);
    const refused = await ctx.api('GET', `/api/caisse/${north.id}`, as(adminOfSouth));
    expect(refused.status).toBe(403);
    const nobody = await memberWith(ctx, fx, owner, []);
    expect(await list(nobody)).toEqual([]);
    // Changing caisses needs MANAGE_CAISSE, administering one is not enough.
    const edit = await ctx.api('PUT', `/api/caisse/update/${south.id}`, { ...as(adminOfSouth), body: { name: 'Ma caisse' } });
    expect([edit.status, edit.message]).toEqual([403, "Vous n'avez pas les permissions nécessaires pour effectuer cette action"]);
  });

  it("lets a caisse manager list the park's administrators to choose a caisse's", async () => {
    const manager = await memberWith(ctx, fx, owner, ['MANAGE_CAISSE']);
    const admins = await ctx.api('GET', `/api/admin?park_id=${fx.park.id}&itemPerPage=50`, as(manager));
    expect(admins.status).toBe(200);
    expect(admins.data.items.length).toBeGreaterThanOrEqual(3);
    const c = await addCaisse(ctx, manager, { name: 'Caisse du manager', profile_ids: [manager.profile_id] });
    expect(c.admin_profiles.map((a) => a.profile_id)).toEqual([manager.profile_id]);
  });
});
