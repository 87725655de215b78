import { ZMaintenanceCreate, ZMaintenanceFinish, ZReminderInput, type TPnlCode } from '@flotte/contract';
import { and, eq } from 'drizzle-orm';
import type { ActingProfile } from '../platform/auth/auth-context.ts';
import type { Db } from '../platform/db/database.ts';
import { fromWireDate, toWireDate } from '../platform/dates.ts';
import { uuidv7 } from '../platform/ids.ts';
import type { FileStorage } from '../platform/storage/storage.types.ts';
import { storeUpload, type FilesDeps } from '../modules/files/files.service.ts';
import { files as filesTable } from '../modules/files/files.tables.ts';
import { ledgerAccount } from '../modules/ledger/ledger.service.ts';
import { finishMaintenance } from '../modules/maintenance/maintenance-finish.ts';
import { cancelMaintenance, createMaintenance } from '../modules/maintenance/maintenance.service.ts';
import { maintenanceItems, maintenances } from '../modules/maintenance/maintenance.tables.ts';
import { runDailyNoticesJob } from '../modules/notifications/daily-notices.job.ts';
import { addMonths } from '../modules/reminders/reminder-due.ts';
import { createReminder } from '../modules/reminders/reminders.service.ts';
import { maintenanceSubAccounts } from '../modules/operations/maintenance-expense.ts';
import { fundMovementComponents, fundMovements } from '../modules/operations/operations.tables.ts';
import { defaultCashCaisse } from '../modules/treasury/caisse-accounts.ts';
import { caisses } from '../modules/treasury/treasury.tables.ts';
import { recordVehicleMileage } from '../modules/vehicles/vehicle-mileage.ts';
import { vehicles } from '../modules/vehicles/vehicles.tables.ts';
import { invoicePdf } from './demo-invoice.ts';
import { seedDemoSuppliers } from './demo-suppliers.ts';
import { postSeededMovements } from './operations-generator.ts';

/**
 * The demo park's garages and six months of maintenance (issue 18 section 5):
 * - suppliers in five categories with their correspondents, one suspended (demo-suppliers.ts);
 * - the history: two maintenances per vehicle over the last six months, most finished with the
 *   garage's invoice (a small PDF stored like any park file) and their expenses (one operation
 *   per repair type under its sub-account, from a caisse, balanced in the ledger), a few canceled.
 *   Written set based, dated when they happened, as the other demo histories are (a service
 *   writes 'now');
 * - what is happening now, through the maintenance services, so the real rules apply.
 */

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const xaf = (n: number) => `${n.toLocaleString('fr-FR').replace(/\u202f/g, ' ')} FCFA`;

export interface DemoPark {
  parkId: string;
  timeZone: string;
  currency: string;
}

/** What a maintenance of the history concerns: repair types with their components and estimates. */
interface Job {
  description: string;
  supplier: string;
  groups: { type: number; components: [number, number][] }[];
}
const JOBS: Job[] = [
  { description: 'Vidange et filtre à huile', supplier: 'Garage Central Akwa', groups: [{ type: 2, components: [[1, 18_000], [2, 5_000]] }] },
  { description: 'Révision, filtre à air et bougies', supplier: 'Auto Service Bonabéri', groups: [{ type: 1, components: [[3, 6_000], [11, 12_000]] }] },
  { description: 'Bruit au freinage', supplier: 'Mécanique Express Makepe', groups: [{ type: 3, components: [[5, 25_000], [6, 45_000]] }] },
  { description: 'Pneus avant usés', supplier: 'Pneus Plus Ndokoti', groups: [{ type: 4, components: [[7, 60_000]] }] },
  { description: 'Vidange et plaquettes', supplier: 'Garage Central Akwa', groups: [{ type: 2, components: [[1, 18_000]] }, { type: 3, components: [[5, 25_000]] }] },
  { description: 'Batterie à plat', supplier: 'Pièces Auto Deido', groups: [{ type: 4, components: [[8, 65_000]] }] },
  { description: 'Amortisseurs et climatisation', supplier: 'Garage Central Akwa', groups: [{ type: 5, components: [[9, 80_000], [15, 35_000]] }] },
  { description: 'Vidange', supplier: 'Garage du Wouri', groups: [{ type: 2, components: [[1, 16_000], [2, 4_500]] }] },
];

