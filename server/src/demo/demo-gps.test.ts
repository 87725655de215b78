import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GPS_NUMBER_PATTERN } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { FLESPI_DEMO_TOKEN } from '../integrations/flespi/flespi.simulator.ts';
import { profiles } from '../modules/access/access.tables.ts';
import { parkGpsLink } from '../modules/gps/gps-link.ts';
import { vehicles } from '../modules/vehicles/vehicles.tables.ts';
import { DEMO_PHONE_SHARERS, demoImei, seedDemoGps } from './demo-gps.ts';
import { seedFleet } from './fleet-generator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

it('gives tracker idents the vehicle form accepts, placed in Douala by the simulator (an even last digit)', () => {
  for (const i of [0, 1, 7, 24, 999]) {
    expect(demoImei(i)).toMatch(GPS_NUMBER_PATTERN);
    expect(demoImei(i)).toHaveLength(15);
    expect(Number(demoImei(i).at(-1)) % 2).toBe(0);
  }
  expect(new Set([0, 1, 2, 3].map(demoImei)).size).toBe(4);
});

it('connects the demo park to the flespi simulator, equips most vehicles and sets three triggers; twice is the same', { timeout: 120_000 }, async () => {
  const { park, owner: ownerUser } = await ctx.createPark({ name: 'Parc démo GPS' });
  const db = ctx.database.db;
  await seedFleet(db, park.id, { vehicles: 25, drivers: 30 });
  const [owner] = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.parkId, park.id), eq(profiles.role, 'OWNER')));
  const demoPark = { parkId: park.id, timeZone: 'Africa/Douala', currency: 'XAF' };
  const box = ctx.app.gps.box;

  const first = await seedDemoGps(db, demoPark, { profileId: owner.id }, { box });
  expect(first).toEqual({ equipped: 21, triggers: 3 });
  const again = await seedDemoGps(db, demoPark, { profileId: owner.id }, { box });
  expect(again).toEqual(first);

  const link = await parkGpsLink({ db, api: ctx.app.gps.api, box }, park.id);
  expect(link?.creds).toMatchObject({ provider: 'flespi', secret: FLESPI_DEMO_TOKEN });
  const equipped = await db.select({ gps: vehicles.gpsNumber }).from(vehicles).where(and(eq(vehicles.parkId, park.id), isNotNull(vehicles.gpsNumber)));
  expect(equipped).toHaveLength(21);

  // The triggers read back through the API as the form would show them.
  const signed = await ctx.signIn({ email: ownerUser.email, password: ownerUser.password, type: 'proprietaire' });
  const list = await ctx.api('GET', '/api/penalty-triggers', { token: signed.token, profileId: signed.profile_id });
  expect(list.status).toBe(200);
  const byAction = Object.fromEntries(list.data.map((t: { selected_action: string }) => [t.selected_action, t]));
  expect(byAction.notification).toMatchObject({ calculation_type: 'time', grace_days: 0, grace_hours: 5, notification_type: 'sms', enabled: true });
  expect(byAction.lock).toMatchObject({ grace_days: 3, stop_delay: 5, buzzer_duration: 10, auto_cancel: true, enabled: true });
  expect(byAction.lock.vehicle_groups.map((g: { title: string }) => g.title)).toEqual(['Aéroport']);
  expect(byAction.buzzer).toMatchObject({ calculation_type: 'amount', action_type: 'percentage', percentage: 50, buzzer_mode: 'intermittent', enabled: false });

  // Three drivers share their phone's position: consent given, yesterday's working hours at least.
  const phones = await ctx.api('GET', '/api/gps/phones', { token: signed.token, profileId: signed.profile_id });
  expect(phones.status).toBe(200);
  expect(phones.data.items).toHaveLength(DEMO_PHONE_SHARERS);
  for (const p of phones.data.items) {
    expect(p.consent_at).not.toBeNull();
    expect(p.last_position).not.toBeNull();
    expect(Math.abs(p.last_position.latitude - 4.05)).toBeLessThan(0.5); // Douala
  }
  const history = await ctx.api('GET', `/api/driver/position-history/${phones.data.items[0].driver.id}?itemPerPage=5`, { token: signed.token, profileId: signed.profile_id });
  expect(history.data.meta.total).toBeGreaterThan(60); // 10 working hours yesterday, every 5 minutes
});
