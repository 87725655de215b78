import type { TCaisseMovement } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { post } from '../ledger/ledger.service.ts';
import { caisseLedgerAccount } from './caisse-accounts.ts';
import { amountInMinor, lockCaissesForMovement, movementView } from './caisse-movements.ts';
import { parkTransactions } from './treasury.tables.ts';

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
    const id = uuidv7();
    const fromAccount = await caisseLedgerAccount(tx, acting.parkId, from);
    const toAccount = await caisseLedgerAccount(tx, acting.parkId, to);
    const postingId = await post(tx, {
      parkId: acting.parkId,
      sourceKind: 'transfer',
      sourceId: id,
      memo: input.comment ?? null,
      createdBy: acting.id,
      lines: [
        { accountId: fromAccount, amount: -amount },
        { accountId: toAccount, amount },
      ],
    });
    const [inserted] = await tx
      .insert(parkTransactions)
      .values({
        id,
        parkId: acting.parkId,
        type: 'transfer',
        status: 'success',
        amount,
        caisseId: from,
        targetCaisseId: to,
        reason: input.comment ?? null,
        postingId,
        createdBy: acting.id,
        completedAt: new Date(),
      })
      .returning();
    return inserted;
  });
  return movementView(row, acting);
}
