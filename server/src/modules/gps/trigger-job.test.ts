import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GpsApi, GpsClient, GpsCommandKind, GpsFix } from '../../integrations/gps/gps.types.ts';
import type { OutgoingMessage } from '../../platform/notifier/notifier.types.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { profiles } from '../access/access.tables.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import type { GpsDeps } from './gps.deps.ts';
import { FLESPI_DEMO_TOKEN } from '../../integrations/flespi/flespi.simulator.ts';
import { gpsSecretContext } from './gps-link.ts';
import { gpsActionLog, gpsConnections, penaltyTriggers, triggerEpisodes } from './gps.tables.ts';
import { ACTION_TEXTS, releaseLock } from './trigger-actions.ts';
import { addDays, parkDay } from './trigger-evaluation.ts';
import { runTriggerPass } from './trigger-job.ts';

/**
 * The penalty triggers' job through a test app's database, with a fake clock and a fake provider:
 * devices that are moving or stopped since a given time, or offline, and that keep what they are
 * sent (a lock received while moving is counted: it must never happen).
 */

type Device = { changes: { at: Date; moving: boolean }[]; offline: boolean; locked: boolean; commands: GpsCommandKind[]; unsafe: number };

let ctx: TestContext;
let clock = new Date();
const MIN = 60_000;
const tick = (minutes: number) => (clock = new Date(clock.getTime() + minutes * MIN));
const devices = new Map<string, Device>();
const sent: OutgoingMessage[] = [];

const movingAt = (d: Device, t: Date) => [...d.changes].reverse().find((c) => c.at <= t)?.moving ?? false;
const fixAt = (ident: string, d: Device, t: Date): GpsFix => {
  const moving = movingAt(d, t);
  return { ident, at: t, latitude: 4.05, longitude: 9.7, speedKmh: moving ? 35 : 0, course: null, ignition: moving, odometerKm: null, address: null };
};

const fakeClient: GpsClient = {
  provider: 'flespi',
  check: async () => ({ devices: devices.size }),
  async latest(_c, idents) {
    const out = new Map<string, GpsFix>();
    for (const ident of idents) {
      const d = devices.get(ident);
      if (d && !d.offline) out.set(ident, fixAt(ident, d, new Date(clock.getTime() - 20_000)));
    }
    return out;
  },
  async positions(_c, ident, period) {
    const d = devices.get(ident);
    const fixes: GpsFix[] = [];
    if (!d || d.offline) return fixes;
    for (let t = period.from.getTime(); t <= period.to.getTime(); t += 30_000) fixes.push(fixAt(ident, d, new Date(t)));
    return fixes;
  },
  stops: async () => null,
  async sendCommand(_c, ident, command) {
    const d = devices.get(ident)!;
    if (d.offline) return { outcome: 'offline', answer: 'device is not connected' };
    d.commands.push(command.kind);
    if (command.kind === 'lock') {
      if (movingAt(d, clock)) d.unsafe += 1;
      d.locked = true;
    }
    if (command.kind === 'unlock') d.locked = false;
    return { outcome: 'sent', answer: 'ok' };
  },
};
const fakeApi: GpsApi = { mode: 'simulator', client: async () => fakeClient, simulators: () => null, demoCredentials: () => null, close: async () => undefined };

/** A second app instance: the same database, its own deps. */
const deps = (): GpsDeps => ({ ...ctx.app.gps, api: fakeApi, now: () => clock, notifier: { send: async (m) => void sent.push(m) }, log: undefined });

