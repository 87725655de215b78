import { eq } from 'drizzle-orm';
import type { TParkAmount, TParkSold, TParkTransaction } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { balanceOf, ledgerAccount, post } from '../ledger/ledger.service.ts';
import { pnlAccountIdByCode } from '../withdrawals/withdraw-fees-account.ts';
import { amountInMinor, lockCaissesForMovement, recordSettledMovement } from './caisse-movements.ts';
import { parkTransactionView, pendingWithdrawalsMinor } from './park-transactions.ts';
import { parkTransactions } from './treasury.tables.ts';
import type { PaymentProvider } from '../withdrawals/withdrawals.tables.ts';

/**
 * The park balance: money received by mobile money (recipes, payments), held in one ledger account
 * of kind 'park_balance' per park. It is withdrawn to mobile-money wallets (withdrawals module),
 * moved into a caisse (credit-account), and fed by incoming payments (recordIncomingPayment).
 */

export function parkBalanceAccount(db: Db | Tx, parkId: string): Promise<string> {
  return ledgerAccount(db, parkId, 'park_balance', null);
}

/** GET /park/amount/{id}: what the balance holds, in the park currency. */
export async function parkAmount(db: Db, acting: ActingProfile): Promise<TParkAmount> {
  const minor = await balanceOf(db, await parkBalanceAccount(db, acting.parkId));
  return { amount: fromMinor(minor, acting.park.currency), currency: { name: acting.park.currency } };
}

/** GET /park/sold/{id}: the balance, and what withdrawals still pending have already taken off it. */
export async function parkSold(db: Db, acting: ActingProfile): Promise<TParkSold> {
  const [minor, pending] = await Promise.all([balanceOf(db, await parkBalanceAccount(db, acting.parkId)), pendingWithdrawalsMinor(db, acting.parkId)]);
  const c = acting.park.currency;
  return { sold: fromMinor(minor, c), pending_withdrawals: fromMinor(pending, c), currency: { name: c } };
}

/**
 * POST /transaction/credit-account: the park balance tops up a caisse, at once (no provider in
 * between): park_balance -A, caisse +A, one success transaction. Refused when the balance lacks A.
 */
export async function creditAccount(db: Db, acting: ActingProfile, input: { caisse_id: string; amount: number; comment?: string; description?: string }): Promise<TParkTransaction> {
  const amount = amountInMinor(input.amount, acting.park.currency);
  const id = await db.transaction(async (tx) => {
    const caisse = [...(await lockCaissesForMovement(tx, acting, [input.caisse_id])).values()][0];
    const row = await recordSettledMovement(tx, acting, {
      type: 'credit_account',
      amount,
      fromAccount: await parkBalanceAccount(tx, acting.parkId),
      toAccount: await ledgerAccount(tx, acting.parkId, 'caisse', caisse.id),
      caisseId: caisse.id,
      reason: input.comment ?? input.description ?? null,
      memo: `Approvisionnement de la caisse ${caisse.name} depuis le solde du parc`,
    });
    return row.id;
  });
  return parkTransactionView(db, acting.parkId, acting.park, id);
}

export interface IncomingPayment {
  parkId: string;
  /** Minor units of the park currency, above zero. */
  amount: number;
  provider: PaymentProvider;
  /** The provider's id of the payment: a payment is recorded once (unique per provider). */
  providerRef: string;
  /** The P&L sub-account the revenue is filed under; the park's 'recette' account by default. */
  subAccountId?: string;
  createdBy?: string | null;
  phone?: string | null;
  reason?: string | null;
}

/**
 * Money received by mobile money into the park balance (recipes, payments; the demo and tests
 * fund balances with it): park_balance +A, pnl(S) -A, a 'payment' transaction in success. Runs in
 * the caller's transaction so it commits with the recipe or payment it belongs to.
 */
export async function recordIncomingPayment(tx: Tx, p: IncomingPayment): Promise<{ transactionId: string; postingId: string }> {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw new Error('recordIncomingPayment: amount must be a positive integer of minor units');
  const subAccountId = p.subAccountId ?? (await pnlAccountIdByCode(tx, p.parkId, 'recette'));
  if (!subAccountId) throw new AppError('NOT_FOUND', { message: "Le sous-compte 'recette' du parc est introuvable" });
  const [row] = await tx
    .insert(parkTransactions)
    .values({
      parkId: p.parkId,
      type: 'payment',
      status: 'success',
      amount: p.amount,
      provider: p.provider,
      providerRef: p.providerRef,
      phone: p.phone ?? null,
      reason: p.reason ?? null,
      createdBy: p.createdBy ?? null,
      completedAt: new Date(),
    })
    .returning({ id: parkTransactions.id });
  const postingId = await post(tx, {
    parkId: p.parkId,
    sourceKind: 'park_payment',
    sourceId: row.id,
    memo: p.reason ?? 'Paiement reçu par mobile money',
    createdBy: p.createdBy ?? null,
    lines: [
      { accountId: await parkBalanceAccount(tx, p.parkId), amount: p.amount },
      { accountId: await ledgerAccount(tx, p.parkId, 'pnl', subAccountId), amount: -p.amount },
    ],
  });
  await tx.update(parkTransactions).set({ postingId }).where(eq(parkTransactions.id, row.id));
  return { transactionId: row.id, postingId };
}
