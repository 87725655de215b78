import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@flotte/contract';
import { TRIGGER_MESSAGES as M } from '@flotte/contract/penalty-triggers';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { insertDriver, REF, freshPlate } from '../vehicles/vehicle-test-helpers.ts';
import { vehicleGroups, vehicles } from '../vehicles/vehicles.tables.ts';
import { gpsActionLog, penaltyTriggers, triggerEpisodes } from './gps.tables.ts';

/**
 * Penalty triggers through the API (issue 22 section 3): the spec's form rules and messages, the
 * CRUD scoped to the park, the episodes and action log listings (rows written straight into the
 * tables: the evaluation is trigger-evaluation's test), and the manual release behind the PIN.
 */

let ctx: TestContext;
let owner: Actor;
let other: Actor;
let parkNo = 0;

interface Actor {
  parkId: string;
  signed: SignedIn;
}

async function parkWithOwner(withPin = false): Promise<Actor> {
  const fx = await ctx.createPark({ name: `Parc Déclencheurs ${++parkNo}` });
  const signed = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  if (withPin) {
    expect((await ctx.api('POST', '/api/update-pin-code', { token: signed.token, body: { code: '24680' } })).code).toBe(5000);
    expect((await ctx.api('POST', '/api/verify-pin-code', { token: signed.token, body: { code: '24680' } })).code).toBe(5000);
  }
  return { parkId: fx.park.id, signed };
}

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await parkWithOwner(true);
  other = await parkWithOwner();
}, 60_000);
afterAll(() => ctx?.close());

const call = (who: Actor, method: string, url: string, body?: unknown) =>
  ctx.api(method, url, { token: who.signed.token, profileId: who.signed.profile_id, body });

const notification = { title: 'Relance', calculation_type: 'time', grace_days: 1, grace_hours: 0, selected_action: 'notification', notification_message: 'Merci de régler votre recette' };
const lock = { title: 'Blocage', calculation_type: 'amount', action_type: 'percentage', percentage: 100, selected_action: 'lock', buzzer_duration: 10, stop_delay: 5 };

async function group(parkId: string, title: string): Promise<string> {
  const [row] = await ctx.database.db.insert(vehicleGroups).values({ parkId, title }).returning({ id: vehicleGroups.id });
  return row.id;
}

async function vehicle(parkId: string, label: string): Promise<{ id: string; plate: string }> {
  const plate = freshPlate();
  const [row] = await ctx.database.db
    .insert(vehicles)
    .values({ parkId, label, vehicleTypeId: REF.type, brandId: REF.toyota, modelId: REF.corolla, colorId: REF.color, registrationNumber: plate })
    .returning({ id: vehicles.id });
  return { id: row.id, plate };
}

async function create(who: Actor, body: object): Promise<string> {
  const r = await call(who, 'POST', '/api/penalty-triggers', body);
  expect(r.code, r.message).toBe(5000);
  return r.data.id;
}

describe('the form: every rule of the spec answered in French on its field', () => {
  const cases: [string, object, string, string][] = [
    ['a title', { ...notification, title: undefined }, 'title', M.title],
    ['a blank title', { ...notification, title: '   ' }, 'title', M.title],
    ['one duration (time)', { ...notification, grace_days: 0, grace_hours: 0 }, 'grace_hours', M.oneDuration],
    ['days within 0-30', { ...notification, grace_days: 31 }, 'grace_days', M.days],
    ['hours within 0-23', { ...notification, grace_hours: 24 }, 'grace_hours', M.hours],
    ['the action type of an amount', { ...lock, action_type: undefined }, 'action_type', M.actionType],
    ['the percentage of an amount', { ...lock, percentage: undefined }, 'percentage', M.percentage],
    ['an action', { ...notification, selected_action: undefined }, 'selected_action', M.action],
    ['the buzzer duration of a lock', { ...lock, buzzer_duration: undefined }, 'buzzer_duration', M.buzzerDuration],
    ['the stop delay of a lock', { ...lock, stop_delay: undefined }, 'stop_delay', M.stopDelay],
    ['the buzzer duration of a buzzer', { ...notification, selected_action: 'buzzer', buzzer_mode: 'continuous' }, 'buzzer_duration', M.buzzerDuration],
    ['the mode of a buzzer', { ...notification, selected_action: 'buzzer', buzzer_duration: 10 }, 'buzzer_mode', M.buzzerMode],
    ['the message of a notification', { ...notification, notification_message: '' }, 'notification_message', M.notificationMessage],
  ];
  it.each(cases)('needs %s', async (_name, body, field, message) => {
    const r = await call(owner, 'POST', '/api/penalty-triggers', body);
    expect(r.status).toBe(400);
    expect(r.data.errors).toContainEqual({ field, message });
  });

  it('answers the first field message as the message, and saves nothing', async () => {
    const r = await call(owner, 'POST', '/api/penalty-triggers', { ...notification, title: '' });
    expect(r.message).toBe(M.title);
    const rows = await ctx.database.db.select().from(penaltyTriggers).where(eq(penaltyTriggers.parkId, owner.parkId));
    expect(rows.filter((t) => t.title === '')).toEqual([]);
  });
});

