import { ZDriverContractCreate, ZPartnerContractCreate } from '@flotte/contract/contracts';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ActingProfile } from '../platform/auth/auth-context.ts';
import type { Db } from '../platform/db/database.ts';
import { fromWireDate, toWireDate } from '../platform/dates.ts';
import type { FileStorage } from '../platform/storage/storage.types.ts';
import { createDriverContract, createPartnerContract } from '../modules/contracts/contract-create.ts';
import { materialiseDueRecipes } from '../modules/contracts/contract-instalments.ts';
import { signContract } from '../modules/contracts/contract-sign-cancel.ts';
import type { ContractsDeps } from '../modules/contracts/contracts.deps.ts';
import { payPartnerInstalment } from '../modules/contracts/contract-partner-pay.ts';
import { contractDocuments, contractEvents, contractInstalments, contracts } from '../modules/contracts/contracts.tables.ts';
import { fundMovements } from '../modules/operations/operations.tables.ts';
import { addMonths } from '../modules/reminders/reminder-due.ts';
import { applyRecipePayments } from '../modules/recipes/recipe-collection.ts';
import { defaultCashCaisse } from '../modules/treasury/caisse-accounts.ts';
import { caisses } from '../modules/treasury/treasury.tables.ts';
import type { DemoPark } from './demo-maintenance.ts';

/**
 * The demo park's contracts (issue 19 section 4), made through the contracts' own services so every
 * figure, recipe, operation and ledger balance is what the screens would have left:
 * - three PARTNER contracts with owners of the fleet, signed, monthly, the past instalments paid to
 *   the owner from a caisse and the latest one still due;
 * - three DRIVER hire purchases at different stages: signed today with nothing due yet; weekly for
 *   fifteen weeks, paid through the recipes' collection but for one missed week (his debt); monthly,
 *   paid off last month (EXPIRED, the driver owns the vehicle, the handover waiting for the owner).
 * Dates are relative to the park's today so the demo always looks current. What the services stamp
 * 'now' (creation, events, the paid-off moment) is dated back to when it happened, as the other
 * demo histories are. Created oldest first, so the numbers follow the dates.
 */

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

interface Pick {
  vehicleId: string;
  driverId: string;
  ownerId: string | null;
}

