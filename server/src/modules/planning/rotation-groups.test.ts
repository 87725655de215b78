import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { planningEntries } from './planning.tables.ts';
import { MONDAY, planningCalls, type Park } from './planning-test-helpers.ts';

let ctx: TestContext;
let parks = 0;
let p: Park;
const h = planningCalls(() => ctx);
const list = (park: Park = p) => h.call(park.owner, 'GET', `/api/rotation/by/${park.fx.park.id}`);
const save = (body: unknown, park: Park = p) => h.call(park.owner, 'POST', '/api/rotation', body);
const remove = (id: string, park: Park = p) => h.call(park.owner, 'DELETE', `/api/rotation/${id}`);

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  p = await h.newPark(`Parc Rotation ${++parks}`);
});
afterAll(() => ctx.close());

describe('rotation groups', () => {
  it('creates, lists, updates and deletes a group with its principal and interim drivers', async () => {
    const one = await h.plannedVehicle(p, 'Principal');
    const two = await h.plannedVehicle(p, 'Second');
    const interim = await h.driver(p, 'Interim');

    const created = await save({
      name: 'Équipe Nord',
      planning: 'weekly',
      checking: true,
      vehicles: [{ vehicle_id: one.v.id, principal_driver_id: one.d, interim_driver_id: interim }, { vehicle_id: two.v.id }],
    });
    expect(created.code, created.message).toBe(5000);
    expect(created.message).toBe('Groupe de rotation ajouté avec succès');
    expect(created.data).toMatchObject({
      name: 'Équipe Nord',
      planning: 'weekly',
      checking: true,
      collection: false,
      group_id: null,
      vehiclePrincipalDriverAssignment: [{ vehicle_id: one.v.id, driver_id: one.d }],
      vehicleInterimDriverAssignment: [{ vehicle_id: one.v.id, driver_id: interim }],
    });
    expect(created.data.vehicles).toHaveLength(2);
    const first = created.data.vehicles.find((v: { vehicle: { id: string } }) => v.vehicle.id === one.v.id);
    expect(first).toMatchObject({ principal_driver: { id: one.d, last_name: 'Principal' }, interim_driver: { id: interim, last_name: 'Interim' } });

    const listed = await list();
    expect(listed.data).toEqual([created.data]);

    const updated = await save({ id: created.data.id, name: 'Équipe Sud', vehicles: [{ vehicle_id: two.v.id, interim_driver_id: interim }] });
    expect(updated.message).toBe('Groupe de rotation mis à jour avec succès');
    expect(updated.data).toMatchObject({ id: created.data.id, name: 'Équipe Sud', planning: 'daily', vehicleInterimDriverAssignment: [{ vehicle_id: two.v.id, driver_id: interim }] });
    expect(updated.data.vehicles).toHaveLength(1);

    const deleted = await remove(created.data.id);
    expect([deleted.code, deleted.message]).toEqual([5000, 'Groupe de rotation supprimé']);
    expect((await list()).data).toEqual([]);
    expect((await remove(created.data.id)).status).toBe(404);
  });

  it('keeps a vehicle in one group at most, naming the other group', async () => {
    const { v } = await h.plannedVehicle(p, 'Unique');
    const a = await save({ name: 'Groupe A', vehicles: [{ vehicle_id: v.id }] });
    expect(a.code).toBe(5000);
    const b = await save({ name: 'Groupe B', vehicles: [{ vehicle_id: v.id }] });
    expect([b.status, b.code, b.message]).toEqual([409, 4401, `Le véhicule ${v.registration_number} est déjà dans le groupe de rotation Groupe A`]);
    expect(b.data.errors[0].field).toBe('vehicles.0.vehicle_id');
    // Saving group A again with the same vehicle is no conflict.
    expect((await save({ id: a.data.id, name: 'Groupe A', vehicles: [{ vehicle_id: v.id }] })).code).toBe(5000);
  });

  it('answers wrong input with French 400s, and refuses a suspended interim', async () => {
    const { v, d } = await h.plannedVehicle(p, 'Form');
    const noName = await save({ vehicles: [{ vehicle_id: v.id }] });
    expect([noName.status, noName.message]).toEqual([400, 'Le nom du groupe est requis']);
    const noVehicle = await save({ name: 'Vide', vehicles: [] });
    expect([noVehicle.status, noVehicle.message]).toEqual([400, 'Veuillez ajouter au moins un véhicule au groupe']);
    const same = await save({ name: 'Même', vehicles: [{ vehicle_id: v.id, principal_driver_id: d, interim_driver_id: d }] });
    expect([same.status, same.message]).toEqual([400, 'Le chauffeur intérimaire doit être différent du chauffeur principal']);
    const badPlanning = await save({ name: 'X', planning: 'yearly', vehicles: [{ vehicle_id: v.id }] });
    expect([badPlanning.status, badPlanning.message]).toEqual([400, 'Planification invalide (daily, weekly ou monthly)']);
    const suspended = await h.driver(p, 'Bloque');
    await h.setDriver(suspended, { blockedAt: new Date() });
    const r = await save({ name: 'Bloqué', vehicles: [{ vehicle_id: v.id, interim_driver_id: suspended }] });
    expect([r.status, r.message]).toEqual([409, 'Le chauffeur Jean Bloque est suspendu : il ne peut pas être affecté à un véhicule']);
  });

  it("refuses another park's vehicles, drivers, groups and list", async () => {
    const other = await h.newPark(`Parc Voisin ${++parks}`);
    const theirs = await h.plannedVehicle(other, 'Voisin');
    const theirGroup = await save({ name: 'Chez eux', vehicles: [{ vehicle_id: theirs.v.id }] }, other);
    const mine = await h.plannedVehicle(p, 'Moi');

    expect((await save({ name: 'Vol', vehicles: [{ vehicle_id: theirs.v.id }] })).status).toBe(404);
    expect((await save({ name: 'Vol', vehicles: [{ vehicle_id: mine.v.id, interim_driver_id: theirs.d }] })).status).toBe(404);
    expect((await save({ id: theirGroup.data.id, name: 'Vol', vehicles: [{ vehicle_id: mine.v.id }] })).status).toBe(404);
    expect((await remove(theirGroup.data.id)).status).toBe(404);
    expect((await h.call(p.owner, 'GET', `/api/rotation/by/${other.fx.park.id}`)).status).toBe(403);
    expect((await h.generate(p.owner, { start_date: MONDAY, end_date: MONDAY, rotation_group_id: theirGroup.data.id })).status).toBe(404);
    // Their group is untouched.
    expect((await list(other)).data).toHaveLength(1);
  });
});