describe('triggers of the park', () => {
  it('creates a trigger, keeping only what its calculation and action use', async () => {
    const g = await group(owner.parkId, 'Douala Nord');
    const r = await call(owner, 'POST', '/api/penalty-triggers', { ...notification, buzzer_mode: 'progressive', buzzer_duration: 30, stop_delay: 4, action_type: 'fixed', percentage: 2000, vehicle_group_ids: [g, g] });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(M.saved);
    expect(r.data).toMatchObject({
      title: 'Relance',
      calculation_type: 'time',
      grace_days: 1,
      grace_hours: 0,
      action_type: null,
      percentage: null,
      selected_action: 'notification',
      buzzer_duration: null,
      stop_delay: null,
      buzzer_mode: null,
      notification_type: 'email',
      notification_message: 'Merci de régler votre recette',
      enabled: true,
      vehicle_groups: [{ id: g, title: 'Douala Nord' }],
      fired_count: 0,
      active_count: 0,
    });
    expect(r.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('stores the percentage of an amount trigger as its threshold, and a lock its buzzer and stop delay', async () => {
    const id = await create(owner, { ...lock, notification_message: 'ignoré' });
    const [row] = await ctx.database.db.select().from(penaltyTriggers).where(eq(penaltyTriggers.id, id));
    expect(row).toMatchObject({ threshold: 100, actionType: 'percentage', buzzerDuration: 10, stopDelay: 5, notificationMessage: null, graceDays: 0, graceHours: 0, autoCancel: true });
    const fixed = await call(owner, 'PUT', `/api/penalty-triggers/${id}`, { ...lock, action_type: 'fixed', percentage: 25_000 });
    expect(fixed.data).toMatchObject({ action_type: 'fixed', percentage: 25_000 });
    const zero = await call(owner, 'PUT', `/api/penalty-triggers/${id}`, { ...lock, action_type: 'percentage', percentage: 0 });
    expect(zero.data.errors).toEqual([{ field: 'percentage', message: M.percentageRange }]);
  });

  it("refuses a group of another park, or that isn't a group", async () => {
    const theirs = await group(other.parkId, 'Groupe voisin');
    for (const ids of [[theirs], ['pas-un-id']]) {
      const r = await call(owner, 'POST', '/api/penalty-triggers', { ...notification, vehicle_group_ids: ids });
      expect(r.status).toBe(400);
      expect(r.data.errors).toEqual([{ field: 'vehicle_group_ids', message: 'Un des groupes de véhicules choisis est introuvable' }]);
    }
  });

  it('lists the park’s triggers newest first, edits, disables and deletes one', async () => {
    const first = await create(owner, { ...notification, title: 'Premier' });
    const second = await create(owner, { ...notification, title: 'Second' });
    const list = await call(owner, 'GET', '/api/penalty-triggers');
    const titles = list.data.map((t: { title: string }) => t.title);
    expect(titles.indexOf('Second')).toBeLessThan(titles.indexOf('Premier'));

    const edited = await call(owner, 'PUT', `/api/penalty-triggers/${first}`, { ...notification, title: 'Premier modifié', notification_type: 'sms', grace_days: 0, grace_hours: 3 });
    expect(edited.data).toMatchObject({ id: first, title: 'Premier modifié', notification_type: 'sms', grace_days: 0, grace_hours: 3 });

    const off = await call(owner, 'PATCH', `/api/penalty-triggers/${first}/enabled`, { enabled: false });
    expect(off.data.enabled).toBe(false);
    expect((await call(owner, 'PATCH', `/api/penalty-triggers/${first}/enabled`, {})).data.errors).toEqual([{ field: 'enabled', message: 'Précisez si le déclencheur est actif' }]);

    const gone = await call(owner, 'DELETE', `/api/penalty-triggers/${second}`);
    expect(gone).toMatchObject({ status: 200, message: M.deleted, data: { id: second } });
    const after = (await call(owner, 'GET', '/api/penalty-triggers')).data.map((t: { id: string }) => t.id);
    expect(after).toContain(first);
    expect(after).not.toContain(second);
    expect((await call(owner, 'DELETE', `/api/penalty-triggers/${second}`)).status).toBe(404);
  });

  it("keeps another park's triggers out of reach: not listed, not found", async () => {
    const mine = await create(owner, { ...notification, title: 'À moi' });
    expect((await call(other, 'GET', '/api/penalty-triggers')).data.map((t: { id: string }) => t.id)).not.toContain(mine);
    for (const [method, url, body] of [
      ['PUT', `/api/penalty-triggers/${mine}`, notification],
      ['PATCH', `/api/penalty-triggers/${mine}/enabled`, { enabled: false }],
      ['DELETE', `/api/penalty-triggers/${mine}`, undefined],
      ['PUT', '/api/penalty-triggers/pas-un-id', notification],
    ] as const) {
      const r = await call(other, method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.code).toBe(ErrorCodes.TRIGGER_NOT_FOUND.code);
    }
    const [row] = await ctx.database.db.select().from(penaltyTriggers).where(eq(penaltyTriggers.id, mine));
    expect(row).toMatchObject({ title: 'À moi', enabled: true });
  });

  it('lets a field agent (READ_GEOLOCALISATION) read but not write (GEOLOCK)', async () => {
    const id = await create(owner, notification);
    const member = await ctx.addMember(owner.parkId, { type: 'agent', roleNames: ['Agent de terrain'] });
    const agent = { parkId: owner.parkId, signed: await ctx.signIn({ email: member.email, password: member.password, type: 'agent' }) };
    expect((await call(agent, 'GET', '/api/penalty-triggers')).status).toBe(200);
    expect((await call(agent, 'GET', '/api/penalty-triggers/episodes')).status).toBe(200);
    expect((await call(agent, 'GET', '/api/penalty-triggers/actions')).status).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/penalty-triggers', notification],
      ['PUT', `/api/penalty-triggers/${id}`, notification],
      ['PATCH', `/api/penalty-triggers/${id}/enabled`, { enabled: false }],
      ['DELETE', `/api/penalty-triggers/${id}`, undefined],
      ['POST', `/api/penalty-triggers/episodes/${id}/release`, undefined],
    ] as const) {
      const r = await call(agent, method, url, body);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.code).toBe(ErrorCodes.FORBIDDEN.code);
    }
  });
});