interface VehicleRow {
  id: string;
  label: string | null;
  registrationNumber: string;
  status: string;
  mileage: number | null;
  mileageForVidange: number | null;
}

/** The park's vehicles in the order of their labels' numbers ('Taxi 001', 'VTC 002' ...). */
export async function demoVehicles(db: Db, parkId: string): Promise<VehicleRow[]> {
  const rows = await db
    .select({ id: vehicles.id, label: vehicles.label, registrationNumber: vehicles.registrationNumber, status: vehicles.status, mileage: vehicles.mileage, mileageForVidange: vehicles.mileageForVidange })
    .from(vehicles)
    .where(eq(vehicles.parkId, parkId));
  const n = (v: VehicleRow) => Number(/(\d+)$/.exec(v.label ?? '')?.[1] ?? 0);
  return rows.sort((a, b) => n(a) - n(b));
}

/**
 * The invoices of the history, stored as an upload stores them (bytes under uploads/<park>/, one
 * files row each), in one insert.
 */
async function storeInvoices(files: FilesDeps, parkId: string, userId: string, invoices: { id: string; name: string; content: Buffer }[]): Promise<void> {
  if (!invoices.length) return;
  await Promise.all(invoices.map((f) => files.storage.put(`uploads/${parkId}/${f.id}.pdf`, f.content, 'application/pdf')));
  await files.db.insert(filesTable).values(
    invoices.map((f) => ({ id: f.id, parkId, uploadedBy: userId, kind: 'document' as const, storagePath: `uploads/${parkId}/${f.id}.pdf`, mimeType: 'application/pdf', sizeBytes: f.content.length, originalName: f.name })),
  );
}

/**
 * Two maintenances per vehicle over the last six months (the given vehicles), finished with their
 * invoice and expenses, one in nine canceled. Deterministic: the vehicle's rank decides the dates,
 * the job and the caisse.
 */
