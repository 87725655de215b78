import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { parks, profiles } from '../modules/access/access.tables.ts';
import { addDays, parkToday } from '../modules/subscriptions/subscription-days.ts';
import { parkRef, subscriptionInfo } from '../modules/subscriptions/subscription-state.ts';
import { parkSubscriptions, subscriptionInvoices } from '../modules/subscriptions/subscriptions.tables.ts';
import { DEMO_SECOND_PARK, DEMO_SUBSCRIPTION_VEHICLES, seedDemoSecondPark, seedDemoSubscription } from './demo-subscriptions.ts';
import { seedFleet } from './fleet-generator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

it('puts the demo park on Premium monthly with 23 days left, room for more vehicles and two paid invoices', async () => {
  const { park, owner } = await ctx.createPark({ name: 'Parc démo abonnement' });
  const db = ctx.database.db;
  await seedFleet(db, park.id, { vehicles: 25, drivers: 10 });
  const [ownerProfile] = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.parkId, park.id), eq(profiles.role, 'OWNER')));
  const now = new Date();
  await seedDemoSubscription(db, park.id, ownerProfile.id, now);

  const info = await subscriptionInfo(db, await parkRef(db, park.id), now);
  expect(info.state).toBe('active');
  expect(info.subscription?.label).toBe('Premium mensuel');
  expect(info.subscription?.application_type).toBe('professionnel');
  expect(info.days_left).toBe(23);
  expect(info.vehicles_allowed).toBe(DEMO_SUBSCRIPTION_VEHICLES);
  expect(info.vehicles_allowed - info.vehicles_used).toBeGreaterThanOrEqual(5);
  expect(info.near_end).toBe(false);
  expect(info.open_invoice_id).toBeNull();

  // The trial is gone; the first month reads ended.
  const subs = await db.select().from(parkSubscriptions).where(eq(parkSubscriptions.parkId, park.id)).orderBy(asc(parkSubscriptions.startsOn));
  expect(subs.map((s) => [s.status, s.isTrial])).toEqual([
    ['ended', false],
    ['active', false],
  ]);
  const today = parkToday('Africa/Douala', now);
  expect(subs[1].startsOn).toBe(addDays(today, -7));
  expect(addDays(subs[0].endsOn, 1)).toBe(subs[1].startsOn);

  const invoices = await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.parkId, park.id)).orderBy(asc(subscriptionInvoices.createdAt));
  expect(invoices.map((i) => [i.kind, i.status, i.amount])).toEqual([
    ['subscribe', 'paid', 5_500 * DEMO_SUBSCRIPTION_VEHICLES],
    ['extend', 'paid', 5_500 * DEMO_SUBSCRIPTION_VEHICLES],
  ]);
  for (const inv of invoices) {
    expect(inv.number).toMatch(/^FLT-\d{4}-\d{6}$/);
    expect(inv.paidAt).not.toBeNull();
    expect(inv.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(inv.amount);
  }
  expect(invoices[0].subscriptionId).toBe(subs[0].id);
  expect(subs[1].invoiceId).toBe(invoices[1].id);
  expect(owner.email).toBeTruthy();
});

it("gives the owner a second park in Yaoundé whose Starter subscription ends in 6 days (the banner's demo)", async () => {
  const { owner } = await ctx.createPark({ name: 'Parc démo principal' });
  const db = ctx.database.db;
  const now = new Date();
  const { parkId } = await seedDemoSecondPark(db, owner.userId, now);
  const [park] = await db.select().from(parks).where(eq(parks.id, parkId));
  expect(park.name).toBe(DEMO_SECOND_PARK.name);
  const mine = await db.select().from(profiles).where(and(eq(profiles.parkId, parkId), eq(profiles.userId, owner.userId)));
  expect(mine).toHaveLength(1);

  const info = await subscriptionInfo(db, await parkRef(db, parkId), now);
  expect(info.state).toBe('active');
  expect(info.subscription?.label).toBe('Starter mensuel');
  expect(info.days_left).toBe(6);
  expect(info.near_end).toBe(true);
  expect(info.vehicles_used).toBe(DEMO_SECOND_PARK.vehicles);
  expect(info.vehicles_allowed).toBeGreaterThan(info.vehicles_used);
  const invoices = await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.parkId, parkId));
  expect(invoices.map((i) => [i.kind, i.status])).toEqual([['subscribe', 'paid']]);
});
