import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { balanceOf, ledgerAccount, post } from '../ledger/ledger.service.ts';
import { caisseLedgerAccount } from '../treasury/caisse-accounts.ts';
import { parkBalanceAccount } from '../treasury/park-balance.ts';
import type { TPnlType } from '@flotte/contract';

/** What the ledger names an operation's postings by (ledger_postings.source_kind). */
export const OPERATION_SOURCE = 'fund_movement';

/** Where an operation's money is held (fund_movements.funding). */
export type OperationFunding = 'caisse' | 'park_balance' | 'driver_balance' | 'client_receivable' | 'yango_balance';

export interface PostableOperation {
  id: string;
  parkId: string;
  type: TPnlType;
  amount: number;
  caisseId: string | null;
  funding: OperationFunding;
  driverId: string | null;
  /** client_receivable: the client who owes the revenue. */
  clientId?: string | null;
  subAccountId: string;
}

/**
 * The ledger account that holds an operation's money: its caisse, the park's mobile-money balance,
 * or the driver's balance. A driver's balance is what the park owes him (his "sold"), so it is a
 * liability and reads negative in the ledger: sold = -balance.
 */
async function holderAccount(tx: Tx, op: PostableOperation): Promise<string> {
  if (op.funding === 'park_balance') return parkBalanceAccount(tx, op.parkId);
  if (op.funding === 'yango_balance') return ledgerAccount(tx, op.parkId, 'yango', null);
  if (op.funding === 'client_receivable') {
    if (!op.clientId) throw new Error('postOperation: a receivable needs its client');
    return ledgerAccount(tx, op.parkId, 'client_receivable', op.clientId);
  }
  if (op.funding === 'driver_balance') {
    if (!op.driverId) throw new Error('postOperation: an operation on a driver balance needs its driver');
    return ledgerAccount(tx, op.parkId, 'driver_balance', op.driverId);
  }
  if (!op.caisseId) throw new Error('postOperation: an operation held in a caisse needs its caisse');
  return caisseLedgerAccount(tx, op.parkId, op.caisseId);
}

/**
 * Posts a confirmed operation (design section 3): a revenue of A into holder H under sub-account S
 * is H +A, pnl(S) −A; an expense is the opposite, refused with INSUFFICIENT_FUNDS when H holds less
 * than A. Paid from a driver's balance, the revenue takes A off his sold, which can't go below zero.
 * Runs in the caller's transaction, with the operation's row.
 */
export async function postOperation(tx: Tx, op: PostableOperation, v: { createdBy: string; memo: string }): Promise<string> {
  const holder = await holderAccount(tx, op);
  const pnl = await ledgerAccount(tx, op.parkId, 'pnl', op.subAccountId);
  const into = op.type === 'profit' ? op.amount : -op.amount;
  const postingId = await post(tx, {
    parkId: op.parkId,
    sourceKind: OPERATION_SOURCE,
    sourceId: op.id,
    memo: v.memo,
    createdBy: v.createdBy,
    lines: [
      { accountId: holder, amount: into },
      { accountId: pnl, amount: -into },
    ],
  });
  // The posting locked the driver's account, so this read is the balance it left.
  if (op.funding === 'driver_balance' && (await balanceOf(tx, holder)) > 0) throw new AppError('INSUFFICIENT_FUNDS');
  return postingId;
}