let n = 0;
/** A park with its GPS connection, a driver (no e-mail) owing a recipe of three days ago, his vehicle and its device. */
async function world(trigger: Partial<typeof penaltyTriggers.$inferInsert>, device: Partial<Device> = {}, secret = 'flespi-token') {
  n += 1;
  const { park, owner } = await ctx.createPark({ name: `Parc GPS ${n}` });
  const db = ctx.database.db;
  await db.insert(gpsConnections).values({ parkId: park.id, provider: 'flespi', secretSealed: ctx.app.gps.box.seal(secret, gpsSecretContext(park.id)), secretLast4: secret.slice(-4) });
  const ident = `35000000000${String(n).padStart(4, '0')}`;
  const vehicleId = await insertVehicle(db, park.id, { registration: `LT-${n}00-GP` });
  await db.update(vehicles).set({ gpsNumber: ident }).where(eq(vehicles.id, vehicleId));
  devices.set(ident, { changes: [], offline: false, locked: false, commands: [], unsafe: 0, ...device });
  const [driver] = await db.insert(drivers).values({ parkId: park.id, firstName: 'Paul', lastName: 'Biya', phone: `+23769${String(n).padStart(7, '0')}` }).returning();
  const day = addDays(parkDay(clock, 'Africa/Douala'), -3);
  const [recipe] = await db.insert(recipes).values({ parkId: park.id, kind: 'debt', driverId: driver.id, vehicleId, day, periodStart: day, periodEnd: day, objective: 10_000, collected: 2_000 }).returning();
  const [t] = await db
    .insert(penaltyTriggers)
    .values({ parkId: park.id, title: 'Retard de paiement', calculationType: 'time', graceDays: 0, graceHours: 1, selectedAction: 'notification', notificationType: 'email', notificationMessage: 'Votre recette est en retard', ...trigger })
    .returning();
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.parkId, park.id));
  return { parkId: park.id, owner, profileId: profile.id, ident, vehicleId, driverId: driver.id, recipeId: recipe.id, triggerId: t.id, device: devices.get(ident)! };
}

