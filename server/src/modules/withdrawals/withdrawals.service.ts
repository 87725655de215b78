import { and, asc, eq, lt } from 'drizzle-orm';
import { WITHDRAW_MESSAGES as M, withdrawalFeeMinor, type TParkTransaction } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { currencyDecimals, fromMinor, toMinor } from '../../platform/money.ts';
import type { PaymentGateway } from '../../platform/payments/payments.ts';
import { PayoutOutcomeUnknown, type PayoutProvider, type PayoutRequest, type PayoutResult } from '../../platform/payments/payments.types.ts';
import { ledgerAccount, post, reverse } from '../ledger/ledger.service.ts';
import { lockCaissesForMovement } from '../treasury/caisse-movements.ts';
import { parkBalanceAccount } from '../treasury/park-balance.ts';
import { parkTransactionRow, parkTransactionView, type ParkTransactionRow, type ParkView } from '../treasury/park-transactions.ts';
import { parkTransactions } from '../treasury/treasury.tables.ts';
import { meansOfPark, parkPlace } from './withdraw-means.service.ts';
import { ensureWithdrawFeesAccount } from './withdraw-fees-account.ts';

/**
 * Withdrawals from the park balance (or a caisse) to a mobile-money wallet (spec 001 sections 2.3,
 * 4, 5; issue 5 section 5). The order is what keeps money safe:
 *
 * 1. One database transaction takes amount + fee off the balance (the ledger refuses what the
 *    balance lacks, under its lock, so 100 concurrent withdrawals of the whole balance make one)
 *    and records the transaction 'pending' with its posting:
 *      source -(A+F), external +A, pnl(withdraw_fees) +F.
 * 2. Then, outside any database transaction, the provider is asked to pay, with our transaction
 *    id as its idempotency key / client reference.
 * 3. Its answer settles the transaction: success; failed -> the posting is reversed (a visible
 *    reversing entry gives the money back) and the transaction is failed; no answer (timeout,
 *    crash, 5xx) -> it stays pending.
 *
 * A pending transaction is settled later by the status check (GET /transaction/check-status/{id},
 * and the minute job for those pending longer than PAYMENTS_RECONCILE_AFTER_S): it asks the
 * provider by our reference and settles; a payout the provider never received is sent again under
 * the same reference, which the provider deduplicates. Settling locks the row and acts only on a
 * pending one, so however many checks race, the money moves back at most once.
 */

export interface WithdrawDeps {
  db: Db;
  payments: PaymentGateway;
  /** Payouts pending longer than this may be re-sent when the provider never received them. */
  resendAfterSeconds: number;
  log?: { warn(obj: object, msg: string): void };
}

function providerOf(deps: WithdrawDeps, name: string | null): PayoutProvider {
  const p = name ? deps.payments.provider(name as 'wave') : null;
  if (!p) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  return p;
}

function amountInMinor(amount: number, currency: string): number {
  let minor: number;
  try {
    minor = toMinor(amount, currency);
  } catch {
    throw fieldError('amount', M.amountInvalid);
  }
  if (minor <= 0) throw fieldError('amount', M.amountPositive);
  return minor;
}

async function payoutRequestOf(deps: WithdrawDeps, row: ParkTransactionRow): Promise<PayoutRequest> {
  const place = await parkPlace(deps.db, row.parkId);
  return {
    reference: row.id,
    amount: String(fromMinor(row.amount, place.currency)),
    currency: place.currency,
    msisdn: row.phone!,
    callingCode: place.callingCode,
    reason: row.reason ?? undefined,
  };
}

/**
 * Applies a provider's answer to a pending transaction, once: the row is locked and only a pending
 * one changes. A failure reverses the posting in the same database transaction.
 */
export async function settle(db: Db, parkId: string, id: string, result: PayoutResult): Promise<ParkTransactionRow> {
  return db.transaction(async (tx) => {
    const row = await parkTransactionRow(tx, parkId, id, true);
    if (row.status !== 'pending') return row;
    const providerRef = result.providerRef ?? row.providerRef;
    if (result.status === 'pending') {
      if (providerRef === row.providerRef) return row;
      const [updated] = await tx.update(parkTransactions).set({ providerRef, updatedAt: new Date() }).where(eq(parkTransactions.id, id)).returning();
      return updated;
    }
    let reversalPostingId: string | null = null;
    if (result.status === 'failed' && row.postingId) {
      reversalPostingId = await reverse(tx, {
        parkId,
        postingId: row.postingId,
        sourceKind: 'withdrawal_refund',
        sourceId: row.id,
        memo: "Retrait refusé par l'opérateur : montant et frais remis sur le solde",
        createdBy: row.createdBy,
      });
    }
    const [updated] = await tx
      .update(parkTransactions)
      .set({ status: result.status, providerRef, reversalPostingId, completedAt: new Date(), updatedAt: new Date() })
      .where(eq(parkTransactions.id, id))
      .returning();
    return updated;
  });
}

/** Sends the payout of a pending transaction and applies the answer; an unknown outcome leaves it pending. */
async function sendPayout(deps: WithdrawDeps, provider: PayoutProvider, row: ParkTransactionRow): Promise<ParkTransactionRow> {
  let result: PayoutResult;
  try {
    result = await provider.payout(await payoutRequestOf(deps, row));
  } catch (err) {
    if (!(err instanceof PayoutOutcomeUnknown)) throw err;
    deps.log?.warn({ err, transactionId: row.id }, 'payout outcome unknown: left pending for reconciliation');
    return row;
  }
  return settle(deps.db, row.parkId, row.id, result);
}

