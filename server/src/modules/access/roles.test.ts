import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';

let parks = 0;
/** Park codes are the name plus 4 random hex digits: distinct names keep many test parks from colliding. */
const uniquePark = (name: string) => `${name} ${++parks}`;

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
});
// A fresh park per test: codes sent to one address are capped, and tests run in any order.
beforeEach(async () => {
  fx = await ctx.createPark({ name: uniquePark('Parc Rôles') });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const WIRE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });

async function member(roleNames: string[] = ['Caissier']) {
  const m = await ctx.addMember(fx.park.id, { type: 'agent', roleNames });
  return { ...m, session: await ctx.signIn({ email: m.email, password: m.password, type: 'agent' }) };
}

async function addRole(body: unknown, s: SignedIn = owner) {
  return ctx.api('POST', '/api/role-name/add', { ...as(s), body });
}

async function roleByName(name: string, s: SignedIn = owner) {
  const list = await ctx.api('GET', '/api/role-name', as(s));
  return list.data.find((r: { name: string }) => r.name === name);
}

describe('GET /api/permissions/list', () => {
  it('groups every permission once, with labels, kind and what each one brings along', async () => {
    const m = await member();
    const r = await ctx.api('GET', '/api/permissions/list', as(m.session));
    expect(r.code).toBe(5000);
    const all = r.data.groups.flatMap((g: { permissions: { code: string }[] }) => g.permissions);
    expect(all.map((p: { code: string }) => p.code).sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(all.find((p: { code: string }) => p.code === 'GEOLOCK')).toEqual({
      code: 'GEOLOCK',
      label: 'Blocage à distance',
      description: 'Bloquer ou débloquer un véhicule à distance.',
      kind: 'action',
      implies: ['READ_GEOLOCALISATION', 'VIEW_PHONE_GPS', 'VIEW_VEHICLE_GPS'],
    });
    expect(all.find((p: { code: string }) => p.code === 'VIEW_DRIVERS').kind).toBe('view');
    expect(r.data.groups[0]).toMatchObject({ code: 'fleet', label: 'Flotte' });
  });
});

describe('GET /api/role-name', () => {
  it("lists the park's roles by name with how many administrators hold each", async () => {
    await member(['Caissier']);
    const r = await ctx.api('GET', '/api/role-name', as(owner));
    expect(r.code).toBe(5000);
    expect(r.data.map((x: { name: string }) => x.name)).toEqual(['Agent de terrain', 'Caissier', 'Gestionnaire']);
    const cashier = r.data[1];
    expect(cashier).toMatchObject({ admins_count: 1, permissions: expect.arrayContaining(['ENCAISSER']) });
    expect(cashier.description).toContain('Encaisse');
    expect(cashier.created_at).toMatch(WIRE_DATE);
    expect(cashier.updated_at).toMatch(WIRE_DATE);
    expect(r.data[0].admins_count).toBe(0);
  });
});

describe('POST /api/role-name/add', () => {
  it('adds a role, each permission once', async () => {
    const r = await addRole({ name: '  Comptable ', description: 'Suit les finances', permissions: ['READ_FINANCE', 'VIEW_OPERATIONS', 'READ_FINANCE'] });
    expect(r.code).toBe(5000);
    expect(r.message).toBe('Rôle ajouté avec succès');
    expect(r.data).toMatchObject({ name: 'Comptable', description: 'Suit les finances', permissions: ['READ_FINANCE', 'VIEW_OPERATIONS'], admins_count: 0 });
    expect((await roleByName('Comptable')).id).toBe(r.data.id);
  });

  it('refuses a name already used in the park, whatever its case', async () => {
    const r = await addRole({ name: 'caissier', permissions: ['ENCAISSER'] });
    expect(r.status).toBe(409);
    expect(r.code).toBe(4092);
    expect(r.message).toBe('Un rôle porte déjà ce nom');
  });

  it("answers each invalid field with the spec's French message", async () => {
    const cases: [unknown, string][] = [
      [{ name: '', permissions: ['ENCAISSER'] }, 'Le nom du rôle est requis'],
      [{ name: '   ', permissions: ['ENCAISSER'] }, 'Le nom du rôle est requis'],
      [{ name: 'A', permissions: ['ENCAISSER'] }, 'Le nom du rôle doit contenir au moins 2 caractères'],
      [{ name: 'x'.repeat(51), permissions: ['ENCAISSER'] }, 'Le nom du rôle ne peut pas dépasser 50 caractères'],
      [{ name: 'Rôle', permissions: [] }, 'Sélectionnez au moins une permission'],
      [{ name: 'Rôle' }, 'Sélectionnez au moins une permission'],
      [{ name: 'Rôle', permissions: ['ENCAISSER', 'VOLER_LA_CAISSE'] }, 'Permission inconnue : VOLER_LA_CAISSE'],
      [{ name: 'Rôle', description: 'd'.repeat(201), permissions: ['ENCAISSER'] }, 'La description ne peut pas dépasser 200 caractères'],
    ];
    for (const [body, message] of cases) {
      const r = await addRole(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toBe(message);
    }
    const list = await ctx.api('GET', '/api/role-name', as(owner));
    expect(list.data).toHaveLength(3);
  });
});

describe('PUT /api/role-name/update/{id}', () => {
  it('replaces name, description and permissions', async () => {
    const role = await roleByName('Caissier');
    const r = await ctx.api('PUT', `/api/role-name/update/${role.id}`, {
      ...as(owner),
      body: { name: 'Caissier principal', permissions: ['ENCAISSER', 'MANAGE_CAISSE'] },
    });
    expect(r.code).toBe(5000);
    expect(r.message).toBe('Rôle modifié avec succès');
    expect(r.data).toMatchObject({ id: role.id, name: 'Caissier principal', description: null, permissions: ['ENCAISSER', 'MANAGE_CAISSE'] });
    // Changing only the case of its own name is not a clash.
    const same = await ctx.api('PUT', `/api/role-name/update/${role.id}`, { ...as(owner), body: { name: 'CAISSIER PRINCIPAL', permissions: ['ENCAISSER'] } });
    expect(same.code).toBe(5000);
    const clash = await ctx.api('PUT', `/api/role-name/update/${role.id}`, { ...as(owner), body: { name: 'gestionnaire', permissions: ['ENCAISSER'] } });
    expect(clash.status).toBe(409);
    expect(clash.message).toBe('Un rôle porte déjà ce nom');
  });

  it("doesn't find a role of another park or an unknown one", async () => {
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const foreign = await roleByName('Caissier', otherOwner);
    const r = await ctx.api('PUT', `/api/role-name/update/${foreign.id}`, { ...as(owner), body: { name: 'Pirate', permissions: ['ENCAISSER'] } });
    expect(r.status).toBe(404);
    expect(r.message).toBe('Rôle introuvable');
    expect((await roleByName('Caissier', otherOwner)).name).toBe('Caissier');
    const unknown = await ctx.api('PUT', '/api/role-name/update/0190a0e0-0000-7000-8000-000000000000', { ...as(owner), body: { name: 'X1', permissions: ['ENCAISSER'] } });
    expect(unknown.status).toBe(404);
    const garbage = await ctx.api('PUT', '/api/role-name/update/pas-un-id', { ...as(owner), body: { name: 'X1', permissions: ['ENCAISSER'] } });
    expect(garbage.status).toBe(400);
    expect(garbage.message).toBe('Identifiant invalide');
  });

  it("takes effect on the holder's very next request", async () => {
    const m = await member(['Caissier']);
    expect((await ctx.api('GET', '/api/role-name', as(m.session))).status).toBe(403);
    const role = await roleByName('Caissier');
    await ctx.api('PUT', `/api/role-name/update/${role.id}`, { ...as(owner), body: { name: 'Caissier', permissions: ['ENCAISSER', 'MANAGE_ACCESS'] } });
    const now = await ctx.api('GET', '/api/role-name', as(m.session));
    expect(now.code).toBe(5000);
    const me = await ctx.api('GET', '/api/user', as(m.session));
    expect(me.data.permissions).toEqual(['ENCAISSER', 'MANAGE_ACCESS', 'VIEW_ACCESS_MANAGEMENT', 'VIEW_CASH_COLLECTION']);

    await ctx.api('PUT', `/api/role-name/update/${role.id}`, { ...as(owner), body: { name: 'Caissier', permissions: ['ENCAISSER'] } });
    expect((await ctx.api('GET', '/api/role-name', as(m.session))).status).toBe(403);
  });
});

describe('DELETE /api/role-name/delete/{id}', () => {
  it('refuses to delete a role someone holds, then deletes it once nobody does', async () => {
    const m = await member(['Caissier']);
    const role = await roleByName('Caissier');
    const held = await ctx.api('DELETE', `/api/role-name/delete/${role.id}`, as(owner));
    expect(held.status).toBe(409);
    expect(held.message).toBe('Ce rôle est attribué à 1 administrateur(s) : retirez-le-leur avant de le supprimer.');
    expect(await roleByName('Caissier')).toBeTruthy();

    const removed = await ctx.api('DELETE', `/api/park/remove-profile?park_id=${fx.park.id}&profile_id=${m.session.profile_id}`, as(owner));
    expect(removed.code).toBe(5000);
    const r = await ctx.api('DELETE', `/api/role-name/delete/${role.id}`, as(owner));
    expect(r.code).toBe(5000);
    expect(r.message).toBe('Rôle supprimé avec succès');
    expect(r.data).toEqual({ id: role.id });
    expect(await roleByName('Caissier')).toBeUndefined();
    expect((await ctx.api('DELETE', `/api/role-name/delete/${role.id}`, as(owner))).status).toBe(404);
  });

  it("doesn't delete a role of another park", async () => {
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const foreign = await roleByName('Gestionnaire', otherOwner);
    const r = await ctx.api('DELETE', `/api/role-name/delete/${foreign.id}`, as(owner));
    expect(r.status).toBe(404);
    expect(await roleByName('Gestionnaire', otherOwner)).toBeTruthy();
  });
});

describe('role permissions and holders', () => {
  it('GET /permissions/role/{id} gives the held codes and the related ones', async () => {
    const created = await addRole({ name: 'Géoloc', permissions: ['GEOLOCK'] });
    const r = await ctx.api('GET', `/api/permissions/role/${created.data.id}`, as(owner));
    expect(r.data).toEqual({
      role_id: created.data.id,
      permissions: ['GEOLOCK'],
      effective: ['GEOLOCK', 'READ_GEOLOCALISATION', 'VIEW_PHONE_GPS', 'VIEW_VEHICLE_GPS'],
    });
  });

  it('GET /access/role_name/{id} lists the active administrators holding the role', async () => {
    const m = await member(['Agent de terrain']);
    const role = await roleByName('Agent de terrain');
    const r = await ctx.api('GET', `/api/access/role_name/${role.id}`, as(owner));
    expect(r.code).toBe(5000);
    expect(r.data).toMatchObject({ id: role.id, name: 'Agent de terrain', admins_count: 1 });
    expect(r.data.admins).toEqual([
      { profile_id: m.session.profile_id, first_name: 'Koffi', last_name: 'Mensah', email: m.email, phone: m.phone, image: null },
    ]);
  });

  it('gives 404 for the role of another park on both', async () => {
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const foreign = await roleByName('Caissier', otherOwner);
    expect((await ctx.api('GET', `/api/permissions/role/${foreign.id}`, as(owner))).status).toBe(404);
    expect((await ctx.api('GET', `/api/access/role_name/${foreign.id}`, as(owner))).status).toBe(404);
  });
});

describe('GET /api/permissions/profile/permissions/{profile_id}', () => {
  it("shows a member's roles, held and effective codes; everything for the owner", async () => {
    const m = await member(['Caissier']);
    const r = await ctx.api('GET', `/api/permissions/profile/permissions/${m.session.profile_id}`, as(owner));
    expect(r.code).toBe(5000);
    expect(r.data).toMatchObject({ profile_id: m.session.profile_id, is_owner: false, roles: [{ name: 'Caissier' }] });
    expect(r.data.held).toEqual(['ACCESS_CAISSE_CASH', 'CREATE_OPERATION', 'ENCAISSER', 'VIEW_DASHBOARD', 'VIEW_DRIVERS', 'VIEW_PLANNING']);
    // Related permissions come along: recording operations shows the operations tab.
    expect(r.data.effective).toEqual(['ACCESS_CAISSE_CASH', 'CREATE_OPERATION', 'ENCAISSER', 'VIEW_CASH_COLLECTION', 'VIEW_DASHBOARD', 'VIEW_DRIVERS', 'VIEW_OPERATIONS', 'VIEW_PLANNING']);

    const own = await ctx.api('GET', `/api/permissions/profile/permissions/${owner.profile_id}`, as(owner));
    expect(own.data).toMatchObject({ is_owner: true, roles: [], held: [] });
    expect(own.data.effective).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('lets a member read their own without MANAGE_ACCESS, not anyone else', async () => {
    const m = await member(['Caissier']);
    const mine = await ctx.api('GET', `/api/permissions/profile/permissions/${m.session.profile_id}`, as(m.session));
    expect(mine.code).toBe(5000);
    const others = await ctx.api('GET', `/api/permissions/profile/permissions/${owner.profile_id}`, as(m.session));
    expect(others.status).toBe(403);
    expect(others.message).toBe("Vous n'avez pas les permissions nécessaires pour effectuer cette action");
  });

  it("doesn't find a profile of another park", async () => {
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const r = await ctx.api('GET', `/api/permissions/profile/permissions/${otherOwner.profile_id}`, as(owner));
    expect(r.status).toBe(404);
    expect(r.message).toBe('Profil introuvable');
  });
});

describe('GET /api/access-root', () => {
  it('tells whether the acting profile is the owner, with its permissions', async () => {
    const root = await ctx.api('GET', '/api/access-root', as(owner));
    expect(root.data).toMatchObject({ is_root: true, profile_id: owner.profile_id, park_id: fx.park.id });
    expect(root.data.permissions).toHaveLength(ALL_PERMISSIONS.length);
    const m = await member(['Caissier']);
    const notRoot = await ctx.api('GET', '/api/access-root', as(m.session));
    expect(notRoot.data).toMatchObject({ is_root: false, profile_id: m.session.profile_id, park_id: fx.park.id });
    expect(notRoot.data.permissions).toContain('VIEW_CASH_COLLECTION');
  });
});

describe('MANAGE_ACCESS', () => {
  it('is needed on every role and administrator route', async () => {
    const m = await member(['Gestionnaire', 'Caissier', 'Agent de terrain']);
    const role = await roleByName('Caissier');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/role-name'],
      ['POST', '/api/role-name/add', { name: 'Nouveau', permissions: ['ENCAISSER'] }],
      ['PUT', `/api/role-name/update/${role.id}`, { name: 'Caissier', permissions: ['MANAGE_ACCESS'] }],
      ['DELETE', `/api/role-name/delete/${role.id}`],
      ['GET', `/api/permissions/role/${role.id}`],
      ['GET', `/api/access/role_name/${role.id}`],
      ['GET', `/api/permissions/profile/permissions/${owner.profile_id}`],
      // Listing administrators is also open to group managers (the Gestionnaire role is one):
      // admins-listing.test.ts covers it.
      ['POST', '/api/admin/add', { first_name: 'Pirate', last_name: 'Pirate', email: 'pirate@test.flotte', role_ids: [role.id] }],
      ['PUT', `/api/admin/${m.session.profile_id}`, { role_ids: [role.id] }],
      ['DELETE', `/api/park/remove-profile?park_id=${fx.park.id}&profile_id=${owner.profile_id}`],
    ];
    for (const [method, url, body] of calls) {
      const r = await ctx.api(method, url, { ...as(m.session), body });
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.code).toBe(4030);
    }
    expect((await roleByName('Caissier')).permissions).not.toContain('MANAGE_ACCESS');
  });

  it('refuses a park_id of another park', async () => {
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const r = await ctx.api('GET', `/api/role-name?park_id=${other.park.id}`, as(owner));
    expect(r.status).toBe(403);
    expect(r.code).toBe(4034);
  });
});