/** A driver, a vehicle, and episodes of one trigger written straight into the tables. */
async function episodes(who: Actor) {
  const db = ctx.database.db;
  const triggerId = await create(who, { ...lock, title: 'Blocage impayés' });
  const driverId = await insertDriver(ctx, who.parkId, { firstName: 'Paul', lastName: 'Mbarga' });
  const car = await vehicle(who.parkId, 'Corolla 12');
  const base = { parkId: who.parkId, triggerId, triggerTitle: 'Blocage impayés', driverId, debt: 12_000, objective: 10_000 };
  const rows = await db
    .insert(triggerEpisodes)
    .values([
      { ...base, action: 'lock', vehicleId: car.id, episodeStart: '2026-01-03', state: 'done', firedAt: new Date('2026-01-05T08:00:00Z'), doneAt: new Date('2026-01-05T08:10:00Z'), attempts: 2, lastAnswer: 'Commande envoyée' },
      { ...base, action: 'lock', vehicleId: car.id, episodeStart: '2026-01-10', state: 'waiting', firedAt: new Date('2026-01-11T08:00:00Z') },
      { ...base, action: 'lock', vehicleId: null, episodeStart: '2026-01-12', state: 'done', firedAt: new Date('2026-01-13T08:00:00Z') },
      { ...base, action: 'lock', vehicleId: car.id, episodeStart: '2025-12-01', state: 'released', firedAt: new Date('2025-12-02T08:00:00Z') },
    ])
    .returning({ id: triggerEpisodes.id });
  return { triggerId, driverId, car, done: rows[0].id, waiting: rows[1].id, noVehicle: rows[2].id, released: rows[3].id };
}

