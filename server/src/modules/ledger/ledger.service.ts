import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { anyId } from '../../platform/db/prepared.ts';
import { AppError } from '../../platform/errors.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings, type LedgerAccountKind } from './ledger.tables.ts';

/**
 * The only code that writes the ledger. Every caller (fund movements, transfers, withdrawals,
 * recipes ...) describes a movement as lines on accounts and this module makes it one balanced,
 * append-only posting:
 * - the lines sum to zero and are integer minor units;
 * - the accounts touched are locked in one fixed order (by id), so two postings over the same
 *   accounts wait for each other instead of deadlocking;
 * - a money-holding account never goes below zero ('Solde insuffisant pour cette opération'),
 *   checked under the lock and again by the table;
 * - a reversal copies the original's lines negated, at most once per original.
 * It runs inside the caller's transaction, so the posting commits with the business record it
 * belongs to, or not at all.
 */

type Writer = Db | Tx;

export interface LedgerLine {
  accountId: string;
  /** Signed integer minor units: positive adds to the account. */
  amount: number;
}

export interface NewPosting {
  parkId: string;
  sourceKind: string;
  sourceId?: string | null;
  memo?: string | null;
  createdBy?: string | null;
  lines: LedgerLine[];
}

/** Money-holding accounts can't go negative; P&L accounts, driver balances (debts) and the outside world can. */
const MAY_GO_NEGATIVE: Record<LedgerAccountKind, boolean> = { caisse: false, park_balance: false, driver_balance: true, pnl: true, external: true, client_receivable: false, yango: false };

/**
 * The ledger account of a caisse, a driver, a P&L account, or the park balance (owner null),
 * created on first use. Safe under concurrency: the unique key decides, and everyone reads the
 * one row that won.
 */
export async function ledgerAccount(db: Writer, parkId: string, kind: LedgerAccountKind, ownerId: string | null): Promise<string> {
  const [created] = await db
    .insert(ledgerAccounts)
    .values({ parkId, kind, ownerId, allowNegative: MAY_GO_NEGATIVE[kind] })
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (created) return created.id;
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.parkId, parkId), eq(ledgerAccounts.kind, kind), ownerId === null ? sql`${ledgerAccounts.ownerId} is null` : eq(ledgerAccounts.ownerId, ownerId)));
  return row.id;
}

/** Lines merged per account, zero lines dropped; refuses what can't be a balanced posting. */
function netLines(lines: LedgerLine[]): LedgerLine[] {
  const byAccount = new Map<string, number>();
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount)) throw new Error(`ledger: amount ${l.amount} is not an integer number of minor units`);
    byAccount.set(l.accountId, (byAccount.get(l.accountId) ?? 0) + l.amount);
  }
  const net = [...byAccount].filter(([, amount]) => amount !== 0).map(([accountId, amount]) => ({ accountId, amount }));
  const sum = net.reduce((s, l) => s + l.amount, 0);
  if (sum !== 0) throw new Error(`ledger: a posting must balance (its lines sum to ${sum})`);
  if (net.length === 0) throw new Error('ledger: a posting moves some money');
  return net;
}

async function write(tx: Tx, p: NewPosting & { reversesId?: string }): Promise<string> {
  const lines = netLines(p.lines);
  const ids = lines.map((l) => l.accountId).sort();
  // The fixed lock order: by id.
  const locked = await tx.execute<{ id: string; park_id: string; allow_negative: boolean; balance: string | number }>(
    sql`select id, park_id, allow_negative, balance from ${ledgerAccounts} where ${anyId(ledgerAccounts.id, ids)} order by id for update`,
  );
  const accounts = new Map(locked.rows.map((r) => [r.id, r]));
  for (const l of lines) {
    const a = accounts.get(l.accountId);
    if (!a || a.park_id !== p.parkId) throw new Error(`ledger: account ${l.accountId} is not an account of park ${p.parkId}`);
    if (!a.allow_negative && Number(a.balance) + l.amount < 0) throw new AppError('INSUFFICIENT_FUNDS');
  }
  const [posting] = await tx
    .insert(ledgerPostings)
    .values({ parkId: p.parkId, sourceKind: p.sourceKind, sourceId: p.sourceId ?? null, memo: p.memo ?? null, createdBy: p.createdBy ?? null, reversesId: p.reversesId ?? null })
    .returning({ id: ledgerPostings.id });
  await tx.insert(ledgerEntries).values(lines.map((l) => ({ parkId: p.parkId, postingId: posting.id, accountId: l.accountId, amount: l.amount })));
  for (const l of lines) {
    await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${l.amount}` })
      .where(eq(ledgerAccounts.id, l.accountId));
  }
  return posting.id;
}

/** Writes one balanced posting; answers its id. */
export async function post(db: Db | Tx, p: NewPosting): Promise<string> {
  return inTransaction(db, (tx) => write(tx, p));
}

/**
 * Cancels a posting by writing its reversal (same lines, negated), linked to it. A second
 * reversal of the same posting is refused ('Cette opération a déjà été annulée'), and so is the
 * reversal of a reversal. The reversal may itself be refused for funds: money spent from a caisse
 * since a revenue was recorded can't be taken back from it.
 */
export async function reverse(db: Db | Tx, v: { parkId: string; postingId: string; sourceKind: string; sourceId?: string | null; memo?: string | null; createdBy?: string | null }): Promise<string> {
  return inTransaction(db, async (tx) => {
    // Locking the original serialises concurrent cancellations of it; the unique index backs it up.
    const [original] = await tx
      .select({ id: ledgerPostings.id, reversesId: ledgerPostings.reversesId })
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.id, v.postingId), eq(ledgerPostings.parkId, v.parkId)))
      .for('update');
    if (!original) throw new AppError('NOT_FOUND');
    if (original.reversesId) throw new AppError('REVERSAL_NOT_REVERSIBLE');
    const [already] = await tx.select({ id: ledgerPostings.id }).from(ledgerPostings).where(eq(ledgerPostings.reversesId, v.postingId));
    if (already) throw new AppError('ALREADY_REVERSED');
    const entries = await tx.select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount }).from(ledgerEntries).where(eq(ledgerEntries.postingId, v.postingId));
    try {
      return await write(tx, { ...v, lines: entries.map((e) => ({ accountId: e.accountId, amount: -e.amount })), reversesId: v.postingId });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('ALREADY_REVERSED');
      throw err;
    }
  });
}

/** An account's balance in minor units (0 for an account never used). */
export async function balanceOf(db: Writer, accountId: string): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  return row?.balance ?? 0;
}

/**
 * Runs `work` in the caller's transaction, or in a new one. A Db has `transaction` and so does a
 * Tx (a savepoint), so the test is on `rollback`, which only a transaction has.
 */
async function inTransaction<T>(db: Db | Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if ('rollback' in db) return work(db as Tx);
  return (db as Db).transaction(work);
}
