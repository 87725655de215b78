import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { buildSchedule, rescheduleUnpaid, type ScheduledInstalment } from '@flotte/contract/contract-schedule';
import { ErrorCodes } from '@flotte/contract';
import { CONTRACT_MESSAGES as M, type TContractDetail, type ZContractUpdate } from '@flotte/contract/contracts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { getContractDetail, parkToday } from './contract-detail.ts';
import { recordContractEvent } from './contract-history.ts';
import { materialiseDue, newDocumentVersion, releaseRecipes } from './contract-hooks.ts';
import {
  assertContractType,
  assertFree,
  assertOpen,
  assertParkDriver,
  assertParkOwner,
  insertInstalments,
  lockContract,
  lockParkContracts,
  minorOf,
  nextDueDate,
  parkVehicle,
  scheduled,
  scheduleTerms,
  type LockedContract,
  type StoredTerms,
} from './contract-terms.ts';
import type { ContractsDeps } from './contracts.deps.ts';
import { contractInstalments, contracts } from './contracts.tables.ts';

/**
 * PUT /contract/{id} and POST /contract/{id}/regenerate. Paid (even partly) instalments are frozen,
 * as an accounting loan schedule does; the unpaid ones are rebuilt from the terms after them
 * (rescheduleUnpaid), a driver's recipes of the dropped ones released first.
 */

export type ContractUpdateInput = z.output<typeof ZContractUpdate>;

/** What a signed contract may still change; the rest is the agreement itself. */
const ACTIVE_FIELDS = new Set(['total_amount', 'frequency_amount', 'payment_frequency', 'end_date', 'start_time', 'clauses', 'description', 'park_id']);

/** The schedule as it stands: frozen (something paid) and rebuildable instalments. */
async function scheduleOf(tx: Tx, contractId: string) {
  const rows = await tx
    .select({ id: contractInstalments.id, seq: contractInstalments.seq, dueDate: contractInstalments.dueDate, dueTime: contractInstalments.dueTime, amount: contractInstalments.amount, paidAmount: contractInstalments.paidAmount, status: contractInstalments.status })
    .from(contractInstalments)
    .where(eq(contractInstalments.contractId, contractId))
    .orderBy(contractInstalments.seq);
  return { frozen: rows.filter((r) => r.paidAmount > 0), unpaid: rows.filter((r) => r.paidAmount === 0 && r.status === 'due'), paid: rows.reduce((s, r) => s + r.paidAmount, 0) };
}

const sameSchedule = (a: readonly { seq: number; dueDate: string; dueTime: string | null; amount: number }[], b: readonly ScheduledInstalment[]) =>
  a.length === b.length && a.every((x, k) => x.seq === b[k].seq && x.dueDate === b[k].dueDate && (x.dueTime ?? null) === (b[k].dueTime ?? null) && x.amount === b[k].amount);

/**
 * Rebuilds the unpaid instalments from `terms` when they differ from what stands; answers whether
 * they changed and the new total. A driver's ACTIVE contract gets the recipes of what is due again.
 */
async function rebuildUnpaid(tx: Tx, c: LockedContract, terms: StoredTerms, today: string, actorId: string) {
  const now = await scheduleOf(tx, c.id);
  if (terms.totalAmount !== null && terms.totalAmount < now.paid) throw fieldError('total_amount', ErrorCodes.CONTRACT_TOTAL_BELOW_PAID.message);
  const result = scheduled(rescheduleUnpaid(now.frozen, scheduleTerms(terms)));
  const changed = !sameSchedule(now.unpaid, result.instalments);
  if (changed) {
    if (c.contractType === 'DRIVER' && now.unpaid.length) await releaseRecipes(tx, c.parkId, now.unpaid.map((i) => i.id), 'rescheduled', actorId);
    await tx.delete(contractInstalments).where(and(eq(contractInstalments.contractId, c.id), eq(contractInstalments.status, 'due'), eq(contractInstalments.paidAmount, 0)));
    await insertInstalments(tx, c.parkId, c.id, result.instalments);
    if (c.contractType === 'DRIVER' && c.status === 'ACTIVE') await materialiseDue(tx, { parkId: c.parkId, contractId: c.id, uptoDay: today, actorId });
  }
  const totalAmount = result.totalAmount;
  return { changed, totalAmount, remaining: totalAmount - now.paid, endDate: result.endDate, count: now.frozen.length + result.instalments.length };
}

