import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { profiles } from '../access/access.tables.ts';
import { vehicleDocuments, vehicleGroups, vehicles } from './vehicles.tables.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Park {
  id: string;
  owner: SignedIn;
}

async function freshPark(name = 'Parc Groupes'): Promise<Park> {
  const fx = await ctx.createPark({ name });
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  return { id: fx.park.id, owner };
}

/** Vehicles are inserted directly: the vehicles API belongs to another module and is not under test. */
async function insertVehicles(parkId: string, ...registrations: string[]): Promise<string[]> {
  const rows = await ctx.database.db
    .insert(vehicles)
    .values(registrations.map((r) => ({ parkId, vehicleTypeId: 1, brandId: 1, modelId: 2, colorId: 7, registrationNumber: r, label: `Yaris ${r}` })))
    .returning({ id: vehicles.id, registration: vehicles.registrationNumber });
  return registrations.map((r) => rows.find((row) => row.registration === r)!.id);
}

/** A member of the park with the given roles, signed in; returns their session and profile id. */
async function member(parkId: string, roleNames: string[], type = 'agent') {
  const m = await ctx.addMember(parkId, { type, roleNames });
  const s = await ctx.signIn({ email: m.email, password: m.password, type });
  return s;
}

async function groupIdOf(vehicleId: string): Promise<string | null> {
  const [v] = await ctx.database.db.select({ groupId: vehicles.groupId }).from(vehicles).where(eq(vehicles.id, vehicleId));
  return v.groupId;
}

const as = (who: SignedIn) => ({ token: who.token, profileId: who.profile_id });
const call = (who: SignedIn, method: string, url: string, body?: unknown) => ctx.api(method, url, { ...as(who), body });

describe('POST /api/vehicle-group/add and GET /api/vehicle-group', () => {
  it('creates a group with its vehicles and administrators, and lists it', async () => {
    const p = await freshPark();
    const [v1, v2, v3] = await insertVehicles(p.id, 'LT-120-ZZ', 'LT-110-AA', 'LT-130-CC');
    const manager = await member(p.id, ['Gestionnaire']);
    const r = await call(p.owner, 'POST', '/api/vehicle-group/add', {
      title: '  Douala Nord ',
      description: 'Akwa et Bonapriso',
      park_id: p.id,
      vehicles_ids: [v1, v2],
      admin_ids: [manager.profile_id, p.owner.profile_id],
    });
    expect(r.status).toBe(200);
    expect(r.message).toBe('Groupe ajouté avec succès');
    expect(r.data).toMatchObject({
      title: 'Douala Nord',
      description: 'Akwa et Bonapriso',
      region_id: null,
      vehicles_count: 2,
      vehicles: [
        { id: v2, label: 'Yaris LT-110-AA', registration_number: 'LT-110-AA' },
        { id: v1, label: 'Yaris LT-120-ZZ', registration_number: 'LT-120-ZZ' },
      ],
      admins_count: 2,
    });
    // Administrators by last name: Mensah (the member) before Ndiaye (the owner).
    expect(r.data.admins).toEqual([
      { profile_id: manager.profile_id, first_name: 'Koffi', last_name: 'Mensah' },
      { profile_id: p.owner.profile_id, first_name: 'Awa', last_name: 'Ndiaye' },
    ]);
    expect(await groupIdOf(v1)).toBe(r.data.id);
    expect(await groupIdOf(v3)).toBeNull();

    const empty = await call(p.owner, 'POST', '/api/vehicle-group/add', { name: 'Abidjan Plateau' });
    expect(empty.code).toBe(5000);
    expect(empty.data).toMatchObject({ title: 'Abidjan Plateau', description: null, vehicles_count: 0, vehicles: [], admins: [], admins_count: 0 });

    const list = await call(p.owner, 'GET', `/api/vehicle-group?park_id=${p.id}`);
    expect(list.status).toBe(200);
    expect(list.data.map((g: { title: string }) => g.title)).toEqual(['Abidjan Plateau', 'Douala Nord']);
    expect(list.data[1]).toEqual(r.data);
  });

  it("refuses a group without a name with the spec's message, and a name already used", async () => {
    const p = await freshPark();
    for (const body of [{}, { title: '' }, { title: '   ' }, { name: 'Unknown' }, { description: 'Sans nom' }]) {
      const r = await call(p.owner, 'POST', '/api/vehicle-group/add', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toBe('Le nom du groupe est requis');
    }
    const long = await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'x'.repeat(101) });
    expect(long.message).toBe('Le nom du groupe ne peut pas dépasser 100 caractères');

    expect((await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Yaoundé Centre' })).code).toBe(5000);
    const twice = await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'yaoundé centre' });
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('Un groupe porte déjà ce nom');
  });

  it('takes as administrators only live, non-driver profiles of the park', async () => {
    const p = await freshPark();
    const other = await freshPark('Autre parc');
    const driver = await ctx.addMember(p.id, { type: 'driver' });
    const [driverProfile] = await ctx.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, driver.userId));
    const removed = await member(p.id, ['Caissier']);
    await ctx.database.db.update(profiles).set({ removedAt: new Date() }).where(eq(profiles.id, removed.profile_id));

    for (const id of [other.owner.profile_id, driverProfile.id, removed.profile_id, '0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee']) {
      const r = await call(p.owner, 'POST', '/api/vehicle-group/add', { title: `Groupe ${id}`, admin_ids: [p.owner.profile_id, id] });
      expect(r.status).toBe(422);
      expect(r.message).toBe('Les administrateurs du groupe doivent être des administrateurs de ce parc');
    }
    const bad = await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Groupe', admin_ids: ['moi'] });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe("Identifiant d'administrateur invalide");
    // Nothing was created by the refused requests.
    expect(await ctx.database.db.select().from(vehicleGroups).where(eq(vehicleGroups.parkId, p.id))).toEqual([]);
  });
});

