import { eq, sql } from 'drizzle-orm';
import { buildSchedule } from '@flotte/contract/contract-schedule';
import type { z } from 'zod';
import { CONTRACT_MESSAGES as M, type TContractDetail, type TContractType, type ZDriverContractCreate, type ZPartnerContractCreate } from '@flotte/contract/contracts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { fieldError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { getContractDetail } from './contract-detail.ts';
import { recordContractEvent } from './contract-history.ts';
import { newDocumentVersion } from './contract-hooks.ts';
import {
  assertContractType,
  assertFree,
  assertParkDriver,
  assertParkOwner,
  insertInstalments,
  lockParkContracts,
  minorOf,
  parkVehicle,
  scheduled,
  scheduleTerms,
} from './contract-terms.ts';
import type { ContractsDeps } from './contracts.deps.ts';
import { contracts } from './contracts.tables.ts';

/**
 * POST /contract/driver and /contract/partner. The body's amounts in minor units and the schedule
 * first (400 on the field), then the parties in the park (404), then, in one transaction behind
 * the park's contracts lock: the vehicle (and driver) have no other open contract (409), the next
 * number, the contract PENDING with all its instalments, and a 'created' event. The document's
 * first version is made after the commit.
 */

export type DriverContractInput = z.output<typeof ZDriverContractCreate>;
export type PartnerContractInput = z.output<typeof ZPartnerContractCreate>;
type Input = DriverContractInput | PartnerContractInput;

async function createContract(deps: ContractsDeps, actor: ActingProfile, type: TContractType, input: Input): Promise<TContractDetail> {
  const parkId = actor.parkId;
  const { currency } = actor.park;
  const frequencyAmount = minorOf(input.frequency_amount, currency, 'frequency_amount', M.frequencyAmount);
  const totalAmount = input.total_amount === undefined ? null : minorOf(input.total_amount, currency, 'total_amount', M.totalAmount);
  if (type === 'DRIVER' && totalAmount === null) throw fieldError('total_amount', M.totalAmount);
  const startTime = input.payment_frequency === 'hourly' ? (input.start_time ?? null) : null;
  const endDate = input.end_date ?? null;
  const schedule = scheduled(
    buildSchedule(scheduleTerms({ contractType: type, paymentFrequency: input.payment_frequency, frequencyAmount, totalAmount, startDate: input.start_date, startTime, endDate })),
  );

  const vehicle = await parkVehicle(deps.db, parkId, input.vehicle_id);
  const driverId = type === 'DRIVER' ? (input as DriverContractInput).driver_id : null;
  if (driverId) await assertParkDriver(deps.db, parkId, driverId);
  let ownerId: string | null = vehicle.ownerId;
  if (type === 'PARTNER') {
    const asked = (input as PartnerContractInput).vehicle_owner_id;
    if (asked) await assertParkOwner(deps.db, parkId, asked);
    ownerId = asked ?? vehicle.ownerId;
    if (!ownerId) throw fieldError('vehicle_owner_id', M.owner);
  }
  const typeId = input.contract_type_id;
  await assertContractType(deps.db, parkId, typeId);

  const id = await deps.db.transaction(async (tx) => {
    await lockParkContracts(tx, parkId);
    await assertFree(tx, parkId, { contractType: type, vehicleId: vehicle.id, driverId });
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${contracts.number}), 0)::int + 1` })
      .from(contracts)
      .where(eq(contracts.parkId, parkId));
    const first = schedule.instalments[0];
    const [row] = await tx
      .insert(contracts)
      .values({
        parkId,
        number: next,
        contractType: type,
        status: 'PENDING',
        vehicleContractTypeId: typeId ?? null,
        vehicleId: vehicle.id,
        vehicleOwnerId: ownerId,
        driverId,
        totalAmount: schedule.totalAmount,
        frequencyAmount,
        paymentFrequency: input.payment_frequency,
        startDate: input.start_date,
        endDate: endDate ?? schedule.endDate,
        startTime,
        nextDueDate: first?.dueDate ?? null,
        totalPaid: 0,
        remainingAmount: schedule.totalAmount,
        clauses: input.clauses ?? null,
        description: input.description ?? null,
        createdBy: actor.id,
      })
      .returning({ id: contracts.id });
    await insertInstalments(tx, parkId, row.id, schedule.instalments);
    await recordContractEvent(tx, {
      parkId,
      contractId: row.id,
      kind: 'created',
      profileId: actor.id,
      detail: { contract_type: type, total_amount: fromMinor(schedule.totalAmount, currency), instalments: schedule.instalments.length },
    });
    return row.id;
  });
  await newDocumentVersion(deps, id, actor.id);
  return getContractDetail(deps, actor, id);
}

export function createDriverContract(deps: ContractsDeps, actor: ActingProfile, input: DriverContractInput): Promise<TContractDetail> {
  return createContract(deps, actor, 'DRIVER', input);
}

export function createPartnerContract(deps: ContractsDeps, actor: ActingProfile, input: PartnerContractInput): Promise<TContractDetail> {
  return createContract(deps, actor, 'PARTNER', input);
}
