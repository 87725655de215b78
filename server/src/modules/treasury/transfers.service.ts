import type { TCaisseMovement } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { caisseLedgerAccount } from './caisse-accounts.ts';
import { amountInMinor, lockCaissesForMovement, movementView, recordSettledMovement } from './caisse-movements.ts';

export interface TransferInput {
  from_caisse_id: string;
  to_caisse_id: string;
  amount: number;
  comment?: string;
}

/**
 * POST /caisse/transfer (CAISSE_TRANSFERT): moves cash from one caisse to another. One park
 * transaction (type 'transfer', success at once: nothing outside the park is involved) and one
 * ledger posting, caisse(from) -A and caisse(to) +A, in one database transaction. The ledger locks
 * both accounts and refuses to take the first below zero, so concurrent transfers out of one caisse
 * never overdraw it.
 */
export async function transferBetweenCaisses(db: Db, acting: ActingProfile, input: TransferInput): Promise<TCaisseMovement> {
  const from = input.from_caisse_id.toLowerCase();
  const to = input.to_caisse_id.toLowerCase();
  if (from === to) throw new AppError('TRANSFER_SAME_CAISSE');
  const amount = amountInMinor(input.amount, acting.park.currency);
  const row = await db.transaction(async (tx) => {
    await lockCaissesForMovement(tx, acting, [from, to]);
    return recordSettledMovement(tx, acting, {
      type: 'transfer',
      amount,
      fromAccount: await caisseLedgerAccount(tx, acting.parkId, from),
      toAccount: await caisseLedgerAccount(tx, acting.parkId, to),
      caisseId: from,
      targetCaisseId: to,
      reason: input.comment ?? null,
    });
  });
  return movementView(row, acting);
}
