import type { TCaisseMovement } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ledgerAccount } from '../ledger/ledger.service.ts';
import { caisseLedgerAccount } from './caisse-accounts.ts';
import { amountInMinor, lockCaissesForMovement, movementView, recordSettledMovement } from './caisse-movements.ts';

export interface BankOperationInput {
  amount: number;
  description?: string;
  caisse_id: string;
}

/**
 * POST /transaction/bank-operation (CAISSE_TRANSFERT; the bank-operation form of spec 001): cash
 * brought from the bank into a caisse. The money comes from outside the park, so the posting is
 * external(park) -A, caisse +A; it is no revenue (the P&L is untouched). One park transaction of
 * type 'bank_deposit', success at once, in the same database transaction.
 */
export async function recordBankOperation(db: Db, acting: ActingProfile, input: BankOperationInput): Promise<TCaisseMovement> {
  const caisseId = input.caisse_id.toLowerCase();
  const amount = amountInMinor(input.amount, acting.park.currency);
  const row = await db.transaction(async (tx) => {
    await lockCaissesForMovement(tx, acting, [caisseId]);
    return recordSettledMovement(tx, acting, {
      type: 'bank_deposit',
      amount,
      fromAccount: await ledgerAccount(tx, acting.parkId, 'external', null),
      toAccount: await caisseLedgerAccount(tx, acting.parkId, caisseId),
      caisseId,
      reason: input.description ?? null,
    });
  });
  return movementView(row, acting);
}
