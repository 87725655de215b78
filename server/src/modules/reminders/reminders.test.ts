import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { REMINDER_MESSAGES, VIDANGE_REPAIR_TYPE_ID } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { addDays, parkToday } from '../vehicles/vehicle-documents.service.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { addMonths, reminderState, URGENCY_BY_RANK } from './reminder-due.ts';
import { serviceUrgencyRankSql } from './reminder-urgency.sql.ts';
import { ruleOf } from './reminders.service.ts';
import { serviceReminders } from './reminders.tables.ts';
import { markServiceDone } from './service-done.ts';

// Service reminders through the API: validation, next due and urgency, the vehicle list's
// service_urgency, the park's thresholds, the SQL rule against the TypeScript one, and a finished
// maintenance resetting them.

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let parks = 0;
const TZ = 'Africa/Douala';

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Rappels ${++parks}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx?.close());

const call = (method: string, url: string, body?: unknown) => ctx.api(method, url, { token: owner.token, profileId: owner.profile_id, body });
const today = () => parkToday(TZ);

async function vehicleWith(mileage: number | null, mileageForVidange: number | null = null, registration = `LT-${100 + parks}-RM`) {
  const id = await insertVehicle(ctx.database.db, fx.park.id, { registration, label: 'Corolla' });
  await ctx.database.db.update(vehicles).set({ mileage, mileageForVidange }).where(eq(vehicles.id, id));
  return id;
}

describe('POST /api/vehicle/{id}/reminders: validation in French', () => {
  it('needs a repair type or a title, and a positive interval in km or months', async () => {
    const v = await vehicleWith(10_000);
    const none = await call('POST', `/api/vehicle/${v}/reminders`, { every_km: 5000 });
    expect(none.status).toBe(400);
    expect(none.message).toBe(REMINDER_MESSAGES.subject);
    const noInterval = await call('POST', `/api/vehicle/${v}/reminders`, { title: 'Pneus' });
    expect(noInterval.status).toBe(400);
    expect(noInterval.message).toBe(REMINDER_MESSAGES.interval);
    const negative = await call('POST', `/api/vehicle/${v}/reminders`, { title: 'Pneus', every_km: -5 });
    expect(negative.status).toBe(400);
    expect(negative.message).toBe(REMINDER_MESSAGES.everyKm);
    const decimal = await call('POST', `/api/vehicle/${v}/reminders`, { title: 'Pneus', every_months: 1.5 });
    expect(decimal.message).toBe(REMINDER_MESSAGES.everyMonths);
    const unknownType = await call('POST', `/api/vehicle/${v}/reminders`, { repair_type_id: 999, every_months: 6 });
    expect(unknownType.status).toBe(400);
    expect(unknownType.message).toBe(REMINDER_MESSAGES.repairType);
    const badDate = await call('POST', `/api/vehicle/${v}/reminders`, { title: 'Pneus', every_months: 6, last_done_at: '2026-02-30' });
    expect(badDate.message).toBe(REMINDER_MESSAGES.lastDoneAt);
  });

  it('answers 404 for a vehicle that does not exist', async () => {
    const res = await call('POST', '/api/vehicle/00000000-0000-7000-8000-000000000000/reminders', { title: 'Pneus', every_months: 6 });
    expect(res.status).toBe(404);
  });
});

