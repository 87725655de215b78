import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { vehicleRecordLink } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import type { OutgoingMessage } from '../../platform/notifier/notifier.types.ts';
import { roles } from '../access/access.tables.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { serviceReminders } from '../reminders/reminders.tables.ts';
import { addDays, parkToday } from '../vehicles/vehicle-documents.service.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { runDailyNoticesJob, type DailyNoticesDeps } from './daily-notices.job.ts';
import { EXPIRING_DOCUMENTS_LINK } from './document-notices.ts';
import { notifyHolders } from './notify.ts';

// The daily notices job and a profile's notifications: told once per level, only to who should
// know, each profile reading and marking its own.

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let mechanic: SignedIn;
let fleetManager: SignedIn;
let cashier: SignedIn;
let vehicleId: string;
let reminderId: string;
const sent: OutgoingMessage[] = [];
let deps: DailyNoticesDeps;
const TZ = 'Africa/Douala';

async function member(roleName: string, permissions: string[]): Promise<SignedIn> {
  await ctx.database.db.insert(roles).values({ parkId: fx.park.id, name: roleName, permissions });
  const m = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: [roleName] });
  return ctx.signIn({ email: m.email, password: m.password, type: 'agent' });
}

const as = (who: SignedIn, method: string, url: string, body?: unknown) => ctx.api(method, url, { token: who.token, profileId: who.profile_id, body });
const list = async (who: SignedIn, query = '') => (await as(who, 'GET', `/api/notifications?itemPerPage=50${query}`)).data;

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await ctx.createPark({ name: 'Parc Notifications' });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  mechanic = await member('Mécanicien', ['MANAGE_MAINTENANCE']);
  fleetManager = await member('Gestionnaire de flotte', ['MANAGE_DRIVER_VEHICLE']);
  cashier = await member('Caissier test', ['ENCAISSER', 'VIEW_MAINTENANCE']);
  deps = {
    db: ctx.database.db,
    files: { db: ctx.database.db, storage: ctx.app.fileStorage, signingKey: ctx.config.jwtSecret },
    notifier: { send: async (m) => void sent.push(m) },
    publicUrl: 'https://flotte.test',
  };

  vehicleId = await insertVehicle(ctx.database.db, fx.park.id, { registration: 'LT-018-NT', label: 'Corolla' });
  await ctx.database.db.update(vehicles).set({ mileage: 49_500 }).where(eq(vehicles.id, vehicleId));
  // Due at 50,000 km: 500 km left, 'soon'.
  const [r] = await ctx.database.db
    .insert(serviceReminders)
    .values({ parkId: fx.park.id, vehicleId, title: 'Courroie de distribution', everyKm: 10_000, lastDoneAt: '2026-01-05', lastDoneKm: 40_000 })
    .returning({ id: serviceReminders.id });
  reminderId = r.id;
  const doc = await as(owner, 'POST', '/api/vehicle-document', {
    vehicle_id: vehicleId,
    document_type_id: 1,
    start_date: addDays(parkToday(TZ), -300),
    end_date: addDays(parkToday(TZ), 10),
  });
  if (doc.status !== 200) throw new Error(doc.message);
}, 60_000);
afterAll(() => ctx?.close());