export async function seedMaintenanceHistory(
  files: FilesDeps,
  park: DemoPark,
  ownerProfileId: string,
  ownerUserId: string,
  fleet: VehicleRow[],
  supplierIds: Map<string, string>,
  today: string,
): Promise<{ finished: number; canceled: number }> {
  const { db } = files;
  const cash = await defaultCashCaisse(db, park.parkId);
  const named = await db.select({ id: caisses.id, name: caisses.name }).from(caisses).where(eq(caisses.parkId, park.parkId));
  const caisseIds = [cash.id, ...named.filter((c) => c.name === 'Caisse Akwa' || c.name === 'Caisse Bonabéri').map((c) => c.id)];
  const codes: Record<number, TPnlCode> = { 1: 'maintain', 2: 'vidange', 3: 'reparation', 4: 'change', 5: 'repair_maintain' };
  const subs = await maintenanceSubAccounts(db, park.parkId, Object.values(codes));
  for (const s of subs.values()) await ledgerAccount(db, park.parkId, 'pnl', s.id);
  for (const id of caisseIds) await ledgerAccount(db, park.parkId, 'caisse', id);
  const at = (day: string, time: string) => fromWireDate(`${day}T${time}`, park.timeZone);

  const mRows: (typeof maintenances.$inferInsert)[] = [];
  const iRows: (typeof maintenanceItems.$inferInsert)[] = [];
  const fmRows: (typeof fundMovements.$inferInsert)[] = [];
  const cRows: (typeof fundMovementComponents.$inferInsert)[] = [];
  const invoices: { id: string; name: string; content: Buffer }[] = [];
  let n = 0;
  for (const [k, v] of fleet.entries()) {
    for (const first of [true, false]) {
      const job = JOBS[(k * 3 + (first ? 0 : 5)) % JOBS.length];
      const offset = first ? -175 + ((k * 7) % 45) : -95 + ((k * 11) % 80);
      const choice = ((k + (first ? 0 : 1)) % 3) + 1;
      const day = addDays(today, offset);
      const last = choice === 3 ? addDays(day, 1 + (k % 2)) : day;
      const startAt = at(day, choice === 1 ? '08:00:00' : '00:00:00');
      const endAt = at(last, choice === 1 ? '12:00:00' : '23:59:59');
      const canceled = n % 9 === 4;
      const finishedAt = at(last, choice === 1 ? '11:30:00' : '17:30:00');
      const id = uuidv7(startAt.getTime() - 5 * DAY_MS);
      const supplierId = supplierIds.get(job.supplier) ?? null;
      // What was paid: the estimate, give or take a little, in round hundreds.
      const paid = (est: number, c: number) => est + (((k + c) % 5) - 2) * 500;
      const estimate = job.groups.reduce((s, g) => s + g.components.reduce((t, [, a]) => t + a, 0), 0);
      const amount = job.groups.reduce((s, g) => s + g.components.reduce((t, [c, a]) => t + paid(a, c), 0), 0);
      let invoiceFileId: string | null = null;
      const caisseId = caisseIds[n % caisseIds.length];
      if (!canceled) {
        const lines = job.groups.flatMap((g) => g.components.map(([c, a]) => ({ label: COMPONENT_NAMES[c], amount: xaf(paid(a, c)) })));
        invoiceFileId = uuidv7(finishedAt.getTime());
        invoices.push({
          id: invoiceFileId,
          name: `facture-${last.replace(/-/g, '')}-${String(n + 1).padStart(3, '0')}.pdf`,
          content: invoicePdf({ number: `F${last.slice(2, 4)}${last.slice(5, 7)}-${String(n + 101)}`, supplier: job.supplier, date: frenchDay(last), vehicle: `${v.label ?? ''} (${v.registrationNumber})`, lines, total: xaf(amount) }),
        });
      }
      mRows.push({
        id,
        parkId: park.parkId,
        vehicleId: v.id,
        supplierId,
        description: job.description,
        durationChoice: choice,
        startAt,
        endAt,
        status: canceled ? 'canceled' : 'finished',
        estimatedAmount: estimate,
        amount: canceled ? null : amount,
        invoiceFileId,
        caisseId: canceled ? null : caisseId,
        createdBy: ownerProfileId,
        createdAt: new Date(startAt.getTime() - 5 * DAY_MS),
        updatedAt: canceled ? new Date(startAt.getTime() - DAY_MS) : finishedAt,
        finishedAt: canceled ? null : finishedAt,
        finishedBy: canceled ? null : ownerProfileId,
        canceledAt: canceled ? new Date(startAt.getTime() - DAY_MS) : null,
        canceledBy: canceled ? ownerProfileId : null,
      });
      for (const g of job.groups) {
        for (const [c, a] of g.components) iRows.push({ maintenanceId: id, repairTypeId: g.type, componentId: c, estimatedAmount: a, amount: canceled ? null : paid(a, c) });
        if (canceled) continue;
        // One expense per repair type, as finishing writes them; its posting is made below.
        const fmId = uuidv7(finishedAt.getTime());
        const sub = subs.get(codes[g.type])!;
        fmRows.push({
          id: fmId,
          parkId: park.parkId,
          type: 'perte',
          subAccountId: sub.id,
          caisseId,
          amount: g.components.reduce((t, [c, a]) => t + paid(a, c), 0),
          operationDate: finishedAt,
          comment: job.description,
          fileId: invoiceFileId,
          collectMethod: 'cash',
          vehicleId: v.id,
          maintenanceId: id,
          supplierId,
          createdBy: ownerProfileId,
          createdAt: finishedAt,
          confirmedAt: finishedAt,
          confirmedBy: ownerProfileId,
        });
        for (const [c, a] of g.components) cRows.push({ movementId: fmId, componentId: c, amount: paid(a, c) });
      }
      n++;
    }
  }
  await storeInvoices(files, park.parkId, ownerUserId, invoices);
  if (mRows.length) await db.insert(maintenances).values(mRows);
  if (iRows.length) await db.insert(maintenanceItems).values(iRows);
  if (fmRows.length) await db.insert(fundMovements).values(fmRows);
  if (cRows.length) await db.insert(fundMovementComponents).values(cRows);
  await postSeededMovements(db, park.parkId);
  const canceled = mRows.filter((m) => m.status === 'canceled').length;
  return { finished: mRows.length - canceled, canceled };
}

/** The catalog's shared components (migration 0006), for the invoices' lines. */
const COMPONENT_NAMES: Record<number, string> = {
  1: 'Huile moteur',
  2: 'Filtre à huile',
  3: 'Filtre à air',
  5: 'Plaquettes de frein',
  6: 'Disques de frein',
  7: 'Pneus',
  8: 'Batterie',
  9: 'Amortisseurs',
  11: 'Bougies',
  15: 'Climatisation',
};

