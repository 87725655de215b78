import { and, eq, sql } from 'drizzle-orm';
import { contractRecordLink, OWNER_ROLE } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { findDriverRow } from '../drivers/drivers.queries.ts';
import { notifyHolders } from '../notifications/notify.ts';
import { insertOwnerRecord } from '../owners/owners.service.ts';
import { deactivateVehicleInTx, setVehicleOwnerInTx } from '../vehicles/vehicles.service.ts';
import { recordContractEvent } from './contract-history.ts';
import { contractReference } from './contract-view.ts';
import type { ContractsDeps } from './contracts.deps.ts';
import { contracts } from './contracts.tables.ts';

/**
 * The end of a hire purchase (issue 19 section 1): when a driver contract's last instalment is
 * paid, in the transaction of that payment, the contract ends (EXPIRED, paid_off_at), an owner
 * record is made for the driver and becomes the vehicle's owner, the history says so, and the
 * park's contract managers (the owner among them) are told to confirm the handover. The vehicle
 * stays in the active fleet until the park's owner confirms it (POST /contract/{id}/handover): a
 * car still on the road this week keeps its planning and recipes until he says it left.
 */

type ContractRecord = typeof contracts.$inferSelect;

export async function markPaidOff(tx: Tx, c: ContractRecord, actorId: string | null): Promise<void> {
  const now = new Date();
  let newOwnerId: string | null = null;
  if (c.driverId) {
    const driver = (await findDriverRow(tx, c.parkId, c.driverId))?.driver;
    if (driver) {
      newOwnerId = await insertOwnerRecord(tx, c.parkId, {
        type: 'individuel',
        firstName: driver.firstName,
        lastName: driver.lastName,
        phone: driver.phone,
        email: driver.email,
      });
      await setVehicleOwnerInTx(tx, c.parkId, c.vehicleId, newOwnerId);
    }
  }
  await tx
    .update(contracts)
    .set({ status: 'EXPIRED', paidOffAt: now, expiredAt: now, newOwnerId, nextDueDate: null, updatedAt: now })
    .where(eq(contracts.id, c.id));
  await recordContractEvent(tx, {
    parkId: c.parkId,
    contractId: c.id,
    kind: 'paid_off',
    detail: { new_owner_id: newOwnerId },
    profileId: actorId,
  });
  // The reference's year, as the detail prints it (creation, in the park's time zone).
  const { rows: [row] } = await tx.execute<{ year: number }>(
    sql`select extract(year from c.created_at at time zone p.time_zone)::int as year from contracts c join parks p on p.id = c.park_id where c.id = ${c.id}`,
  );
  const reference = contractReference(row?.year ?? now.getUTCFullYear(), c.number);
  await notifyHolders(tx, {
    parkId: c.parkId,
    permission: 'MANAGE_CONTRACTS',
    kind: 'contract_paid_off',
    title: `Contrat ${reference} soldé`,
    body: 'Le chauffeur a payé la totalité de son véhicule et en est désormais le propriétaire. Le propriétaire de la flotte doit confirmer la remise du véhicule pour le retirer de la flotte active.',
    link: contractRecordLink(c.id),
    dedupeKey: `contract_paid_off:${c.id}`,
  });
}

/**
 * POST /contract/{id}/handover: the park's owner confirms the paid-off vehicle was handed to the
 * driver; it leaves the active fleet (status 'deactivated'). Once only.
 */
export async function confirmHandover(deps: Pick<ContractsDeps, 'db'>, acting: ActingProfile, contractId: string): Promise<void> {
  if (acting.role !== OWNER_ROLE) throw new AppError('CONTRACT_HANDOVER_OWNER_ONLY');
  if (!UUID_PATTERN.test(contractId)) throw new AppError('CONTRACT_NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    const [c] = await tx.select().from(contracts).where(and(eq(contracts.parkId, acting.parkId), eq(contracts.id, contractId))).for('update');
    if (!c) throw new AppError('CONTRACT_NOT_FOUND');
    if (c.contractType !== 'DRIVER' || !c.paidOffAt) throw new AppError('CONTRACT_NOT_PAID_OFF');
    if (c.handoverConfirmedAt) throw new AppError('CONTRACT_ALREADY_HANDED_OVER');
    const now = new Date();
    await tx.update(contracts).set({ handoverConfirmedAt: now, handoverConfirmedBy: acting.id, updatedAt: now }).where(eq(contracts.id, c.id));
    await deactivateVehicleInTx(tx, c.parkId, c.vehicleId);
    await recordContractEvent(tx, { parkId: c.parkId, contractId: c.id, kind: 'handover', detail: { vehicle_id: c.vehicleId }, profileId: acting.id });
  });
}