describe('a vehicle’s reminders', () => {
  it('counts from the creation day and the mileage then; lists them with next due and urgency', async () => {
    const v = await vehicleWith(52_000);
    const created = await call('POST', `/api/vehicle/${v}/reminders`, { title: 'Contrôle des freins', every_km: 10_000, every_months: 12 });
    expect(created.status, created.message).toBe(200);
    expect(created.message).toBe('Rappel ajouté avec succès');
    expect(created.data).toMatchObject({
      title: 'Contrôle des freins',
      label: 'Contrôle des freins',
      repair_type: null,
      last_done_at: null,
      last_done_km: null,
      counted_from: { date: today(), km: 52_000 },
      next_due_date: addMonths(today(), 12),
      next_due_km: 62_000,
      km_left: 10_000,
      urgency: 'ok',
      urgency_label: 'À jour',
      done_at: null,
    });

    // An oil change done 5 months and 28 days ago, every 6 months: due within 30 days.
    const oil = await call('POST', `/api/vehicle/${v}/reminders`, {
      repair_type_id: VIDANGE_REPAIR_TYPE_ID,
      every_months: 6,
      last_done_at: addDays(addMonths(today(), -6), 2),
      last_done_km: 50_000,
    });
    expect(oil.data).toMatchObject({ repair_type: { id: VIDANGE_REPAIR_TYPE_ID, name: 'Vidange' }, label: 'Vidange', urgency: 'soon', days_left: 2, last_done_km: 50_000 });

    const list = await call('GET', `/api/vehicle/${v}/reminders`);
    expect(list.status).toBe(200);
    expect(list.data).toMatchObject({ vehicle_id: v, mileage: 52_000, urgency: 'soon', urgency_label: 'Bientôt', soon_days: 30, soon_km: 1000 });
    // The most urgent first.
    expect(list.data.reminders.map((r: { label: string }) => r.label)).toEqual(['Vidange', 'Contrôle des freins']);
  });

  it('edits and deletes a reminder; another id reads as not found', async () => {
    const v = await vehicleWith(20_000);
    const created = (await call('POST', `/api/vehicle/${v}/reminders`, { title: 'Pneus', every_km: 30_000 })).data;
    const edited = await call('PUT', `/api/reminders/${created.id}`, { title: 'Pneus avant', every_km: 20_000, every_months: 24 });
    expect(edited.status, edited.message).toBe(200);
    expect(edited.message).toBe('Rappel modifié avec succès');
    // The count keeps its start (no last service given).
    expect(edited.data).toMatchObject({ title: 'Pneus avant', every_km: 20_000, every_months: 24, counted_from: { km: 20_000 }, next_due_km: 40_000 });
    const lastGiven = await call('PUT', `/api/reminders/${created.id}`, { title: 'Pneus avant', every_km: 20_000, last_done_at: today(), last_done_km: 21_000 });
    expect(lastGiven.data).toMatchObject({ last_done_at: today(), last_done_km: 21_000, next_due_km: 41_000, every_months: null });

    const deleted = await call('DELETE', `/api/reminders/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.message).toBe('Rappel supprimé');
    expect((await call('DELETE', `/api/reminders/${created.id}`)).status).toBe(404);
    expect((await call('GET', `/api/vehicle/${v}/reminders`)).data.reminders).toEqual([]);
  });

  it('the oil change falls due at the vehicle’s next oil-change mileage', async () => {
    const v = await vehicleWith(44_500, 45_000);
    const oil = await call('POST', `/api/vehicle/${v}/reminders`, { repair_type_id: VIDANGE_REPAIR_TYPE_ID, every_km: 10_000 });
    expect(oil.data).toMatchObject({ next_due_km: 45_000, km_left: 500, urgency: 'soon' });
  });
});

describe('service_urgency on the vehicle list and details', () => {
  it('is the worst of the vehicle’s open reminders, ok without any', async () => {
    const late = await vehicleWith(61_000, null, 'LT-201-UR');
    const calm = await vehicleWith(10_000, null, 'LT-202-UR');
    const none = await vehicleWith(null, null, 'LT-203-UR');
    await call('POST', `/api/vehicle/${late}/reminders`, { title: 'Courroie', every_km: 10_000, last_done_at: '2025-01-01', last_done_km: 50_000 });
    await call('POST', `/api/vehicle/${late}/reminders`, { title: 'Filtre', every_months: 12 });
    await call('POST', `/api/vehicle/${calm}/reminders`, { title: 'Filtre', every_months: 12 });

    const list = await call('GET', '/api/vehicle?itemPerPage=10');
    const byId = Object.fromEntries(list.data.items.map((v: { id: string; service_urgency: string }) => [v.id, v.service_urgency]));
    expect(byId).toEqual({ [late]: 'overdue', [calm]: 'ok', [none]: 'ok' });
    expect((await call('GET', `/api/vehicle/${late}`)).data.service_urgency).toBe('overdue');
  });
});

describe("the park's thresholds for 'soon'", () => {
  it('are read and set with the company data, and move the urgency', async () => {
    const v = await vehicleWith(9_500);
    const r = (await call('POST', `/api/vehicle/${v}/reminders`, { title: 'Freins', every_km: 10_000, last_done_at: today(), last_done_km: 0 })).data;
    expect(r.urgency).toBe('soon'); // 500 km left, within the default 1,000
    expect((await call('GET', `/api/park/${fx.park.id}`)).data).toMatchObject({ service_soon_days: 30, service_soon_km: 1000 });

    const bad = await call('PUT', `/api/park/${fx.park.id}`, { service_soon_km: 0 });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe(REMINDER_MESSAGES.soonKm);
    const saved = await call('PUT', `/api/park/${fx.park.id}`, { service_soon_days: 10, service_soon_km: 300 });
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data).toMatchObject({ service_soon_days: 10, service_soon_km: 300 });

    const after = await call('GET', `/api/vehicle/${v}/reminders`);
    expect(after.data).toMatchObject({ soon_days: 10, soon_km: 300, urgency: 'ok' });
    expect((await call('GET', `/api/vehicle/${v}`)).data.service_urgency).toBe('ok');
  });
});

describe('the SQL rule (vehicle list, dashboard) agrees with reminder-due.ts', () => {
  it('on dates across month ends and leap days, distances and the oil change', async () => {
    const db = ctx.database.db;
    const day = '2028-02-29';
    const cases: { lastDoneAt: string | null; everyMonths: number | null; everyKm: number | null; lastDoneKm: number | null; mileage: number | null; mfv: number | null; type: number | null }[] = [];
    for (const lastDoneAt of ['2027-08-31', '2027-09-30', '2028-01-31', '2028-02-29', '2027-02-28', null]) {
      for (const everyMonths of [1, 6, 12, null]) cases.push({ lastDoneAt, everyMonths, everyKm: null, lastDoneKm: null, mileage: null, mfv: null, type: null });
    }
    for (const mileage of [null, 58_999, 59_000, 59_500, 60_000, 60_001]) {
      cases.push({ lastDoneAt: '2028-01-01', everyMonths: null, everyKm: 10_000, lastDoneKm: 50_000, mileage, mfv: null, type: null });
      cases.push({ lastDoneAt: '2028-01-01', everyMonths: null, everyKm: 10_000, lastDoneKm: 50_000, mileage, mfv: 60_000, type: VIDANGE_REPAIR_TYPE_ID });
      cases.push({ lastDoneAt: '2028-01-01', everyMonths: null, everyKm: 10_000, lastDoneKm: 50_000, mileage, mfv: 49_000, type: VIDANGE_REPAIR_TYPE_ID });
    }
    let n = 0;
    for (const c of cases) {
      const v = await vehicleWith(c.mileage, c.mfv, `SQL-${++n}`);
      const [row] = await db
        .insert(serviceReminders)
        .values({ parkId: fx.park.id, vehicleId: v, title: 'Test', repairTypeId: c.type, everyKm: c.everyKm, everyMonths: c.everyMonths, lastDoneAt: c.lastDoneAt, lastDoneKm: c.lastDoneKm })
        .returning();
      const expected = reminderState(ruleOf(row, TZ), { mileage: c.mileage, mileageForVidange: c.mfv }, day, { soonDays: 30, soonKm: 1000 }).urgency;
      const rank = serviceUrgencyRankSql({ id: 'vv.id', mileage: 'vv.mileage', mileageForVidange: 'vv.mileage_for_vidange' }, `'${day}'::date`);
      const { rows } = await db.execute<{ rank: number }>(sql`select ${sql.raw(rank)} as rank from vehicles vv where vv.id = ${v}`);
      expect(URGENCY_BY_RANK[rows[0].rank], JSON.stringify(c)).toBe(expected);
    }
  });
});

describe('markServiceDone (called when a maintenance is finished)', () => {
  it('resets the reminders of the finished repair types; a one-time reminder is done', async () => {
    const v = await vehicleWith(70_000);
    const oil = (await call('POST', `/api/vehicle/${v}/reminders`, { repair_type_id: VIDANGE_REPAIR_TYPE_ID, every_km: 5000, last_done_at: '2025-01-01', last_done_km: 60_000 })).data;
    const once = (await call('POST', `/api/vehicle/${v}/reminders`, { repair_type_id: 3, every_months: 1, recurring: false, last_done_at: '2025-01-01' })).data;
    const other = (await call('POST', `/api/vehicle/${v}/reminders`, { repair_type_id: 4, every_months: 3, last_done_at: '2025-01-01' })).data;
    expect(oil.urgency).toBe('overdue');

    await ctx.database.db.transaction((tx) =>
      markServiceDone(tx, { parkId: fx.park.id, vehicleId: v, repairTypeIds: [VIDANGE_REPAIR_TYPE_ID, 3], doneOn: today(), mileage: 70_100 }),
    );
    const list = (await call('GET', `/api/vehicle/${v}/reminders`)).data.reminders as { id: string; urgency: string; last_done_at: string; last_done_km: number; next_due_km: number; done_at: string | null }[];
    const byId = Object.fromEntries(list.map((r) => [r.id, r]));
    expect(byId[oil.id]).toMatchObject({ last_done_at: today(), last_done_km: 70_100, next_due_km: 75_100, urgency: 'ok', done_at: null });
    expect(byId[once.id].done_at).not.toBeNull();
    expect(byId[once.id].urgency).toBe('ok');
    expect(byId[other.id]).toMatchObject({ last_done_at: '2025-01-01', urgency: 'overdue' });
    // Done ones come last.
    expect(list.at(-1)!.id).toBe(once.id);

    // Without a reading, the vehicle's mileage stands in.
    await ctx.database.db.transaction((tx) => markServiceDone(tx, { parkId: fx.park.id, vehicleId: v, repairTypeIds: [4], doneOn: today(), mileage: null }));
    const again = (await call('GET', `/api/vehicle/${v}/reminders`)).data.reminders.find((r: { id: string }) => r.id === other.id);
    expect(again).toMatchObject({ last_done_at: today(), last_done_km: 70_000, urgency: 'ok' });
  });
});
