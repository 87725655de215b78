import type { Tx } from '../../platform/db/database.ts';
import { ledgerAccount, post } from '../ledger/ledger.service.ts';
import { caisseLedgerAccount } from '../treasury/caisse-accounts.ts';
import type { TPnlType } from '@flotte/contract';

/** What the ledger names an operation's postings by (ledger_postings.source_kind). */
export const OPERATION_SOURCE = 'fund_movement';

/**
 * Posts a confirmed operation (design section 3): a revenue of A into caisse C under sub-account S
 * is caisse(C) +A, pnl(S) −A; an expense is the opposite, refused with INSUFFICIENT_FUNDS when C
 * holds less than A. Runs in the caller's transaction, with the operation's row.
 */
export async function postOperation(
  tx: Tx,
  op: { id: string; parkId: string; type: TPnlType; amount: number; caisseId: string; subAccountId: string },
  v: { createdBy: string; memo: string },
): Promise<string> {
  const caisse = await caisseLedgerAccount(tx, op.parkId, op.caisseId);
  const pnl = await ledgerAccount(tx, op.parkId, 'pnl', op.subAccountId);
  const into = op.type === 'profit' ? op.amount : -op.amount;
  return post(tx, {
    parkId: op.parkId,
    sourceKind: OPERATION_SOURCE,
    sourceId: op.id,
    memo: v.memo,
    createdBy: v.createdBy,
    lines: [
      { accountId: caisse, amount: into },
      { accountId: pnl, amount: -into },
    ],
  });
}
