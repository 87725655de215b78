import type { TCaisseMovement } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { ledgerAccount, post } from '../ledger/ledger.service.ts';
import { caisseLedgerAccount } from './caisse-accounts.ts';
import { amountInMinor, lockCaissesForMovement, movementView } from './caisse-movements.ts';
import { parkTransactions } from './treasury.tables.ts';

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
    const id = uuidv7();
    const external = await ledgerAccount(tx, acting.parkId, 'external', null);
    const caisseAccount = await caisseLedgerAccount(tx, acting.parkId, caisseId);
    const postingId = await post(tx, {
      parkId: acting.parkId,
      sourceKind: 'bank_deposit',
      sourceId: id,
      memo: input.description ?? null,
      createdBy: acting.id,
      lines: [
        { accountId: external, amount: -amount },
        { accountId: caisseAccount, amount },
      ],
    });
    const [inserted] = await tx
      .insert(parkTransactions)
      .values({
        id,
        parkId: acting.parkId,
        type: 'bank_deposit',
        status: 'success',
        amount,
        caisseId,
        reason: input.description ?? null,
        postingId,
        createdBy: acting.id,
        completedAt: new Date(),
      })
      .returning();
    return inserted;
  });
  return movementView(row, acting);
}
