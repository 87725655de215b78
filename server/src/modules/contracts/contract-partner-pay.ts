import { and, eq, ne, sql } from 'drizzle-orm';
import { ownerDisplayName } from '@flotte/contract';
import type { TContractDetail } from '@flotte/contract/contracts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { fromMinor } from '../../platform/money.ts';
import { maintenanceSubAccounts } from '../operations/maintenance-expense.ts';
import { recordCaisseOperation } from '../operations/operation-record.ts';
import { vehicleOwners } from '../owners/owners.tables.ts';
import { caisseOfPark, defaultCashCaisse } from '../treasury/caisse-accounts.ts';
import { assertCaisseUsable } from '../treasury/caisse-access.ts';
import { getContractDetail } from './contract-detail.ts';
import { recordContractEvent } from './contract-history.ts';
import { instalmentRecipeComment, syncContractFigures } from './contract-instalments.ts';
import { contractReference } from './contract-view.ts';
import type { ContractsDeps } from './contracts.deps.ts';
import { contractInstalments, contracts } from './contracts.tables.ts';

/**
 * POST /contract/{id}/instalments/{seq}/pay: the park pays a partner (the vehicle's owner) one
 * instalment of his contract, on or after its due day, once the park's owner confirms it (only he
 * may: money leaves a caisse to someone outside the park). One expense under the park's
 * 'contract_partner' sub-account, naming the vehicle, from the caisse chosen (or the default cash
 * account), written by the operations' writer, so it files, posts and lists as every expense;
 * the caisse must hold it (the ledger refuses otherwise, and nothing is written). The instalment
 * is locked first and must still be due: a second payment of it is refused and pays nothing.
 */
export async function payPartnerInstalment(
  deps: ContractsDeps,
  acting: ActingProfile,
  contractId: string,
  seq: number,
  body: { caisse_id?: string; comment?: string },
): Promise<TContractDetail> {
  if (!acting.isOwner) throw new AppError('CONTRACT_OWNER_ONLY');
  if (!UUID_PATTERN.test(contractId)) throw new AppError('CONTRACT_NOT_FOUND');
  const { db } = deps;
  const parkId = acting.parkId;
  // Read before the transaction (on the embedded database a read outside it would wait for it).
  const caisse = body.caisse_id ? await caisseOfPark(db, parkId, body.caisse_id) : await defaultCashCaisse(db, parkId);
  await assertCaisseUsable(db, acting, caisse);
  const subAccount = (await maintenanceSubAccounts(db, parkId, ['contract_partner'])).get('contract_partner')!;
  const today = toWireDate(new Date(), acting.park.timeZone).slice(0, 10);

  await db.transaction(async (tx) => {
    const [c] = await tx.select().from(contracts).where(and(eq(contracts.parkId, parkId), eq(contracts.id, contractId))).for('update');
    if (!c) throw new AppError('CONTRACT_NOT_FOUND');
    if (c.contractType !== 'PARTNER') throw new AppError('CONTRACT_NOT_PARTNER');
    if (!(c.status === 'ACTIVE' || (c.status === 'CANCELLED' && c.cancelDebtMode === 'keep_debt'))) throw new AppError('CONTRACT_NOT_COLLECTABLE');
    const [i] = await tx
      .select()
      .from(contractInstalments)
      .where(and(eq(contractInstalments.contractId, c.id), eq(contractInstalments.seq, seq)))
      .for('update');
    if (!i) throw new AppError('CONTRACT_INSTALMENT_NOT_FOUND');
    if (i.status === 'paid') throw new AppError('CONTRACT_INSTALMENT_ALREADY_PAID');
    if (i.status !== 'due') throw new AppError('CONTRACT_INSTALMENT_CLOSED');
    if (i.dueDate > today) throw new AppError('CONTRACT_INSTALMENT_NOT_DUE_YET');
    const amount = i.amount - i.paidAmount;

    const [owner] = c.vehicleOwnerId
      ? await tx
          .select({ first_name: vehicleOwners.firstName, last_name: vehicleOwners.lastName, business_name: vehicleOwners.businessName })
          .from(vehicleOwners)
          .where(eq(vehicleOwners.id, c.vehicleOwnerId))
      : [];
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(contractInstalments)
      .where(and(eq(contractInstalments.contractId, c.id), ne(contractInstalments.status, 'cancelled')));
    const { rows: [y] } = await tx.execute<{ year: number }>(sql`select extract(year from ${c.createdAt.toISOString()}::timestamptz at time zone ${acting.park.timeZone})::int as year`);
    const label = instalmentRecipeComment(i.seq, count, contractReference(y.year, c.number));
    const now = new Date();
    const operationId = await recordCaisseOperation(tx, {
      parkId,
      type: 'perte',
      subAccount,
      caisseId: caisse.id,
      amount,
      operationDate: now,
      comment: body.comment || (owner ? `${label}\u00a0: ${ownerDisplayName(owner)}` : label),
      vehicleId: c.vehicleId,
      createdBy: acting.id,
      pending: false,
    });
    await tx
      .update(contractInstalments)
      .set({ paidAmount: i.amount, status: 'paid', paidAt: now, fundMovementId: operationId, paidBy: acting.id })
      .where(eq(contractInstalments.id, i.id));
    await recordContractEvent(tx, {
      parkId,
      contractId: c.id,
      kind: 'payment',
      profileId: acting.id,
      detail: { amount: fromMinor(amount, acting.park.currency), method: 'caisse', caisse: caisse.name, instalments: [{ seq: i.seq, amount: fromMinor(amount, acting.park.currency) }] },
    });
    await syncContractFigures(tx, [c.id], { actorId: acting.id });
  });
  return getContractDetail(deps, acting, contractId);
}