/** The owner as the services see him (the owner holds every permission). */
function ownerActor(park: DemoPark, profileId: string): ActingProfile {
  return { id: profileId, parkId: park.parkId, type: 'proprietaire', role: 'OWNER', isOwner: true, permissions: new Set(), park: { timeZone: park.timeZone, currency: park.currency } };
}

/** Monday of the week after `day`'s (yyyy-MM-dd). */
function nextMonday(day: string): string {
  const dow = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
  return addDays(day, 7 - dow);
}

/**
 * The demo's maintenance, end to end. Runs after the fleet and the money (the caisses must hold
 * what the history paid) and before the planning, which then plans nobody on a vehicle while it
 * is at the garage. The vehicles are taken by their labels' numbers (fleet-generator.ts):
 * - the 6th, which the fleet puts in 'maintain' by hand, is at the garage since yesterday until
 *   tomorrow (its status now comes from that maintenance);
 * - the 14th and the 18th are expected at the garage next week; the 22nd's job was canceled;
 * - the 10th had its oil changed yesterday, closed today through the finishing service;
 * - reminders: the 1st's periodic service is overdue, the 2nd's tyre rotation due by distance,
 *   the 3rd's yearly service soon, the 4th's oil change soon by distance, others up to date.
 * Then one run of the daily notices, as every morning: the owner's notifications.
 */
export async function seedDemoMaintenance(
  db: Db,
  park: DemoPark,
  owner: { profileId: string; userId: string },
  opts: { storage: FileStorage; now?: Date },
): Promise<Record<string, number>> {
  const now = opts.now ?? new Date();
  const today = toWireDate(now, park.timeZone).slice(0, 10);
  // Links the services answer are thrown away here: any key signs them.
  const files: FilesDeps = { db, storage: opts.storage, signingKey: new Uint8Array(32) };
  const deps = { db, files };
  const actor = ownerActor(park, owner.profileId);

  const supplierIds = await seedDemoSuppliers(db, park.parkId, now);
  const fleet = await demoVehicles(db, park.parkId);
  const history = await seedMaintenanceHistory(files, park, owner.profileId, owner.userId, fleet.filter((v) => v.status !== 'deactivated'), supplierIds, today);

  const at = (i: number) => fleet[Math.min(i, fleet.length - 1)];
  const schedule = (i: number, span: { duration_choice: number; start_date: string; end_date?: string }, supplier: string, description: string, groups: Job['groups']) =>
    createMaintenance(
      deps,
      actor,
      ZMaintenanceCreate.parse({
        vehicle_id: at(i).id,
        ...span,
        supplier_id: supplierIds.get(supplier),
        description,
        maintenances: groups.map((g) => ({ repair_type_id: g.type, maintenanceCarComponent: g.components.map(([component_id, amount]) => ({ component_id, amount })) })),
      }),
    );

  // At the garage since yesterday: the vehicle the fleet left in 'maintain' goes back to work
  // first, so its maintenance is what holds it (and gives it back when finished).
  await db.update(vehicles).set({ status: 'active' }).where(and(eq(vehicles.id, at(5).id), eq(vehicles.status, 'maintain')));
  await schedule(5, { duration_choice: 3, start_date: addDays(today, -1), end_date: addDays(today, 1) }, 'Mécanique Express Makepe', 'Embrayage qui patine', [
    { type: 3, components: [[12, 85_000], [10, 40_000]] },
  ]);
  const monday = nextMonday(today);
  await schedule(13, { duration_choice: 2, start_date: addDays(monday, 1) }, 'Garage Central Akwa', 'Vidange des 5 000 km', [{ type: 2, components: [[1, 18_000], [2, 5_000]] }]);
  await schedule(17, { duration_choice: 1, start_date: `${addDays(monday, 3)}T08:00:00`, end_date: `${addDays(monday, 3)}T12:00:00` }, 'Pneus Plus Ndokoti', 'Pneus arrière et essuie-glaces', [
    { type: 1, components: [[13, 4_000]] },
    { type: 4, components: [[7, 60_000]] },
  ]);
  const dropped = await schedule(21, { duration_choice: 2, start_date: addDays(today, 20) }, 'Auto Service Bonabéri', 'Recharge de climatisation', [{ type: 1, components: [[15, 35_000]] }]);
  await cancelMaintenance(deps, actor, dropped.id);

  // Yesterday's oil change, closed today with the garage's invoice and the odometer.
  const changed = at(9);
  const oil = await schedule(9, { duration_choice: 2, start_date: addDays(today, -1) }, 'Garage Central Akwa', 'Vidange', [{ type: 2, components: [[1, 18_000], [2, 5_000]] }]);
  const invoice = await storeUpload(files, {
    parkId: park.parkId,
    userId: owner.userId,
    filename: `facture-vidange-${today.replace(/-/g, '')}.pdf`,
    content: invoicePdf({
      number: `F${today.slice(2, 4)}${today.slice(5, 7)}-900`,
      supplier: 'Garage Central Akwa',
      date: frenchDay(today),
      vehicle: `${changed.label ?? ''} (${changed.registrationNumber})`,
      lines: [{ label: 'Huile moteur', amount: xaf(17_500) }, { label: 'Filtre à huile', amount: xaf(5_000) }],
      total: xaf(22_500),
    }),
    accept: 'document',
  });
  const mileage = (changed.mileage ?? 60_000) + 1_200;
  const [akwa] = await db.select({ id: caisses.id }).from(caisses).where(and(eq(caisses.parkId, park.parkId), eq(caisses.name, 'Caisse Akwa')));
  await finishMaintenance(
    deps,
    actor,
    oil.id,
    ZMaintenanceFinish.parse({
      status: 'finished',
      caisse_id: akwa?.id,
      facture_image: invoice.path,
      maintenances: [{ repair_type_id: 2, components: [{ component_id: 1, amount: 17_500 }, { component_id: 2, amount: 5_000 }] }],
      mileage,
      mileage_for_vidange: mileage + 5_000,
    }),
  );

  const reminders = await seedDemoReminders(db, park, fleet, today, { changed: { vehicle: changed, mileage } });
  const notices = await runDailyNoticesJob({ db, files }, now, { parkId: park.parkId });
  return { suppliers: supplierIds.size, ...history, live: 5, reminders, notifications: notices.notifications };
}