/**
 * The stored terms. A partner's stored total is its schedule's sum; it was a cap (the optional
 * total_amount of creation) only if the periods up to the end would pay more, and then it stays one.
 */
function storedTerms(c: LockedContract): StoredTerms {
  const terms: StoredTerms = {
    contractType: c.contractType,
    paymentFrequency: c.paymentFrequency,
    frequencyAmount: c.frequencyAmount,
    totalAmount: c.contractType === 'DRIVER' ? c.totalAmount : null,
    startDate: c.startDate,
    startTime: c.startTime,
    endDate: c.contractType === 'PARTNER' ? c.endDate : null,
  };
  if (c.contractType === 'PARTNER') {
    const uncapped = buildSchedule(scheduleTerms(terms));
    if (uncapped.ok && uncapped.totalAmount > c.totalAmount) terms.totalAmount = c.totalAmount;
  }
  return terms;
}

/**
 * PUT /contract/{id}: PENDING, any field of its kind; ACTIVE, the amounts, frequency, end, clauses
 * and description (another field with a new value: 409); EXPIRED or CANCELLED: 409. The history
 * keeps each changed field before and after; the document gets a new version.
 */
export async function updateContract(deps: ContractsDeps, actor: ActingProfile, id: string, input: ContractUpdateInput, now = new Date()): Promise<TContractDetail> {
  const parkId = actor.parkId;
  const { currency, timeZone } = actor.park;
  const today = parkToday(now, timeZone);
  const contractId = await deps.db.transaction(async (tx) => {
    const c = await lockContract(tx, parkId, id);
    assertOpen(c);
    const before: Record<string, unknown> = {
      vehicle_id: c.vehicleId,
      driver_id: c.driverId,
      vehicle_owner_id: c.vehicleOwnerId,
      total_amount: fromMinor(c.totalAmount, currency),
      frequency_amount: fromMinor(c.frequencyAmount, currency),
      payment_frequency: c.paymentFrequency,
      start_date: c.startDate,
      start_time: c.startTime,
      end_date: c.endDate,
      contract_type_id: c.vehicleContractTypeId,
      clauses: c.clauses,
      description: c.description,
    };
    // Fields of the other kind of contract do not apply: a driver's owner follows the vehicle.
    const asked: Record<string, unknown> = { ...input };
    delete asked.park_id;
    if (c.contractType === 'DRIVER') delete asked.vehicle_owner_id;
    else delete asked.driver_id;
    // Forms send whole bodies: a field sent unchanged (ids in any case) is no change.
    const same = (a: unknown, b: unknown) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase();
    const changedFields = Object.keys(asked).filter((k) => asked[k] !== undefined && !same(asked[k], before[k]));
    if (c.status === 'ACTIVE' && changedFields.some((k) => !ACTIVE_FIELDS.has(k))) throw new AppError('CONTRACT_ACTIVE_LOCKED_FIELD');

    const vehicleId = input.vehicle_id ?? c.vehicleId;
    const driverId = c.contractType === 'DRIVER' ? (input.driver_id ?? c.driverId) : null;
    let ownerId = c.vehicleOwnerId;
    if (changedFields.includes('vehicle_id') || changedFields.includes('driver_id') || changedFields.includes('vehicle_owner_id')) {
      const vehicle = await parkVehicle(tx, parkId, vehicleId);
      if (driverId && changedFields.includes('driver_id')) await assertParkDriver(tx, parkId, driverId);
      if (c.contractType === 'PARTNER') {
        if (input.vehicle_owner_id) await assertParkOwner(tx, parkId, input.vehicle_owner_id);
        ownerId = input.vehicle_owner_id ?? (changedFields.includes('vehicle_id') ? vehicle.ownerId : c.vehicleOwnerId);
        if (!ownerId) throw fieldError('vehicle_owner_id', M.owner);
      } else if (changedFields.includes('vehicle_id')) ownerId = vehicle.ownerId;
      await lockParkContracts(tx, parkId);
      await assertFree(tx, parkId, { contractType: c.contractType, vehicleId, driverId, except: c.id });
    }
    if (changedFields.includes('contract_type_id')) await assertContractType(tx, parkId, input.contract_type_id);

    const terms = storedTerms(c);
    if (input.frequency_amount !== undefined) terms.frequencyAmount = minorOf(input.frequency_amount, currency, 'frequency_amount', M.frequencyAmount);
    if (input.total_amount !== undefined) terms.totalAmount = minorOf(input.total_amount, currency, 'total_amount', M.totalAmount);
    if (input.payment_frequency !== undefined) terms.paymentFrequency = input.payment_frequency;
    if (input.start_date !== undefined) terms.startDate = input.start_date;
    if (input.start_time !== undefined) terms.startTime = input.start_time;
    if (input.end_date !== undefined) terms.endDate = input.end_date;
    if (terms.paymentFrequency !== 'hourly') terms.startTime = null;
    const rebuilt = await rebuildUnpaid(tx, c, terms, today, actor.id);

    await tx
      .update(contracts)
      .set({
        vehicleId,
        driverId,
        vehicleOwnerId: ownerId,
        vehicleContractTypeId: input.contract_type_id ?? c.vehicleContractTypeId,
        totalAmount: rebuilt.totalAmount,
        frequencyAmount: terms.frequencyAmount,
        paymentFrequency: terms.paymentFrequency,
        startDate: terms.startDate,
        startTime: terms.startTime,
        endDate: input.end_date ?? (c.contractType === 'DRIVER' ? rebuilt.endDate : c.endDate),
        remainingAmount: rebuilt.remaining,
        nextDueDate: await nextDueDate(tx, c.id),
        clauses: input.clauses ?? c.clauses,
        description: input.description ?? c.description,
        updatedAt: now,
      })
      .where(eq(contracts.id, c.id));
    const after: Record<string, unknown> = { ...before, ...asked, total_amount: fromMinor(rebuilt.totalAmount, currency) };
    const changes = Object.fromEntries(
      Object.keys(before)
        .filter((k) => !same(before[k], after[k]))
        .map((k) => [k, { before: before[k] ?? null, after: after[k] ?? null }]),
    );
    await recordContractEvent(tx, { parkId, contractId: c.id, kind: 'updated', profileId: actor.id, detail: { changes, schedule_changed: rebuilt.changed } });
    return c.id;
  });
  await newDocumentVersion(deps, contractId, actor.id);
  return getContractDetail(deps, actor, contractId, now);
}