describe('a vehicle is in at most one group', () => {
  it('refuses with 409 naming the group a vehicle is already in, and changes nothing', async () => {
    const p = await freshPark();
    const [v1, v2] = await insertVehicles(p.id, 'LT-500-AA', 'LT-501-AA');
    const north = (await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Douala Nord', vehicles_ids: [v1] })).data;

    const create = await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Douala Sud', vehicles_ids: [v2, v1] });
    expect(create.status).toBe(409);
    expect(create.message).toBe('Le véhicule LT-500-AA est déjà dans le groupe « Douala Nord »');
    expect(create.data.conflicts).toEqual([{ vehicle_id: v1, registration_number: 'LT-500-AA', group: { id: north.id, title: 'Douala Nord' } }]);
    // The whole request was refused: no 'Douala Sud', and v2 is still in no group.
    const titles = (await call(p.owner, 'GET', '/api/vehicle-group')).data.map((g: { title: string }) => g.title);
    expect(titles).toEqual(['Douala Nord']);
    expect(await groupIdOf(v2)).toBeNull();

    const south = (await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Douala Sud' })).data;
    const add = await call(p.owner, 'PUT', `/api/vehicle-group/add-vehicles/${south.id}`, { vehicles_ids: [v1, v2] });
    expect(add.status).toBe(409);
    expect(add.message).toBe('Le véhicule LT-500-AA est déjà dans le groupe « Douala Nord »');
    expect(await groupIdOf(v1)).toBe(north.id);
    expect(await groupIdOf(v2)).toBeNull();

    const update = await call(p.owner, 'PUT', `/api/vehicle-group/update/${south.id}`, { title: 'Douala Sud', vehicles_ids: [v1] });
    expect(update.status).toBe(409);
    expect(await groupIdOf(v1)).toBe(north.id);
  });

  it('lets only one of two simultaneous requests file the same vehicle', async () => {
    const p = await freshPark();
    const [v] = await insertVehicles(p.id, 'LT-502-AA');
    const g1 = (await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Groupe 1' })).data;
    const g2 = (await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Groupe 2' })).data;
    const answers = await Promise.all([
      call(p.owner, 'PUT', `/api/vehicle-group/add-vehicles/${g1.id}`, { vehicles_ids: [v] }),
      call(p.owner, 'PUT', `/api/vehicle-group/add-vehicles/${g2.id}`, { vehicles_ids: [v] }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.data.id;
    expect(await groupIdOf(v)).toBe(winner);
  });
});

describe('PUT /api/vehicle-group/add-vehicles/{id} and /remove-vehicles', () => {
  it('adds vehicles (those already in the group stay) and takes them out again', async () => {
    const p = await freshPark();
    const [v1, v2, v3] = await insertVehicles(p.id, 'LT-600-AA', 'LT-601-AA', 'LT-602-AA');
    const g = (await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Bonabéri', vehicles_ids: [v1] })).data;

    const add = await call(p.owner, 'PUT', `/api/vehicle-group/add-vehicles/${g.id}`, { vehicles_ids: [v1, v2, v3, v2] });
    expect(add.status).toBe(200);
    expect(add.message).toBe('Groupe mis à jour avec succès');
    expect(add.data.vehicles_count).toBe(3);

    const remove = await call(p.owner, 'PUT', '/api/vehicle-group/remove-vehicles', { vehicles_ids: [v1, v3] });
    expect(remove.status).toBe(200);
    expect(remove.message).toBe('Groupe mis à jour avec succès');
    expect(remove.data).toEqual({ vehicles_ids: [v1, v3] });
    const [listed] = (await call(p.owner, 'GET', '/api/vehicle-group')).data;
    expect(listed.vehicles.map((v: { id: string }) => v.id)).toEqual([v2]);
    expect(await groupIdOf(v1)).toBeNull();
    // The vehicles themselves are untouched.
    expect(await ctx.database.db.select().from(vehicles).where(inArray(vehicles.id, [v1, v3]))).toHaveLength(2);
  });

  it('needs at least one vehicle, and only vehicles of the park', async () => {
    const p = await freshPark();
    const other = await freshPark('Autre parc');
    const [theirs] = await insertVehicles(other.id, 'LT-700-BB');
    const g = (await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Groupe' })).data;
    for (const [method, url] of [['PUT', `/api/vehicle-group/add-vehicles/${g.id}`], ['PUT', '/api/vehicle-group/remove-vehicles']]) {
      const none = await call(p.owner, method, url, { vehicles_ids: [] });
      expect(none.status).toBe(400);
      expect(none.message).toBe('Sélectionnez au moins un véhicule');
      const bad = await call(p.owner, method, url, { vehicles_ids: ['LT-700-BB'] });
      expect(bad.message).toBe('Identifiant de véhicule invalide');
      const foreign = await call(p.owner, method, url, { vehicles_ids: [theirs] });
      expect(foreign.status).toBe(404);
      expect(foreign.message).toBe('Véhicule introuvable');
    }
    const unknownGroup = await call(p.owner, 'PUT', '/api/vehicle-group/add-vehicles/0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee', { vehicles_ids: [theirs] });
    expect(unknownGroup.status).toBe(404);
    expect(unknownGroup.message).toBe('Groupe introuvable');
  });
});

describe('PUT /api/vehicle-group/update/{id}', () => {
  it('replaces title and description, and the vehicles and administrators when sent', async () => {
    const p = await freshPark();
    const [v1, v2, v3] = await insertVehicles(p.id, 'LT-800-AA', 'LT-801-AA', 'LT-802-AA');
    const manager = await member(p.id, ['Gestionnaire']);
    const g = (
      await call(p.owner, 'POST', '/api/vehicle-group/add', {
        title: 'Akwa',
        description: 'Centre',
        vehicles_ids: [v1, v2],
        admin_ids: [manager.profile_id],
      })
    ).data;

    // Title and description only: vehicles and administrators stay; an absent description clears it.
    const renamed = await call(p.owner, 'PUT', `/api/vehicle-group/update/${g.id}`, { name: 'Akwa Nord', description: '' });
    expect(renamed.status).toBe(200);
    expect(renamed.message).toBe('Groupe mis à jour avec succès');
    expect(renamed.data).toMatchObject({ title: 'Akwa Nord', description: null, vehicles_count: 2, admins_count: 1 });

    const replaced = await call(p.owner, 'PUT', `/api/vehicle-group/update/${g.id}`, {
      title: 'Akwa Nord',
      description: 'Nouveau',
      vehicles_ids: [v2, v3],
      admin_ids: [p.owner.profile_id],
    });
    expect(replaced.data.vehicles.map((v: { id: string }) => v.id)).toEqual([v2, v3]);
    expect(replaced.data.admins.map((a: { profile_id: string }) => a.profile_id)).toEqual([p.owner.profile_id]);
    expect(await groupIdOf(v1)).toBeNull();

    const emptied = await call(p.owner, 'PUT', `/api/vehicle-group/update/${g.id}`, { title: 'Akwa Nord', vehicles_ids: [], admin_ids: [] });
    expect(emptied.data).toMatchObject({ vehicles_count: 0, admins_count: 0 });

    const noTitle = await call(p.owner, 'PUT', `/api/vehicle-group/update/${g.id}`, { title: '', description: 'x' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.message).toBe('Le nom du groupe est requis');

    await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Bali' });
    const taken = await call(p.owner, 'PUT', `/api/vehicle-group/update/${g.id}`, { title: 'BALI' });
    expect(taken.status).toBe(409);
    // Keeping its own title is not a conflict.
    expect((await call(p.owner, 'PUT', `/api/vehicle-group/update/${g.id}`, { title: 'akwa nord' })).code).toBe(5000);
  });
});

describe('DELETE /api/vehicle-group/delete/{groupId}', () => {
  it('deletes the group and leaves its vehicles in no group', async () => {
    const p = await freshPark();
    const [v1, v2] = await insertVehicles(p.id, 'LT-900-AA', 'LT-901-AA');
    await ctx.database.db.insert(vehicleDocuments).values({ parkId: p.id, vehicleId: v1, documentTypeId: 1, startDate: '2026-01-01', endDate: '2026-12-31' });
    const g = (await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Deido', vehicles_ids: [v1, v2], admin_ids: [p.owner.profile_id] })).data;

    const r = await call(p.owner, 'DELETE', `/api/vehicle-group/delete/${g.id}?region_id=1`);
    expect(r.status).toBe(200);
    expect(r.message).toBe('Groupe supprimé');
    expect(r.data).toEqual({ id: g.id });
    expect((await call(p.owner, 'GET', '/api/vehicle-group')).data).toEqual([]);
    expect(await groupIdOf(v1)).toBeNull();
    expect(await groupIdOf(v2)).toBeNull();
    expect(await ctx.database.db.select().from(vehicleDocuments).where(eq(vehicleDocuments.vehicleId, v1))).toHaveLength(1);
    // The vehicles may join another group at once.
    expect((await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Deido 2', vehicles_ids: [v1] })).code).toBe(5000);

    const again = await call(p.owner, 'DELETE', `/api/vehicle-group/delete/${g.id}`);
    expect(again.status).toBe(404);
    expect(again.message).toBe('Groupe introuvable');
  });
});

describe('permissions', () => {
  it('needs MANAGE_VEHICLE_GROUPS for every change; MANAGE_DRIVER_VEHICLE is not enough; reading is open', async () => {
    const p = await freshPark();
    const [v] = await insertVehicles(p.id, 'LT-950-AA');
    const g = (await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Groupe', vehicles_ids: [v] })).data;
    const role = await call(p.owner, 'POST', '/api/role-name/add', { name: 'Flotte sans groupes', permissions: ['MANAGE_DRIVER_VEHICLE'] });
    expect(role.code).toBe(5000);
    const fleetOnly = await member(p.id, ['Flotte sans groupes']);
    const cashier = await member(p.id, ['Caissier']);

    const writes: [string, string, unknown][] = [
      ['POST', '/api/vehicle-group/add', { title: 'Intrus' }],
      ['PUT', `/api/vehicle-group/update/${g.id}`, { title: 'Intrus' }],
      ['DELETE', `/api/vehicle-group/delete/${g.id}`, undefined],
      ['PUT', '/api/vehicle-group/remove-vehicles', { vehicles_ids: [v] }],
      ['PUT', `/api/vehicle-group/add-vehicles/${g.id}`, { vehicles_ids: [v] }],
    ];
    for (const who of [fleetOnly, cashier]) {
      for (const [method, url, body] of writes) {
        const r = await call(who, method, url, body);
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.message).toBe("Vous n'avez pas les permissions nécessaires pour effectuer cette action");
      }
      const read = await call(who, 'GET', '/api/vehicle-group');
      expect(read.data.map((x: { title: string }) => x.title)).toEqual(['Groupe']);
    }
    expect(await groupIdOf(v)).toBe(g.id);

    const manager = await member(p.id, ['Gestionnaire']);
    expect((await call(manager, 'PUT', `/api/vehicle-group/update/${g.id}`, { title: 'Groupe renommé' })).code).toBe(5000);
  });
});

describe('park isolation', () => {
  it("never shows nor changes another park's groups or vehicles", async () => {
    const a = await freshPark('Parc A');
    const b = await freshPark('Parc B');
    const [vA] = await insertVehicles(a.id, 'LT-990-AA');
    const [vB] = await insertVehicles(b.id, 'LT-990-BB');
    const gB = (await call(b.owner, 'POST', '/api/vehicle-group/add', { title: 'Groupe B', vehicles_ids: [vB] })).data;
    const gA = (await call(a.owner, 'POST', '/api/vehicle-group/add', { title: 'Groupe A' })).data;

    expect((await call(a.owner, 'GET', '/api/vehicle-group')).data.map((g: { title: string }) => g.title)).toEqual(['Groupe A']);
    expect((await call(a.owner, 'GET', `/api/vehicle-group?park_id=${b.id}`)).status).toBe(403);

    const attempts: [string, string, unknown][] = [
      ['PUT', `/api/vehicle-group/update/${gB.id}`, { title: 'Intrus' }],
      ['DELETE', `/api/vehicle-group/delete/${gB.id}`, undefined],
      ['PUT', `/api/vehicle-group/add-vehicles/${gB.id}`, { vehicles_ids: [vA] }],
      ['PUT', `/api/vehicle-group/add-vehicles/${gA.id}`, { vehicles_ids: [vB] }],
      ['PUT', '/api/vehicle-group/remove-vehicles', { vehicles_ids: [vB] }],
      ['POST', '/api/vehicle-group/add', { title: 'Intrus', vehicles_ids: [vB] }],
      ['POST', '/api/vehicle-group/add', { title: 'Intrus', admin_ids: [b.owner.profile_id] }],
    ];
    for (const [method, url, body] of attempts) {
      const r = await call(a.owner, method, url, body);
      expect([403, 404, 422], `${method} ${url} → ${r.status}`).toContain(r.status);
    }
    expect((await call(a.owner, 'POST', '/api/vehicle-group/add', { title: 'Intrus', park_id: b.id })).status).toBe(403);

    const [listed] = (await call(b.owner, 'GET', '/api/vehicle-group')).data;
    expect(listed).toMatchObject({ id: gB.id, title: 'Groupe B', vehicles_count: 1, vehicles: [{ id: vB }] });
    expect(await groupIdOf(vA)).toBeNull();
    expect((await call(a.owner, 'GET', '/api/vehicle-group')).data.map((g: { title: string }) => g.title)).toEqual(['Groupe A']);
  });
});

describe("resetting the park's vehicles", () => {
  it('removes the vehicles with their documents and the groups, and only in that park', async () => {
    const p = await freshPark();
    const other = await freshPark('Autre parc');
    const [v] = await insertVehicles(p.id, 'LT-999-AA');
    const [kept] = await insertVehicles(other.id, 'LT-999-BB');
    await ctx.database.db.insert(vehicleDocuments).values({ parkId: p.id, vehicleId: v, documentTypeId: 1, startDate: '2026-01-01', endDate: '2026-12-31' });
    await call(p.owner, 'POST', '/api/vehicle-group/add', { title: 'Groupe', vehicles_ids: [v] });
    await call(other.owner, 'POST', '/api/vehicle-group/add', { title: 'Groupe', vehicles_ids: [kept] });
    // Setting the PIN also verifies it for this session (reset is a step-up action).
    expect((await ctx.api('POST', '/api/update-pin-code', { token: p.owner.token, body: { code: '24680' } })).code).toBe(5000);

    const options = await call(p.owner, 'GET', '/api/park/reset-options');
    expect(options.data).toContainEqual({ code: 'vehicles', label: 'Véhicules', description: expect.stringContaining('groupes de véhicules') });
    const r = await call(p.owner, 'PUT', `/api/park/reset/${p.id}`, { options: ['vehicles'] });
    expect(r.code).toBe(5000);
    expect(await ctx.database.db.select().from(vehicles).where(eq(vehicles.parkId, p.id))).toEqual([]);
    expect(await ctx.database.db.select().from(vehicleDocuments).where(eq(vehicleDocuments.parkId, p.id))).toEqual([]);
    expect((await call(p.owner, 'GET', '/api/vehicle-group')).data).toEqual([]);
    expect((await call(other.owner, 'GET', '/api/vehicle-group')).data[0]).toMatchObject({ vehicles_count: 1 });
  });
});
