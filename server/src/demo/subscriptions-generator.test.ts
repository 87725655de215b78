import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { addDays } from '../modules/subscriptions/subscription-days.ts';
import { parkRef, subscriptionInfo } from '../modules/subscriptions/subscription-state.ts';
import { parkSubscriptions, subscriptionInvoices } from '../modules/subscriptions/subscriptions.tables.ts';
import { seedFleet } from './fleet-generator.ts';
import { seedSubscriptionHistory } from './subscriptions-generator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

it('writes five years of monthly paid periods without a gap, 40 upgrades, and leaves the headroom asked', async () => {
  const { park } = await ctx.createPark({ name: 'Parc abonnement bench' });
  const db = ctx.database.db;
  await seedFleet(db, park.id, { vehicles: 220, drivers: 0 });
  const now = new Date();
  const made = await seedSubscriptionHistory(db, park.id, { years: 5, upgrades: 40, headroom: 7 }, now);
  expect(made.subscriptionVehicles).toBe(made.subscriptionVehiclesUsed + 7);

  const invoices = await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.parkId, park.id));
  expect(invoices).toHaveLength(made.subscriptionInvoices);
  expect(invoices.filter((i) => i.kind === 'upgrade')).toHaveLength(40);
  expect(invoices.filter((i) => i.kind === 'subscribe')).toHaveLength(1);
  expect(invoices.length).toBeGreaterThanOrEqual(100);
  expect(new Set(invoices.map((i) => i.number)).size).toBe(invoices.length);
  for (const i of invoices) expect(i.lines.reduce((s, l) => s + l.amount, 0)).toBe(i.amount);

  const subs = (await db.select().from(parkSubscriptions).where(eq(parkSubscriptions.parkId, park.id))).sort((a, b) => a.startsOn.localeCompare(b.startsOn));
  for (let i = 1; i < subs.length; i++) expect(subs[i].startsOn).toBe(addDays(subs[i - 1].endsOn, 1));
  expect(subs.filter((s) => s.status === 'active')).toHaveLength(1);
  const info = await subscriptionInfo(db, await parkRef(db, park.id), now);
  expect(info.state).toBe('active');
  expect(info.vehicles_allowed - info.vehicles_used).toBe(7);
});