describe('the interim in the planning', () => {
  it("drives when the principal can't, listed as information, and is confirmed with role interim", async () => {
    const { v, d } = await h.plannedVehicle(p, 'Titulaire');
    await h.setDriver(d, { daysOff: [3] });
    const interim = await h.driver(p, 'Remplacant');
    const group = await save({ name: 'Relais', vehicles: [{ vehicle_id: v.id, principal_driver_id: d, interim_driver_id: interim }] });

    // Generating by the rotation group covers its vehicles.
    const g = await h.generate(p.owner, { start_date: MONDAY, end_date: '2030-03-10', rotation_group_id: group.data.id });
    expect(g.code, g.message).toBe(5000);
    expect(g.data.entries).toHaveLength(7);
    const wednesday = g.data.entries.find((e: { date: string }) => e.date === '2030-03-06');
    expect(wednesday).toMatchObject({ role: 'interim', driver: { id: interim }, rotation_group_id: group.data.id });
    expect(g.data.conflicts).toEqual([
      expect.objectContaining({
        date: '2030-03-06',
        reason: 'day_off',
        driver: { id: d, first_name: 'Jean', last_name: 'Titulaire' },
        replaced_by: { id: interim, first_name: 'Jean', last_name: 'Remplacant' },
        message: 'Jean Titulaire est en repos le mercredi 06/03/2030 : Jean Remplacant (intérimaire) le remplace',
      }),
    ]);

    const c = await h.generateAndConfirm(p, [v.id], MONDAY, '2030-03-10');
    expect(c.code, c.message).toBe(5000);
    const [row] = await ctx.database.db
      .select({ driverId: planningEntries.driverId, role: planningEntries.role, rotationGroupId: planningEntries.rotationGroupId })
      .from(planningEntries)
      .where(and(eq(planningEntries.vehicleId, v.id), eq(planningEntries.day, '2030-03-06')));
    expect(row).toEqual({ driverId: interim, role: 'interim', rotationGroupId: group.data.id });

    // The interim's own programme shows his day.
    const program = await h.call(p.owner, 'GET', `/api/driver/work-program/${interim}?start_date=${MONDAY}&end_date=2030-03-10`);
    expect(program.data.map((e: { date: string; role: string }) => [e.date, e.role])).toEqual([['2030-03-06', 'interim']]);
  });

  it('available vehicles and drivers for a group leave out those of another group', async () => {
    const a = await h.plannedVehicle(p, 'GroupeA');
    const b = await h.plannedVehicle(p, 'GroupeB');
    const free = await h.plannedVehicle(p, 'SansGroupe');
    const ga = await save({ name: 'A', vehicles: [{ vehicle_id: a.v.id, principal_driver_id: a.d }] });
    await save({ name: 'B', vehicles: [{ vehicle_id: b.v.id, principal_driver_id: b.d }] });
    const q = `rotation_group_id=${ga.data.id}&start_date=${MONDAY}&end_date=${MONDAY}`;
    const vehicles = await h.call(p.owner, 'GET', `/api/planning/available-vehicle?${q}`);
    expect(vehicles.data.map((v: { id: string }) => v.id).sort()).toEqual([a.v.id, free.v.id].sort());
    const drivers = await h.call(p.owner, 'GET', `/api/planning/available-driver?${q}`);
    expect(drivers.data.map((d: { id: string }) => d.id).sort()).toEqual([a.d, free.d].sort());
  });
});