/** The caisse holding the most (a partner's month is paid from it: the ledger refuses a caisse below zero). */
async function richestTill(db: Db, parkId: string): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select c.id from caisses c
      left join ledger_accounts a on a.park_id = c.park_id and a.kind = 'caisse' and a.owner_id = c.id
      left join ledger_entries e on e.account_id = a.id
     where c.park_id = ${parkId}
     group by c.id order by coalesce(sum(e.amount), 0) desc, c.id limit 1`);
  return rows[0].id;
}

/** The owner as the services see him (he holds every permission). */
function ownerActor(park: DemoPark, profileId: string): ActingProfile {
  return { id: profileId, parkId: park.parkId, type: 'proprietaire', role: 'OWNER', isOwner: true, permissions: new Set(), park: { timeZone: park.timeZone, currency: park.currency } };
}

/** Active vehicles driven by one driver, in the order of their labels' numbers, with that driver and the vehicle's owner. */
async function drivenVehicles(db: Db, parkId: string): Promise<Pick[]> {
  const { rows } = await db.execute<{ vehicle_id: string; driver_id: string; owner_id: string | null }>(sql`
    select v.id as vehicle_id, cd.driver_id, v.vehicle_owner_id as owner_id
      from vehicles v
      join vehicle_configs vc on vc.vehicle_id = v.id and vc.number_drivers = 1
      join vehicle_config_drivers cd on cd.vehicle_id = v.id
      join drivers d on d.id = cd.driver_id and d.desactivate_at is null and d.blocked_at is null
     where v.park_id = ${parkId} and v.status = 'active' and v.vehicle_owner_id is not null
     order by coalesce(substring(v.label from '(\\d+)$')::int, 0), v.id`);
  return rows.map((r) => ({ vehicleId: r.vehicle_id, driverId: r.driver_id, ownerId: r.owner_id }));
}

export async function seedDemoContracts(
  db: Db,
  park: DemoPark,
  owner: { profileId: string },
  opts: { storage: FileStorage; now?: Date },
): Promise<{ partner: number; driver: number; payments: number }> {
  const now = opts.now ?? new Date();
  const today = toWireDate(now, park.timeZone).slice(0, 10);
  const at = (day: string, time: string) => fromWireDate(`${day}T${time}`, park.timeZone);
  // Links the services answer are thrown away here: any key signs them.
  // No document versions: a dozen PDFs would add seconds to the first start; the first change or
  // regenerate of a contract makes its document.
  const deps: ContractsDeps = { db, files: { db, storage: opts.storage, signingKey: new Uint8Array(32) }, documents: false };
  const actor = ownerActor(park, owner.profileId);
  const cash = await defaultCashCaisse(db, park.parkId);
  const [akwa] = await db.select({ id: caisses.id }).from(caisses).where(and(eq(caisses.parkId, park.parkId), eq(caisses.name, 'Caisse Akwa')));
  const tills = [cash.id, akwa?.id ?? cash.id];

  const fleet = await drivenVehicles(db, park.parkId);
  if (fleet.length < 6) return { partner: 0, driver: 0, payments: 0 };
  const [paidOff, halfPaid, fresh] = [fleet[1], fleet[3], fleet[6]];
  const partners = [fleet[0], fleet[2], fleet[4]];

  // What the services write from here on is stamped after this instant (the clock's, not `now`).
  const started = new Date();
  /** Made and signed on the days given (the services stamp now; the history is dated back). */
  const made = async (id: string, createdOn: string, signedOn: string) => {
    const createdAt = createdOn === today ? now : at(createdOn, '10:00:00');
    const signedAt = signedOn === today ? now : at(signedOn, '11:00:00');
    await db.update(contracts).set({ createdAt }).where(eq(contracts.id, id));
    await signContract(deps, actor, id, {}, signedAt);
    const fresh = and(eq(contractEvents.contractId, id), gte(contractEvents.createdAt, started));
    await db.update(contractEvents).set({ createdAt }).where(and(fresh, eq(contractEvents.kind, 'created')));
    await db.update(contractEvents).set({ createdAt: signedAt }).where(and(fresh, inArray(contractEvents.kind, ['signed', 'document'])));
    // A document made on creation (version 1), then on signing.
    await db.update(contractDocuments).set({ createdAt: sql`case when ${contractDocuments.version} = 1 then ${createdAt.toISOString()}::timestamptz else ${signedAt.toISOString()}::timestamptz end` }).where(eq(contractDocuments.contractId, id));
  };
  let payments = 0;
  /** The events the last payment wrote ('payment', and 'paid_off' with the last one) are dated with it. */
  const datePayment = async (contractId: string, paidAt: Date) => {
    await db
      .update(contractEvents)
      .set({ createdAt: paidAt })
      .where(and(eq(contractEvents.contractId, contractId), inArray(contractEvents.kind, ['payment', 'paid_off']), gte(contractEvents.createdAt, started)));
    payments += 1;
  };
  const instalmentsOf = (contractId: string) => db.select().from(contractInstalments).where(eq(contractInstalments.contractId, contractId)).orderBy(asc(contractInstalments.seq));

  /**
   * A driver's instalments due by today collected in cash, `every` at a time on the last one's day
   * (a weekly payer brings two weeks at once), but those listed as missed.
   */
  const collect = async (contractId: string, opts: { missed?: number[]; every?: number } = {}) => {
    await db.transaction((tx) => materialiseDueRecipes(tx, { parkId: park.parkId, contractId, uptoDay: today, actorId: owner.profileId }));
    const open = (await instalmentsOf(contractId)).filter((i) => i.dueDate <= today && i.recipeId && !opts.missed?.includes(i.seq));
    const every = opts.every ?? 1;
    for (let k = 0; k < open.length; k += every) {
      const group = open.slice(k, k + every);
      const paidAt = at(group.at(-1)!.dueDate, '19:00:00');
      await db.transaction((tx) =>
        applyRecipePayments(tx, {
          parkId: park.parkId,
          actorId: owner.profileId,
          method: 'cash',
          caisseId: tills[(k / every) % tills.length],
          allocations: group.map((i) => ({ recipeId: i.recipeId!, amount: i.amount - i.paidAmount })),
          comment: 'Versement location-vente',
          at: paidAt,
        }),
      );
      await datePayment(contractId, paidAt);
    }
  };

  // Paid off last month: ten monthly instalments of 200,000, the last one a month ago, brought
  // two at a time.
  const start3 = addMonths(today, -10);
  const c3 = await createDriverContract(
    deps,
    actor,
    ZDriverContractCreate.parse({
      vehicle_id: paidOff.vehicleId,
      driver_id: paidOff.driverId,
      total_amount: 2_000_000,
      frequency_amount: 200_000,
      payment_frequency: 'monthly',
      start_date: start3,
      description: 'Location-vente sur dix mois, soldée.',
    }),
  );
  await made(c3.id, addDays(start3, -5), addDays(start3, -3));
  await collect(c3.id, { every: 2 });
  // The hook ended it (paid off, owner record, vehicle's owner) at the moment it ran: date it with the last payment.
  const [last] = (await instalmentsOf(c3.id)).slice(-1);
  const paidOffAt = last.paidAt ?? at(last.dueDate, '19:00:00');
  await db.update(contracts).set({ paidOffAt, expiredAt: paidOffAt, updatedAt: paidOffAt }).where(and(eq(contracts.id, c3.id), eq(contracts.status, 'EXPIRED')));

  // Half paid: 30 weekly instalments of 60,000 from 15 weeks ago, brought two weeks at a time;
  // one week missed, his debt.
  const start2 = addDays(today, -102);
  const c2 = await createDriverContract(
    deps,
    actor,
    ZDriverContractCreate.parse({
      vehicle_id: halfPaid.vehicleId,
      driver_id: halfPaid.driverId,
      total_amount: 1_800_000,
      frequency_amount: 60_000,
      payment_frequency: 'weekly',
      start_date: start2,
      description: 'Location-vente à la semaine.',
    }),
  );
  await made(c2.id, addDays(start2, -4), addDays(start2, -2));
  const dueBy2 = (await instalmentsOf(c2.id)).filter((i) => i.dueDate <= today).length;
  await collect(c2.id, { missed: [dueBy2 - 5], every: 2 });

  // Partners: 150,000 to 250,000 a month to the vehicle's owner, paid from a caisse; the latest due.
  // Oldest first, all after the weekly hire purchase: the numbers follow the dates.
  const partnerTerms = [
    { months: 2, lateDays: 5, amount: 250_000, years: 2 },
    { months: 1, lateDays: 3, amount: 150_000, years: 2 },
    { months: 1, lateDays: 0, amount: 200_000, years: 3 },
  ];
  let partner = 0;
  for (const [k, t] of partnerTerms.entries()) {
    const p = partners[k];
    const startP = addDays(addMonths(today, -t.months), -t.lateDays);
    const c = await createPartnerContract(
      deps,
      actor,
      ZPartnerContractCreate.parse({
        vehicle_id: p.vehicleId,
        vehicle_owner_id: p.ownerId ?? undefined,
        frequency_amount: t.amount,
        payment_frequency: 'monthly',
        start_date: startP,
        end_date: addDays(addMonths(startP, 12 * t.years), -1),
        description: 'Mise à disposition du véhicule, paiement mensuel au propriétaire.',
      }),
    );
    await made(c.id, addDays(startP, -6), addDays(startP, -5));
    partner += 1;
    // Each past instalment but the latest paid to the owner on its day, as the owner confirms it.
    const due = (await instalmentsOf(c.id)).filter((i) => i.dueDate <= today);
    for (const i of due.slice(0, -1)) {
      await payPartnerInstalment(deps, actor, c.id, i.seq, { caisse_id: await richestTill(db, park.parkId) });
      const paidAt = at(i.dueDate, '16:00:00');
      const [paid] = await db.select({ movementId: contractInstalments.fundMovementId }).from(contractInstalments).where(eq(contractInstalments.id, i.id));
      if (paid.movementId) await db.update(fundMovements).set({ operationDate: paidAt, confirmedAt: paidAt }).where(eq(fundMovements.id, paid.movementId));
      await db.update(contractInstalments).set({ paidAt }).where(eq(contractInstalments.id, i.id));
      await datePayment(c.id, paidAt);
    }
  }

  // New: signed today, the first of 52 weekly instalments of 75,000 next week.
  const c1 = await createDriverContract(
    deps,
    actor,
    ZDriverContractCreate.parse({
      vehicle_id: fresh.vehicleId,
      driver_id: fresh.driverId,
      total_amount: 3_900_000,
      frequency_amount: 75_000,
      payment_frequency: 'weekly',
      start_date: addDays(today, 7),
      description: 'Location-vente à la semaine, signée ce jour.',
    }),
  );
  await made(c1.id, today, today);
  return { partner, driver: 3, payments };
}