export interface WithdrawOutcome {
  transaction: TParkTransaction;
  message: string;
}

/** POST /transaction/withdraw. */
export async function withdraw(
  deps: WithdrawDeps,
  acting: ActingProfile,
  input: { withdraw_on_park_id: string; amount: number; caisse_id?: string; reason?: string },
): Promise<WithdrawOutcome> {
  const { db } = deps;
  const parkId = acting.parkId;
  const { means, mode } = await meansOfPark(db, parkId, input.withdraw_on_park_id);
  const provider = providerOf(deps, mode.provider);
  const currency = acting.park.currency;
  const amount = amountInMinor(input.amount, currency);
  if (provider.amountMultipleOf && currencyDecimals(currency) === 0 && amount % provider.amountMultipleOf !== 0) {
    throw fieldError('amount', M.multipleOf5);
  }
  const fee = withdrawalFeeMinor(amount, mode.feesBp);

  const row = await db.transaction(async (tx) => {
    let source: string;
    let caisseId: string | null = null;
    if (input.caisse_id) {
      const caisse = [...(await lockCaissesForMovement(tx, acting, [input.caisse_id])).values()][0];
      caisseId = caisse.id;
      source = await ledgerAccount(tx, parkId, 'caisse', caisse.id);
    } else {
      source = await parkBalanceAccount(tx, parkId);
    }
    const lines = [
      { accountId: source, amount: -(amount + fee) },
      { accountId: await ledgerAccount(tx, parkId, 'external', null), amount },
    ];
    if (fee > 0) lines.push({ accountId: await ledgerAccount(tx, parkId, 'pnl', await ensureWithdrawFeesAccount(tx, parkId)), amount: fee });
    const [created] = await tx
      .insert(parkTransactions)
      .values({
        parkId,
        type: 'withdraw',
        status: 'pending',
        amount,
        fees: fee,
        caisseId,
        withdrawMeansId: means.id,
        provider: mode.provider,
        phone: means.phoneNumber,
        reason: input.reason ?? null,
        createdBy: acting.id,
      })
      .returning();
    const postingId = await post(tx, { parkId, sourceKind: 'withdrawal', sourceId: created.id, memo: `Retrait vers ${means.title} (${mode.title})`, createdBy: acting.id, lines });
    const [withPosting] = await tx.update(parkTransactions).set({ postingId }).where(eq(parkTransactions.id, created.id)).returning();
    return withPosting;
  });

  const settled = await sendPayout(deps, provider, row);
  const transaction = await parkTransactionView(db, parkId, acting.park, settled.id);
  if (settled.status === 'failed') throw new AppError('WITHDRAWAL_FAILED', { data: transaction });
  return { transaction, message: settled.status === 'success' ? 'Retrait effectué' : 'Transaction initiée' };
}

/**
 * Asks the provider where a pending withdrawal stands and settles it. A payout the provider never
 * received (a crash before the call, a request lost on the way) is sent again under the same
 * reference once it is older than `resendAfterSeconds`, so a request still in flight is not raced.
 */
export async function reconcile(deps: WithdrawDeps, parkId: string, id: string): Promise<ParkTransactionRow> {
  const row = await parkTransactionRow(deps.db, parkId, id);
  if (row.type !== 'withdraw' || row.status !== 'pending') return row;
  const provider = deps.payments.provider((row.provider ?? 'wave') as 'wave');
  if (!provider) return row;
  let result: PayoutResult | null;
  try {
    result = await provider.payoutStatus({ reference: row.id, providerRef: row.providerRef });
  } catch (err) {
    if (!(err instanceof PayoutOutcomeUnknown)) throw err;
    deps.log?.warn({ err, transactionId: row.id }, 'payout status unknown: still pending');
    return row;
  }
  if (result) return settle(deps.db, parkId, row.id, result);
  if (Date.now() - row.createdAt.getTime() < deps.resendAfterSeconds * 1000) return row;
  return sendPayout(deps, provider, row);
}

/** GET /transaction/check-status/{id}. */
export async function checkStatus(deps: WithdrawDeps, parkId: string, park: ParkView, id: string): Promise<TParkTransaction> {
  const row = await reconcile(deps, parkId, id);
  return parkTransactionView(deps.db, parkId, park, row.id);
}

/** The minute job: every withdrawal pending longer than `olderThanSeconds`, oldest first. */
export async function reconcilePending(deps: WithdrawDeps, opts: { olderThanSeconds: number; limit?: number }): Promise<{ checked: number; settled: number }> {
  const before = new Date(Date.now() - opts.olderThanSeconds * 1000);
  const rows = await deps.db
    .select({ id: parkTransactions.id, parkId: parkTransactions.parkId })
    .from(parkTransactions)
    .where(and(eq(parkTransactions.type, 'withdraw'), eq(parkTransactions.status, 'pending'), lt(parkTransactions.createdAt, before)))
    .orderBy(asc(parkTransactions.createdAt))
    .limit(opts.limit ?? 200);
  let settled = 0;
  for (const r of rows) {
    try {
      const after = await reconcile(deps, r.parkId, r.id);
      if (after.status !== 'pending') settled += 1;
    } catch (err) {
      deps.log?.warn({ err, transactionId: r.id }, 'withdrawal reconciliation failed');
    }
  }
  return { checked: rows.length, settled };
}
