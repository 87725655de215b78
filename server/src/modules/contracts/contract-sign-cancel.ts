import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { TContractDetail, ZContractCancel, ZContractSign } from '@flotte/contract/contracts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { getContractDetail, parkToday } from './contract-detail.ts';
import { profilePersonName, recordContractEvent } from './contract-history.ts';
import { materialiseDue, newDocumentVersion, releaseRecipes } from './contract-hooks.ts';
import { lockContract, nextDueDate } from './contract-terms.ts';
import type { ContractsDeps } from './contracts.deps.ts';
import { contractInstalments, contracts, contractSignatures } from './contracts.tables.ts';

/**
 * Signing and cancelling, each in one transaction behind the contract's row lock, so two at once
 * do one thing and the other answers 409.
 */

/**
 * POST /contract/{id}/sign: PENDING only. Records who signed (profile and name), when and which
 * document version (the body's, else the current one); the contract becomes ACTIVE. A driver's
 * instalments already due get their recipes at once. The document's new version prints the record.
 */
export async function signContract(deps: ContractsDeps, actor: ActingProfile, id: string, input: z.output<typeof ZContractSign>, now = new Date()): Promise<TContractDetail> {
  const parkId = actor.parkId;
  const contractId = await deps.db.transaction(async (tx) => {
    const c = await lockContract(tx, parkId, id);
    if (c.status === 'ACTIVE') throw new AppError('CONTRACT_ALREADY_SIGNED');
    if (c.status === 'EXPIRED') throw new AppError('CONTRACT_ENDED');
    if (c.status === 'CANCELLED') throw new AppError('CONTRACT_CANCELLED');
    const version = input.document_version ?? c.documentVersion;
    if (version > c.documentVersion) throw new AppError('CONTRACT_DOCUMENT_VERSION_UNKNOWN');
    const signerName = await profilePersonName(tx, actor.id);
    await tx.insert(contractSignatures).values({ parkId, contractId: c.id, profileId: actor.id, signerName, documentVersion: version, signedAt: now });
    await tx.update(contracts).set({ status: 'ACTIVE', signedAt: now, signedBy: actor.id, updatedAt: now }).where(eq(contracts.id, c.id));
    await recordContractEvent(tx, { parkId, contractId: c.id, kind: 'signed', profileId: actor.id, actorName: signerName, detail: { document_version: version } });
    if (c.contractType === 'DRIVER') await materialiseDue(tx, { parkId, contractId: c.id, uptoDay: parkToday(now, actor.park.timeZone), actorId: actor.id });
    return c.id;
  });
  await newDocumentVersion(deps, contractId, actor.id);
  return getContractDetail(deps, actor, contractId, now);
}

/**
 * POST and PUT /contract/{id}/cancel: PENDING or ACTIVE only, irreversible. Instalments not yet due
 * and not begun are dropped ('cancelled'); those due (or begun) and unpaid are written off or stay
 * due as the driver's debt (a partner's stay payable), as the person cancelling chose. The figures
 * keep total_paid + remaining_amount = total_amount: the total stays, remaining is what was unpaid.
 */
export async function cancelContract(deps: ContractsDeps, actor: ActingProfile, id: string, input: z.output<typeof ZContractCancel>, now = new Date()): Promise<TContractDetail> {
  const parkId = actor.parkId;
  const today = parkToday(now, actor.park.timeZone);
  const contractId = await deps.db.transaction(async (tx) => {
    const c = await lockContract(tx, parkId, id);
    if (c.status === 'CANCELLED') throw new AppError('CONTRACT_ALREADY_CANCELLED');
    if (c.status === 'EXPIRED') throw new AppError('CONTRACT_ENDED');
    const open = await tx
      .select({ id: contractInstalments.id, dueDate: contractInstalments.dueDate, amount: contractInstalments.amount, paidAmount: contractInstalments.paidAmount })
      .from(contractInstalments)
      .where(and(eq(contractInstalments.contractId, c.id), eq(contractInstalments.status, 'due')));
    const future = open.filter((i) => i.dueDate > today && i.paidAmount === 0).map((i) => i.id);
    const due = open.filter((i) => i.dueDate <= today || i.paidAmount > 0);
    const dueLeft = due.reduce((s, i) => s + i.amount - i.paidAmount, 0);
    if (future.length) {
      if (c.contractType === 'DRIVER') await releaseRecipes(tx, parkId, future, 'cancelled', actor.id);
      await tx.update(contractInstalments).set({ status: 'cancelled' }).where(and(eq(contractInstalments.contractId, c.id), inArray(contractInstalments.id, future)));
    }
    if (input.debt_mode === 'write_off' && due.length) {
      if (c.contractType === 'DRIVER') await releaseRecipes(tx, parkId, due.map((i) => i.id), 'write_off', actor.id);
      await tx
        .update(contractInstalments)
        .set({ status: 'written_off' })
        .where(and(eq(contractInstalments.contractId, c.id), eq(contractInstalments.status, 'due'), or(lte(contractInstalments.dueDate, today), gt(contractInstalments.paidAmount, 0))));
    }
    await tx
      .update(contracts)
      .set({ status: 'CANCELLED', cancelledAt: now, cancelledBy: actor.id, cancelReason: input.reason, cancelDebtMode: input.debt_mode, nextDueDate: await nextDueDate(tx, c.id), updatedAt: now })
      .where(eq(contracts.id, c.id));
    const currency = actor.park.currency;
    await recordContractEvent(tx, {
      parkId,
      contractId: c.id,
      kind: 'cancelled',
      profileId: actor.id,
      detail: {
        reason: input.reason,
        debt_mode: input.debt_mode,
        instalments_cancelled: future.length,
        [input.debt_mode === 'write_off' ? 'written_off' : 'kept_as_debt']: fromMinor(dueLeft, currency),
      },
    });
    return c.id;
  });
  return getContractDetail(deps, actor, contractId, now);
}