describe('episodes', () => {
  it('lists them newest first with the driver, the vehicle, the currency; by state; paginated', async () => {
    const who = await parkWithOwner();
    const e = await episodes(who);
    const page = await call(who, 'GET', '/api/penalty-triggers/episodes?itemPerPage=2');
    expect(page.data.meta).toEqual({ page: 1, itemPerPage: 2, total: 4 });
    expect(page.data.items.map((i: { id: string }) => i.id)).toEqual([e.noVehicle, e.waiting]);
    const done = await call(who, 'GET', '/api/penalty-triggers/episodes?state=done&page=2&itemPerPage=1');
    expect(done.data.meta.total).toBe(2);
    expect(done.data.items).toEqual([
      {
        id: e.done,
        trigger: { id: e.triggerId, title: 'Blocage impayés' },
        action: 'lock',
        state: 'done',
        driver: { id: e.driverId, name: 'Paul Mbarga' },
        vehicle: { id: e.car.id, label: 'Corolla 12', registration_number: e.car.plate },
        episode_start: '2026-01-03',
        debt: 12_000,
        objective: 10_000,
        currency: 'XAF',
        fired_at: '2026-01-05T09:00:00',
        done_at: '2026-01-05T09:10:00',
        released_at: null,
        attempts: 2,
        last_answer: 'Commande envoyée',
      },
    ]);
    expect((await call(who, 'GET', '/api/penalty-triggers/episodes?state=perdu')).status).toBe(400);
    // By action: the vehicles held (the 'Véhicules bloqués' tab), a notification's episode left out.
    await ctx.database.db.insert(triggerEpisodes).values({ parkId: who.parkId, triggerId: e.triggerId, triggerTitle: 'Blocage impayés', driverId: e.driverId, debt: 1, objective: 1, action: 'notification', episodeStart: '2026-01-20', state: 'done', firedAt: new Date('2026-01-21T08:00:00Z') });
    const locks = await call(who, 'GET', '/api/penalty-triggers/episodes?state=done&action=lock');
    expect(locks.data.items.map((i: { id: string }) => i.id)).toEqual([e.noVehicle, e.done]);
    expect((await call(who, 'GET', '/api/penalty-triggers/episodes?state=done')).data.meta.total).toBe(3);
    expect((await call(who, 'GET', '/api/penalty-triggers/episodes?action=klaxon')).status).toBe(400);
    expect((await call(owner, 'GET', '/api/penalty-triggers/episodes?itemPerPage=100')).data.items.map((i: { id: string }) => i.id)).not.toContain(e.done);
    const triggers = await call(who, 'GET', '/api/penalty-triggers');
    expect(triggers.data[0]).toMatchObject({ id: e.triggerId, fired_count: 5, active_count: 3 });
  });

  it('deleting a trigger keeps its episodes and says its locks stay; a lock still waiting is cancelled', async () => {
    const who = await parkWithOwner();
    const e = await episodes(who);
    const r = await call(who, 'DELETE', `/api/penalty-triggers/${e.triggerId}`);
    expect(r.status).toBe(200);
    expect(r.message).toBe(`${M.deleted}. Les véhicules qu’il a bloqués le restent jusqu’à leur déblocage (ils restent listés dans les actions).`);
    const items = (await call(who, 'GET', '/api/penalty-triggers/episodes?itemPerPage=10')).data.items;
    expect(items.map((i: { trigger: object; state: string }) => [i.trigger, i.state])).toEqual([
      [{ id: null, title: 'Blocage impayés' }, 'done'],
      [{ id: null, title: 'Blocage impayés' }, 'cancelled'],
      [{ id: null, title: 'Blocage impayés' }, 'done'],
      [{ id: null, title: 'Blocage impayés' }, 'released'],
    ]);
  });
});

