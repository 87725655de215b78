import { and, count, desc, eq, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { TParkTransaction, TParkTransactionStatus, TParkTransactionType } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { pageWindow, toPage } from '../../platform/pagination.ts';
import type { Page } from '@flotte/contract';
import { profiles, users } from '../access/access.tables.ts';
import { withdrawMeans } from '../withdrawals/withdrawals.tables.ts';
import { caisses, parkTransactions } from './treasury.tables.ts';

/**
 * The park transactions as the balance screen lists them (GET /park/transactions, GET
 * /transaction/{id}): withdrawals, caisse top-ups, payments received ..., newest first, with the
 * caisse, the withdrawal means and who started them.
 */

export type ParkTransactionRow = typeof parkTransactions.$inferSelect;

export interface ParkView {
  currency: string;
  timeZone: string;
}

const columns = {
  tx: parkTransactions,
  caisseName: caisses.name,
  meansTitle: withdrawMeans.title,
  firstName: users.firstName,
  lastName: users.lastName,
};

type Joined = { tx: ParkTransactionRow; caisseName: string | null; meansTitle: string | null; firstName: string | null; lastName: string | null };

function view(r: Joined, park: ParkView): TParkTransaction {
  const t = r.tx;
  const money = (minor: number) => fromMinor(minor, park.currency);
  return {
    id: t.id,
    type: t.type,
    status: t.status,
    amount: money(t.amount),
    fees: money(t.fees),
    total: money(t.amount + t.fees),
    currency: park.currency,
    reason: t.reason,
    phone: t.phone ? `+${t.phone}` : null,
    provider: t.provider,
    provider_ref: t.providerRef,
    caisse: t.caisseId && r.caisseName ? { id: t.caisseId, name: r.caisseName } : null,
    withdraw_means: t.withdrawMeansId && r.meansTitle ? { id: t.withdrawMeansId, title: r.meansTitle } : null,
    initiator: r.firstName || r.lastName ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() : null,
    created_at: toWireDate(t.createdAt, park.timeZone),
    completed_at: t.completedAt ? toWireDate(t.completedAt, park.timeZone) : null,
    refunded: t.reversalPostingId !== null,
  };
}

function joined(db: Db | Tx) {
  return db
    .select(columns)
    .from(parkTransactions)
    .leftJoin(caisses, eq(caisses.id, parkTransactions.caisseId))
    .leftJoin(withdrawMeans, eq(withdrawMeans.id, parkTransactions.withdrawMeansId))
    .leftJoin(profiles, eq(profiles.id, parkTransactions.createdBy))
    .leftJoin(users, eq(users.id, profiles.userId));
}

/** GET /park/transactions: a page, newest first; exclude_type hides types (credit_sold for the spec's client). */
export async function listParkTransactions(
  db: Db,
  parkId: string,
  park: ParkView,
  q: { page: number; itemPerPage: number; exclude_type: string[]; type?: TParkTransactionType; status?: TParkTransactionStatus },
): Promise<Page<TParkTransaction>> {
  const where: SQL[] = [eq(parkTransactions.parkId, parkId)];
  if (q.exclude_type.length) where.push(notInArray(parkTransactions.type, q.exclude_type as TParkTransactionType[]));
  if (q.type) where.push(eq(parkTransactions.type, q.type));
  if (q.status) where.push(eq(parkTransactions.status, q.status));
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    joined(db)
      .where(and(...where))
      .orderBy(desc(parkTransactions.createdAt), desc(parkTransactions.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(parkTransactions).where(and(...where)),
  ]);
  return toPage(rows.map((r) => view(r, park)), Number(total), q);
}

/** One transaction of the park, or PARK_TRANSACTION_NOT_FOUND (another park's reads as unknown). */
export async function parkTransactionView(db: Db | Tx, parkId: string, park: ParkView, id: string): Promise<TParkTransaction> {
  const [row] = await joined(db).where(and(eq(parkTransactions.parkId, parkId), eq(parkTransactions.id, id)));
  if (!row) throw new AppError('PARK_TRANSACTION_NOT_FOUND');
  return view(row, park);
}

/** The raw row, locked for update when settling it. */
export async function parkTransactionRow(db: Db | Tx, parkId: string, id: string, lock = false): Promise<ParkTransactionRow> {
  const q = db.select().from(parkTransactions).where(and(eq(parkTransactions.parkId, parkId), eq(parkTransactions.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('PARK_TRANSACTION_NOT_FOUND');
  return row;
}

/** Money sent to operators and not yet confirmed (already off the balance), in minor units. */
export async function pendingWithdrawalsMinor(db: Db, parkId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${parkTransactions.amount} + ${parkTransactions.fees}), 0)` })
    .from(parkTransactions)
    // A payout funded from a caisse (caisse_id set) took nothing off the park balance.
    .where(and(eq(parkTransactions.parkId, parkId), eq(parkTransactions.type, 'withdraw'), eq(parkTransactions.status, 'pending'), isNull(parkTransactions.caisseId)));
  return Number(row.total);
}

/**
 * For the operations reset, which starts the ledger over: the park's transactions go with the
 * postings they explain. Refused while a withdrawal still waits for its provider, which may yet
 * pay it: its record is what lets the status check settle it.
 */
export async function forgetParkTransactions(tx: Tx, parkId: string): Promise<void> {
  const [open] = await tx
    .select({ id: parkTransactions.id })
    .from(parkTransactions)
    .where(and(eq(parkTransactions.parkId, parkId), sql`${parkTransactions.status} in ('init', 'pending')`))
    .limit(1)
    .for('update');
  if (open) throw new AppError('CONFLICT', { message: "Un retrait attend encore la réponse de l'opérateur : réessayez la réinitialisation quand il sera terminé." });
  await tx.delete(parkTransactions).where(eq(parkTransactions.parkId, parkId));
}