const episodesOf = (parkId: string) => ctx.database.db.select().from(triggerEpisodes).where(eq(triggerEpisodes.parkId, parkId));
const logOf = (parkId: string) => ctx.database.db.select().from(gpsActionLog).where(eq(gpsActionLog.parkId, parkId)).orderBy(gpsActionLog.at);
const lockTrigger = { selectedAction: 'lock' as const, stopDelay: 5, buzzerDuration: 0, autoCancel: true };

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('penalty triggers job', () => {
  it('notifies once per episode, across passes and across two instances at once (SMS when the driver has no e-mail)', async () => {
    const w = await world({});
    await runTriggerPass(deps(), { parkId: w.parkId });
    await runTriggerPass(deps(), { parkId: w.parkId });
    expect(sent.filter((m) => m.text === 'Votre recette est en retard')).toHaveLength(1);
    expect(sent.at(-1)).toMatchObject({ channel: 'sms' });
    const [ep] = await episodesOf(w.parkId);
    expect(ep).toMatchObject({ state: 'done', action: 'notification', debt: 8_000, objective: 10_000, vehicleId: w.vehicleId });
    expect((await logOf(w.parkId)).map((l) => [l.kind, l.cause, l.outcome, l.answer, l.triggerTitle])).toEqual([['notification', 'trigger', 'sent', ACTION_TEXTS.smsInstead, 'Retard de paiement']]);

    const w2 = await world({ notificationType: 'sms' });
    const before = sent.length;
    const results = await Promise.all([runTriggerPass(deps(), { parkId: w2.parkId }), runTriggerPass(deps(), { parkId: w2.parkId })]);
    expect(results.map((r) => r.fired).sort()).toEqual([0, 1]);
    expect(sent.length - before).toBe(1);
    expect(await episodesOf(w2.parkId)).toHaveLength(1);
    expect(await logOf(w2.parkId)).toHaveLength(1);
  });

  it('never locks a moving vehicle: waits (one deferral logged), then locks once stopped for the delay; payment releases it', async () => {
    const w = await world({ ...lockTrigger, buzzerDuration: 10 }, { changes: [{ at: new Date(0), moving: true }] });
    await runTriggerPass(deps(), { parkId: w.parkId });
    let [ep] = await episodesOf(w.parkId);
    expect(ep).toMatchObject({ state: 'waiting', attempts: 1, lastAnswer: ACTION_TEXTS.moving });
    for (let i = 0; i < 3; i += 1) {
      tick(1);
      await Promise.all([runTriggerPass(deps(), { parkId: w.parkId }), runTriggerPass(deps(), { parkId: w.parkId })]);
    }
    [ep] = await episodesOf(w.parkId);
    expect(ep).toMatchObject({ state: 'waiting', attempts: 4 });
    expect(w.device.commands).toEqual([]);
    expect((await logOf(w.parkId)).map((l) => [l.kind, l.outcome])).toEqual([['lock_deferred', 'waiting']]);

    // It stops now: still 4 minutes short of the 5-minute delay.
    w.device.changes.push({ at: clock, moving: false });
    tick(1);
    await runTriggerPass(deps(), { parkId: w.parkId });
    expect(w.device.commands).toEqual([]);
    tick(4);
    await runTriggerPass(deps(), { parkId: w.parkId });
    tick(1);
    await runTriggerPass(deps(), { parkId: w.parkId });
    // The buzzer first (its duration set), then the lock; once.
    expect(w.device.commands).toEqual(['buzzer', 'lock']);
    expect(w.device.locked).toBe(true);
    expect(w.device.unsafe).toBe(0);
    [ep] = await episodesOf(w.parkId);
    expect(ep).toMatchObject({ state: 'done', nextAttemptAt: null });

    // The dashboard's card counts it.
    const s = await ctx.signIn({ email: w.owner.email, password: w.owner.password, type: 'proprietaire' });
    const dash = await ctx.api('GET', '/api/dashboard/fleet/details', { token: s.token, profileId: s.profile_id });
    expect(dash.data).toMatchObject({ gps_events: 1, gps_locked_vehicles: 1 });

    // Paid: released by the next pass (auto-cancel), once.
    await ctx.database.db.update(recipes).set({ collected: 10_000, paidAt: clock }).where(eq(recipes.id, w.recipeId));
    tick(1);
    await Promise.all([runTriggerPass(deps(), { parkId: w.parkId }), runTriggerPass(deps(), { parkId: w.parkId })]);
    expect(w.device.commands).toEqual(['buzzer', 'lock', 'unlock']);
    expect(w.device.locked).toBe(false);
    [ep] = await episodesOf(w.parkId);
    expect(ep).toMatchObject({ state: 'released', releasedBy: null });
    expect((await logOf(w.parkId)).map((l) => [l.kind, l.cause, l.outcome])).toEqual([
      ['lock_deferred', 'trigger', 'waiting'],
      ['buzzer', 'trigger', 'sent'],
      ['lock', 'trigger', 'sent'],
      ['unlock', 'auto_cancel', 'sent'],
    ]);
    tick(1);
    await runTriggerPass(deps(), { parkId: w.parkId });
    expect(await episodesOf(w.parkId)).toHaveLength(1);
  });

  it('a paid debt cancels a lock still waiting, without any command', async () => {
    const w = await world(lockTrigger, { changes: [{ at: new Date(0), moving: true }] });
    await runTriggerPass(deps(), { parkId: w.parkId });
    await ctx.database.db.update(recipes).set({ collected: 10_000, paidAt: clock }).where(eq(recipes.id, w.recipeId));
    tick(1);
    await runTriggerPass(deps(), { parkId: w.parkId });
    expect((await episodesOf(w.parkId))[0].state).toBe('cancelled');
    expect(w.device.commands).toEqual([]);
  });

  it('an offline device: the lock waits, never sent blind; sent once the device reports it stopped', async () => {
    const w = await world({ ...lockTrigger, stopDelay: 0 }, { offline: true });
    await runTriggerPass(deps(), { parkId: w.parkId });
    tick(1);
    await runTriggerPass(deps(), { parkId: w.parkId });
    expect((await episodesOf(w.parkId))[0]).toMatchObject({ state: 'waiting', lastAnswer: ACTION_TEXTS.noFix });
    expect((await logOf(w.parkId)).map((l) => [l.kind, l.outcome])).toEqual([['lock_deferred', 'offline']]);
    w.device.offline = false;
    tick(1);
    await runTriggerPass(deps(), { parkId: w.parkId });
    expect(w.device.commands).toEqual(['lock']);
    expect((await episodesOf(w.parkId))[0].state).toBe('done');
  });

  it('releases a lock by hand; a provider failure keeps it locked; other episodes and parks are refused', async () => {
    const w = await world({ ...lockTrigger, autoCancel: false, stopDelay: 0 });
    await runTriggerPass(deps(), { parkId: w.parkId });
    const [ep] = await episodesOf(w.parkId);
    expect(ep.state).toBe('done');

    // Paid, but the trigger doesn't auto-cancel: the lock holds.
    await ctx.database.db.update(recipes).set({ collected: 10_000, paidAt: clock }).where(eq(recipes.id, w.recipeId));
    tick(1);
    await runTriggerPass(deps(), { parkId: w.parkId });
    expect((await episodesOf(w.parkId))[0].state).toBe('done');

    w.device.offline = true;
    await expect(releaseLock(deps(), { parkId: w.parkId, episodeId: ep.id, cause: 'manual', by: w.profileId })).rejects.toMatchObject({ errorName: 'GPS_UNAVAILABLE', message: ACTION_TEXTS.unlockOffline });
    expect((await episodesOf(w.parkId))[0].state).toBe('done');
    w.device.offline = false;

    const other = await world({});
    await expect(releaseLock(deps(), { parkId: other.parkId, episodeId: ep.id, cause: 'manual', by: null })).rejects.toMatchObject({ errorName: 'TRIGGER_EPISODE_NOT_FOUND' });
    await expect(releaseLock(deps(), { parkId: w.parkId, episodeId: 'nope', cause: 'manual', by: null })).rejects.toMatchObject({ errorName: 'TRIGGER_EPISODE_NOT_FOUND' });
    await runTriggerPass(deps(), { parkId: other.parkId });
    const [notice] = await episodesOf(other.parkId);
    await expect(releaseLock(deps(), { parkId: other.parkId, episodeId: notice.id, cause: 'manual', by: null })).rejects.toMatchObject({ errorName: 'TRIGGER_NOT_LOCKED' });

    await releaseLock(deps(), { parkId: w.parkId, episodeId: ep.id, cause: 'manual', by: w.profileId });
    expect((await episodesOf(w.parkId))[0]).toMatchObject({ state: 'released', releasedBy: w.profileId });
    expect(w.device.commands).toEqual(['lock', 'unlock']);
    const unlocks = await ctx.database.db.select().from(gpsActionLog).where(and(eq(gpsActionLog.parkId, w.parkId), eq(gpsActionLog.kind, 'unlock')));
    expect(unlocks.map((l) => [l.cause, l.outcome, l.causedBy])).toEqual([
      ['manual', 'offline', w.profileId],
      ['manual', 'sent', w.profileId],
    ]);
    await expect(releaseLock(deps(), { parkId: w.parkId, episodeId: ep.id, cause: 'manual', by: null })).rejects.toMatchObject({ errorName: 'TRIGGER_NOT_LOCKED' });
  });

  it('through the flespi client and its simulator: a creeping vehicle is not locked, a parked one is, and released on payment', async () => {
    const sims = (await ctx.app.gps.api.simulators())!;
    sims.devices.setClock(() => clock);
    const real = (): GpsDeps => ({ ...deps(), api: ctx.app.gps.api });
    const w = await world({ ...lockTrigger, stopDelay: 3 }, {}, FLESPI_DEMO_TOKEN);
    sims.devices.pin(w.ident, { moving: true });
    tick(2);
    await runTriggerPass(real(), { parkId: w.parkId });
    expect((await episodesOf(w.parkId))[0]).toMatchObject({ state: 'waiting', lastAnswer: ACTION_TEXTS.moving });
    sims.devices.pin(w.ident, { moving: false });
    for (let i = 0; i < 5; i += 1) {
      tick(1);
      await runTriggerPass(real(), { parkId: w.parkId });
    }
    expect((await episodesOf(w.parkId))[0].state).toBe('done');
    expect(sims.devices.isLocked(w.ident)).toBe(true);
    expect(sims.devices.unsafeLocks()).toBe(0);
    await ctx.database.db.update(recipes).set({ collected: 10_000, paidAt: clock }).where(eq(recipes.id, w.recipeId));
    tick(1);
    await runTriggerPass(real(), { parkId: w.parkId });
    expect((await episodesOf(w.parkId))[0].state).toBe('released');
    expect(sims.devices.isLocked(w.ident)).toBe(false);
    expect(sims.devices.commandsOf(w.ident).map((c) => c.kind)).toEqual(['lock', 'unlock']);
    sims.devices.setClock(null);
  });
});