describe('the action log', () => {
  it('lists actions newest first, naming who acted by hand, filtered by vehicle or driver', async () => {
    const who = await parkWithOwner();
    const e = await episodes(who);
    const otherDriver = await insertDriver(ctx, who.parkId, { firstName: 'Marie', lastName: 'Ekane' });
    const at = (h: number) => new Date(`2026-01-05T${String(h).padStart(2, '0')}:00:00Z`);
    const base = { parkId: who.parkId, episodeId: e.done, triggerTitle: 'Blocage impayés', debt: 12_000, objective: 10_000 };
    await ctx.database.db.insert(gpsActionLog).values([
      { ...base, at: at(8), kind: 'lock_deferred', cause: 'trigger', driverId: e.driverId, vehicleId: e.car.id, outcome: 'waiting', answer: 'Véhicule en mouvement' },
      { ...base, at: at(9), kind: 'lock', cause: 'trigger', driverId: e.driverId, vehicleId: e.car.id, outcome: 'sent', answer: 'Commande envoyée' },
      { ...base, at: at(10), kind: 'unlock', cause: 'manual', causedBy: who.signed.profile_id, driverId: e.driverId, vehicleId: e.car.id, outcome: 'sent', answer: 'Commande envoyée' },
      { ...base, episodeId: null, at: at(11), kind: 'notification', cause: 'trigger', driverId: otherDriver, vehicleId: null, outcome: 'sent', answer: 'E-mail envoyé' },
    ]);
    const all = await call(who, 'GET', '/api/penalty-triggers/actions?itemPerPage=10');
    expect(all.data.meta).toEqual({ page: 1, itemPerPage: 10, total: 4, total_is_lower_bound: false });
    expect(all.data.items.map((i: { kind: string; caused_by: string | null }) => [i.kind, i.caused_by])).toEqual([
      ['notification', null],
      ['unlock', 'Awa Ndiaye'],
      ['lock', null],
      ['lock_deferred', null],
    ]);
    expect(all.data.items[1]).toMatchObject({
      at: '2026-01-05T11:00:00',
      cause: 'manual',
      trigger_title: 'Blocage impayés',
      driver: { id: e.driverId, name: 'Paul Mbarga' },
      vehicle: { id: e.car.id, label: 'Corolla 12', registration_number: e.car.plate },
      debt: 12_000,
      objective: 10_000,
      currency: 'XAF',
      outcome: 'sent',
    });
    expect(all.data.items[0]).toMatchObject({ driver: { id: otherDriver, name: 'Marie Ekane' }, vehicle: null });
    const byVehicle = await call(who, 'GET', `/api/penalty-triggers/actions?vehicle_id=${e.car.id}&itemPerPage=2&page=2`);
    expect(byVehicle.data.meta.total).toBe(3);
    expect(byVehicle.data.items.map((i: { kind: string }) => i.kind)).toEqual(['lock_deferred']);
    const byDriver = await call(who, 'GET', `/api/penalty-triggers/actions?driver_id=${otherDriver}`);
    expect(byDriver.data.items.map((i: { kind: string }) => i.kind)).toEqual(['notification']);
    const bad = await call(who, 'GET', '/api/penalty-triggers/actions?vehicle_id=abc');
    expect(bad.data.errors).toEqual([{ field: 'vehicle_id', message: 'Véhicule introuvable' }]);
    expect((await call(other, 'GET', '/api/penalty-triggers/actions?itemPerPage=100')).data.items.filter((i: { trigger_title: string }) => i.trigger_title === 'Blocage impayés')).toEqual([]);
  });
});

describe('releasing a lock by hand', () => {
  it('needs the PIN step-up', async () => {
    const who = await parkWithOwner();
    const e = await episodes(who);
    const r = await call(who, 'POST', `/api/penalty-triggers/episodes/${e.noVehicle}/release`);
    expect(r.status).toBe(403);
    expect(r.code).toBe(ErrorCodes.STEP_UP_REQUIRED.code);
    const [row] = await ctx.database.db.select().from(triggerEpisodes).where(eq(triggerEpisodes.id, e.noVehicle));
    expect(row.state).toBe('done');
  });

  it('releases a lock and logs it with who did it; a released one or a non-lock is refused, another park’s not found', async () => {
    const e = await episodes(owner);
    const r = await call(owner, 'POST', `/api/penalty-triggers/episodes/${e.noVehicle}/release`);
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(M.released);
    expect(r.data).toMatchObject({ id: e.noVehicle, state: 'released' });
    expect(r.data.released_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const log = await call(owner, 'GET', '/api/penalty-triggers/actions?itemPerPage=1');
    expect(log.data.items[0]).toMatchObject({ kind: 'unlock', cause: 'manual', caused_by: 'Awa Ndiaye' });

    const waiting = await call(owner, 'POST', `/api/penalty-triggers/episodes/${e.waiting}/release`);
    expect(waiting.data).toMatchObject({ id: e.waiting, state: 'cancelled' });

    const again = await call(owner, 'POST', `/api/penalty-triggers/episodes/${e.released}/release`);
    expect(again.status).toBe(409);
    expect(again.code).toBe(ErrorCodes.TRIGGER_NOT_LOCKED.code);

    const theirs = await episodes(other);
    for (const id of [theirs.done, 'pas-un-id']) {
      const r2 = await call(owner, 'POST', `/api/penalty-triggers/episodes/${id}/release`);
      expect(r2.status).toBe(404);
      expect(r2.code).toBe(ErrorCodes.TRIGGER_EPISODE_NOT_FOUND.code);
    }
    const [row] = await ctx.database.db.select().from(triggerEpisodes).where(eq(triggerEpisodes.id, theirs.done));
    expect(row.state).toBe('done');
  });
});
