import { and, eq, inArray, sql } from 'drizzle-orm';
import { PNL_MAX_DEPTH, PNL_MESSAGES as M, type TPnlAccount, type TPnlType } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { ledgerAccounts, ledgerEntries } from '../ledger/ledger.tables.ts';
import { pnlAccounts } from './pnl.tables.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';

type Row = typeof pnlAccounts.$inferSelect;

/** The park's chart as trees (a park holds a few dozen accounts: read whole, shaped here). */
async function chart(db: Db, parkId: string): Promise<{ roots: TPnlAccount[]; byId: Map<string, TPnlAccount> }> {
  // The default chart is written in one transaction (one created_at): names break the tie, so
  // every screen and every reload shows the same order.
  const rows = await db
    .select()
    .from(pnlAccounts)
    .where(eq(pnlAccounts.parkId, parkId))
    .orderBy(pnlAccounts.depth, pnlAccounts.createdAt, sql`lower(${pnlAccounts.name})`, pnlAccounts.id);
  const byId = new Map<string, TPnlAccount>();
  const roots: TPnlAccount[] = [];
  for (const r of rows) {
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    const node: TPnlAccount = {
      id: r.id,
      name: r.name,
      type: r.type,
      code: r.code,
      default: r.isDefault,
      depth: r.depth,
      account_id: r.parentId,
      accounting_category: parent ? parent.accounting_category : { id: r.id, name: r.name },
      can_add_child: r.depth < PNL_MAX_DEPTH,
      children: [],
    };
    byId.set(r.id, node);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return { roots, byId };
}

const flatten = (nodes: TPnlAccount[]): TPnlAccount[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** GET /pnl-account: the categories of the park (of one type if asked), each with its sub-accounts. */
export async function listCategories(db: Db, parkId: string, type?: TPnlType): Promise<TPnlAccount[]> {
  const { roots } = await chart(db, parkId);
  return type ? roots.filter((r) => r.type === type) : roots;
}

/**
 * GET /pnl-sub-account: the sub-accounts operations are filed under, flat (the movement-type
 * selector searches them), of one category when asked.
 */
export async function listSubAccounts(db: Db, parkId: string, q: { categoryId?: string; type?: TPnlType }): Promise<TPnlAccount[]> {
  const { roots, byId } = await chart(db, parkId);
  let from = roots;
  if (q.categoryId) {
    const category = byId.get(q.categoryId);
    if (!category) throw new AppError('NOT_FOUND', { message: M.notFound });
    from = [category];
  }
  const subs = flatten(from.map((c) => c.children).flat());
  return q.type ? subs.filter((s) => s.type === q.type) : subs;
}

async function findAccount(db: Db, parkId: string, id: string): Promise<Row> {
  const [row] = await db.select().from(pnlAccounts).where(and(eq(pnlAccounts.id, id), eq(pnlAccounts.parkId, parkId)));
  if (!row) throw new AppError('NOT_FOUND', { message: M.notFound });
  return row;
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('name', M.nameTaken);
    throw err;
  }
}

/**
 * POST /pnl-account or /pnl-sub-account: a category (a type, no parent) or a sub-category under
 * `account_id`, which takes the parent's type, at most 3 levels deep.
 */
export async function createAccount(db: Db, parkId: string, input: { name: string; type?: TPnlType; account_id?: string }): Promise<TPnlAccount> {
  let values: typeof pnlAccounts.$inferInsert;
  if (input.account_id) {
    const parent = await findAccount(db, parkId, input.account_id);
    if (parent.depth >= PNL_MAX_DEPTH) throw fieldError('account_id', M.depthReachedLong);
    if (input.type && input.type !== parent.type) throw fieldError('type', M.typeOfParent);
    values = { parkId, parentId: parent.id, name: input.name, type: parent.type, depth: parent.depth + 1 };
  } else {
    if (!input.type) throw fieldError('type', M.type);
    values = { parkId, parentId: null, name: input.name, type: input.type, depth: 1 };
  }
  const [row] = await saving(() => db.insert(pnlAccounts).values(values).returning({ id: pnlAccounts.id }));
  return (await chart(db, parkId)).byId.get(row.id)!;
}

/** PUT …/update/{id}: renames; place, type and code stay. */
export async function renameAccount(db: Db, parkId: string, id: string, name: string): Promise<TPnlAccount> {
  await findAccount(db, parkId, id);
  await saving(() => db.update(pnlAccounts).set({ name }).where(and(eq(pnlAccounts.id, id), eq(pnlAccounts.parkId, parkId))));
  return (await chart(db, parkId)).byId.get(id)!;
}

/**
 * DELETE …/delete/{id}: the account and its sub-accounts, unless one of them carries a code the
 * money rules rely on, or has operations: the history of a park's money never loses its filing.
 */
export async function deleteAccount(db: Db, parkId: string, id: string): Promise<{ id: string }> {
  await findAccount(db, parkId, id);
  const { byId } = await chart(db, parkId);
  const subtree = flatten([byId.get(id)!]);
  if (subtree.some((n) => n.code)) throw new AppError('CONFLICT', { message: M.defaultAccount });
  const ids = subtree.map((n) => n.id);
  // Operations filed under the accounts, whatever their state (pending ones have no ledger entry
  // yet), and any other money posted on the accounts' own ledger accounts.
  const [filed] = await db
    .select({ n: sql<number>`1` })
    .from(fundMovements)
    .where(and(eq(fundMovements.parkId, parkId), inArray(fundMovements.subAccountId, ids)))
    .limit(1);
  if (filed) throw new AppError('CONFLICT', { message: M.hasOperations });
  const [used] = await db
    .select({ n: sql<number>`1` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerAccounts.parkId, parkId), eq(ledgerAccounts.kind, 'pnl'), inArray(ledgerAccounts.ownerId, ids)))
    .limit(1);
  if (used) throw new AppError('CONFLICT', { message: M.hasOperations });
  await db.delete(pnlAccounts).where(and(eq(pnlAccounts.id, id), eq(pnlAccounts.parkId, parkId)));
  return { id };
}