describe('the daily notices job', () => {
  it('tells each holder once, whatever the number of runs; nobody else', async () => {
    const first = await runDailyNoticesJob(deps, new Date(), { parkId: fx.park.id });
    expect(first).toMatchObject({ parks: 1, reminders_checked: 1, notifications: 4, messages_sent: 3, messages_failed: 0 });
    const second = await runDailyNoticesJob(deps, new Date(), { parkId: fx.park.id });
    expect(second).toMatchObject({ notifications: 0, messages_sent: 0 });

    const kinds = async (who: SignedIn) => (await list(who)).items.map((n: { kind: string }) => n.kind).sort();
    expect(await kinds(owner)).toEqual(['document_expiring', 'service_due']);
    expect(await kinds(mechanic)).toEqual(['service_due']);
    expect(await kinds(fleetManager)).toEqual(['document_expiring']);
    expect(await kinds(cashier)).toEqual([]);

    const service = (await list(mechanic)).items[0];
    expect(service).toMatchObject({
      title: 'Entretien à prévoir\u00a0: Courroie de distribution',
      body: 'Courroie de distribution du véhicule Corolla (LT-018-NT)\u00a0: échéance à 50\u00a0000\u00a0km (encore 500\u00a0km).',
      link: vehicleRecordLink(vehicleId),
      read: false,
    });
    const document = (await list(fleetManager)).items[0];
    expect(document.title).toBe('Document à renouveler\u00a0: Assurance');
    expect(document.body).toMatch(/^Assurance du véhicule Corolla \(LT-018-NT\) expire le \d{2}\/\d{2}\/\d{4} \(dans 10\u00a0jours\)\.$/);
    expect(document.link).toBe(EXPIRING_DOCUMENTS_LINK);

    // One message per person told, e-mail first, with the links.
    expect(sent.map((m) => m.channel)).toEqual(['email', 'email', 'email']);
    expect(sent.find((m) => m.text.includes('Courroie'))?.text).toContain(`https://flotte.test${vehicleRecordLink(vehicleId)}`);
  });

  it('tells again at the next level (soon, then due, then overdue), and for a new cycle once done again', async () => {
    await ctx.database.db.update(vehicles).set({ mileage: 50_200 }).where(eq(vehicles.id, vehicleId));
    const later = await runDailyNoticesJob(deps, new Date(), { parkId: fx.park.id });
    // Overdue: the owner and the mechanic, once each.
    expect(later.notifications).toBe(2);
    const mine = (await list(mechanic)).items;
    expect(mine.map((n: { title: string }) => n.title)).toEqual(['Entretien en retard\u00a0: Courroie de distribution', 'Entretien à prévoir\u00a0: Courroie de distribution']);
    expect((await runDailyNoticesJob(deps, new Date(), { parkId: fx.park.id })).notifications).toBe(0);

    // Done again (a new cycle), then overdue again later: told again.
    await ctx.database.db.update(serviceReminders).set({ lastDoneAt: '2026-02-01', lastDoneKm: 40_100 }).where(eq(serviceReminders.id, reminderId));
    expect((await runDailyNoticesJob(deps, new Date(), { parkId: fx.park.id })).notifications).toBe(2);
  });

  it('a document past its end is told again as expired', async () => {
    const in20Days = new Date(Date.now() + 20 * 86_400_000);
    const run = await runDailyNoticesJob(deps, in20Days, { parkId: fx.park.id });
    expect(run.notifications).toBeGreaterThanOrEqual(2);
    expect((await list(fleetManager)).items[0].title).toBe('Document expiré\u00a0: Assurance');
  });

  it('notifyHolders counts only the new ones (the same key twice is told once)', async () => {
    const notice = { parkId: fx.park.id, permission: 'MANAGE_MAINTENANCE' as const, kind: 'service_due' as const, title: 'T', body: 'B', link: null, dedupeKey: 'test:once' };
    expect(await notifyHolders(ctx.database.db, notice)).toBe(2); // the owner and the mechanic
    expect(await notifyHolders(ctx.database.db, notice)).toBe(0);
  });
});

describe("a profile's notifications", () => {
  it('lists its own newest first with the unread count; marks one and all as read', async () => {
    const before = await list(mechanic);
    expect(before.unread_count).toBe(before.items.length);
    expect(before.meta.total).toBe(before.items.length);
    const stamps = before.items.map((n: { created_at: string }) => n.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);

    const count = await as(mechanic, 'GET', '/api/notifications/unread-count');
    expect(count.data).toEqual({ unread_count: before.unread_count });

    const first = before.items[0];
    const read = await as(mechanic, 'PUT', `/api/notifications/${first.id}/read`);
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({ id: first.id, read: true });
    expect(read.data.read_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect((await as(mechanic, 'GET', '/api/notifications/unread-count')).data.unread_count).toBe(before.unread_count - 1);
    expect((await list(mechanic, '&unread=true')).items.map((n: { id: string }) => n.id)).not.toContain(first.id);

    // Another profile's notification reads as not found, and stays unread.
    const ownersFirst = (await list(owner)).items[0];
    expect((await as(mechanic, 'PUT', `/api/notifications/${ownersFirst.id}/read`)).status).toBe(404);
    expect((await list(owner)).items[0].read).toBe(false);

    const all = await as(mechanic, 'PUT', '/api/notifications/read-all');
    expect(all.data).toEqual({ updated: before.unread_count - 1, unread_count: 0 });
    expect((await as(mechanic, 'GET', '/api/notifications/unread-count')).data.unread_count).toBe(0);
    expect((await list(owner)).unread_count).toBeGreaterThan(0);
  });

  it("another park's people see none of them", async () => {
    const other = await ctx.createPark({ name: 'Parc Voisin' });
    const s = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    expect((await list(s)).items).toEqual([]);
    expect((await as(s, 'GET', '/api/notifications/unread-count')).data.unread_count).toBe(0);
  });
});

describe('the dashboard', () => {
  it('counts the vehicles with a service soon, due or overdue', async () => {
    const calm = await insertVehicle(ctx.database.db, fx.park.id, { registration: 'LT-019-NT' });
    await ctx.database.db.insert(serviceReminders).values({ parkId: fx.park.id, vehicleId: calm, title: 'Filtre', everyMonths: 12 });
    const off = await insertVehicle(ctx.database.db, fx.park.id, { registration: 'LT-020-NT', status: 'deactivated' });
    await ctx.database.db.insert(serviceReminders).values({ parkId: fx.park.id, vehicleId: off, title: 'Filtre', everyMonths: 1, lastDoneAt: '2025-01-01' });
    const res = await as(owner, 'GET', '/api/dashboard/fleet/details');
    expect(res.status, res.message).toBe(200);
    // The overdue Corolla only: the calm one is not due, the deactivated one is out of service.
    expect(res.data.vehicles_service_due).toEqual({ count: 1, previous: null, trend: 'unchanged', compared_with: null });
  });
});