/**
 * POST /contract/{id}/regenerate: rebuilds the unpaid instalments from the current terms only if
 * they differ from what the terms produce; the history says whether the schedule changed. Always
 * a new document version: an ended or cancelled contract keeps its schedule and only gets its
 * document made again (a contract made before documents, or whose document failed, gets one).
 */
export async function regenerateContract(deps: ContractsDeps, actor: ActingProfile, id: string, now = new Date()): Promise<TContractDetail> {
  const parkId = actor.parkId;
  const contractId = await deps.db.transaction(async (tx) => {
    const c = await lockContract(tx, parkId, id);
    if (c.status === 'EXPIRED' || c.status === 'CANCELLED') {
      await recordContractEvent(tx, { parkId, contractId: c.id, kind: 'regenerated', profileId: actor.id, detail: { schedule_changed: false, document_only: true } });
      return c.id;
    }
    const rebuilt = await rebuildUnpaid(tx, c, storedTerms(c), parkToday(now, actor.park.timeZone), actor.id);
    if (rebuilt.changed) {
      await tx
        .update(contracts)
        .set({ totalAmount: rebuilt.totalAmount, remainingAmount: rebuilt.remaining, nextDueDate: await nextDueDate(tx, c.id), updatedAt: now })
        .where(eq(contracts.id, c.id));
    }
    await recordContractEvent(tx, { parkId, contractId: c.id, kind: 'regenerated', profileId: actor.id, detail: { schedule_changed: rebuilt.changed, instalments: rebuilt.count } });
    return c.id;
  });
  await newDocumentVersion(deps, contractId, actor.id);
  return getContractDetail(deps, actor, contractId, now);
}