/** Reminders at every urgency (see seedDemoMaintenance), through the reminders service. */
async function seedDemoReminders(db: Db, park: DemoPark, fleet: VehicleRow[], today: string, done: { changed: { vehicle: VehicleRow; mileage: number } }): Promise<number> {
  const deps = { db, now: () => fromWireDate(`${today}T12:00:00`, park.timeZone) };
  const add = (v: VehicleRow, input: Parameters<typeof ZReminderInput.parse>[0]) => createReminder(deps, park.parkId, v.id, ZReminderInput.parse(input));
  const km = (v: VehicleRow) => v.mileage ?? 60_000;
  let n = 0;
  // Overdue: the periodic service was due a month ago.
  await add(fleet[0], { repair_type_id: 1, every_months: 6, last_done_at: addMonths(today, -7) });
  // Due today by distance: the tyres turn every 10,000 km, and 10,000 km were driven.
  await add(fleet[1], { title: 'Rotation des pneus', every_km: 10_000, last_done_at: addMonths(today, -4), last_done_km: km(fleet[1]) - 10_000 });
  // Soon by date: the yearly service falls in twelve days.
  await add(fleet[2], { repair_type_id: 5, every_months: 12, last_done_at: addDays(addMonths(today, -12), 12) });
  // Soon by distance: the oil change is 700 km ahead (the odometer read today).
  const v3 = fleet[3];
  const vidangeAt = v3.mileageForVidange ?? km(v3) + 5_000;
  await db.transaction((tx) => recordVehicleMileage(tx, park.parkId, v3.id, { mileage: vidangeAt - 700 }));
  await add(v3, { repair_type_id: 2, every_km: 5_000, last_done_at: addMonths(today, -3), last_done_km: vidangeAt - 5_000 });
  n += 4;
  // Up to date: the oil change done today, and a few vehicles' periodic services.
  await add(done.changed.vehicle, { repair_type_id: 2, every_km: 5_000, every_months: 6, last_done_at: today, last_done_km: done.changed.mileage });
  n += 1;
  for (const i of [4, 6, 8, 12]) {
    if (!fleet[i] || fleet[i].status === 'deactivated') continue;
    await add(fleet[i], { repair_type_id: 1, every_months: 6, last_done_at: addMonths(today, -2) });
    n += 1;
  }
  return n;
}
