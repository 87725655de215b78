import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { recipes } from './recipes.tables.ts';

/**
 * The recipes of hire-purchase contracts (kind 'contract'): the recipes module's own service for
 * them, so the contracts module never writes the recipes table. A driver contract's instalment is
 * collected through one such recipe (dated its due day, objective = the instalment), so cash, the
 * driver's balance, mobile money, partial payments and the debts lists all apply unchanged;
 * recipe-collection.ts files its payments under the park's 'contract_driver' sub-account.
 */

export interface NewContractRecipe {
  driverId: string;
  vehicleId: string | null;
  /** The instalment's due day (yyyy-MM-dd, park time zone): the recipe's day and period. */
  day: string;
  /** Minor units, above 0. */
  amount: number;
  comment: string;
}

/**
 * Creates the recipes in one statement, uncollected, and answers their ids in the order given
 * (made here, so the caller links each to its instalment without trusting RETURNING's order).
 * Creating a recipe posts nothing: money moves when it is collected.
 */
export async function insertContractRecipes(tx: Tx, parkId: string, actorId: string | null, rows: NewContractRecipe[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids = rows.map(() => uuidv7());
  await tx.insert(recipes).values(
    rows.map((r, i) => ({
      id: ids[i],
      parkId,
      kind: 'contract' as const,
      driverId: r.driverId,
      vehicleId: r.vehicleId,
      day: r.day,
      periodStart: r.day,
      periodEnd: r.day,
      objective: r.amount,
      comment: r.comment,
      createdBy: actorId,
    })),
  );
  return ids;
}

export interface ContractRecipeFigures {
  id: string;
  objective: number;
  collected: number;
  paidAt: Date | null;
  deletedAt: Date | null;
}

/** What the contract recipes named hold (the contracts module derives its instalments' payments from them). */
export async function contractRecipeFigures(tx: Pick<Tx, 'execute'>, recipeIds: readonly string[]): Promise<Map<string, ContractRecipeFigures>> {
  if (recipeIds.length === 0) return new Map();
  const { rows } = await tx.execute<{ id: string; objective: string | number; collected: string | number; paid_at: string | Date | null; deleted_at: string | Date | null }>(sql`
    select id, objective, collected, paid_at, deleted_at from recipes
     where id = any(${sql.param([...recipeIds])}::uuid[]) and kind = 'contract'`);
  const toDate = (v: string | Date | null) => (v === null ? null : new Date(v));
  return new Map(
    rows.map((r) => [r.id, { id: r.id, objective: Number(r.objective), collected: Number(r.collected), paidAt: toDate(r.paid_at), deletedAt: toDate(r.deleted_at) }]),
  );
}

/**
 * Contract recipes the contract no longer expects (an instalment cancelled, written off, or
 * rebuilt by a regeneration), locked first so a collection running meanwhile is seen whole:
 * - nothing collected: soft-deleted with the reason (kept for the history, out of every list);
 * - some collected, writeOff: the objective is lowered to what was collected and the recipe is
 *   paid, so the money already in the ledger stays and the rest is no longer owed;
 * - some collected, no writeOff: left as it is (money in the ledger is never undone here; what
 *   remains on it stays the driver's debt).
 */
export async function releaseContractRecipes(
  tx: Tx,
  parkId: string,
  recipeIds: readonly string[],
  opts: { reason: string; writeOff?: boolean; by?: string | null },
): Promise<void> {
  if (recipeIds.length === 0) return;
  const ids = [...new Set(recipeIds.map((id) => id.toLowerCase()))].sort();
  await tx.execute(sql`
    select id from recipes where park_id = ${parkId} and id = any(${sql.param(ids)}::uuid[]) and kind = 'contract' order by id for update`);
  await tx.execute(sql`
    update recipes set deleted_at = now(), deleted_by = ${opts.by ?? null}, delete_comment = ${opts.reason}
     where park_id = ${parkId} and id = any(${sql.param(ids)}::uuid[]) and kind = 'contract'
       and deleted_at is null and collected = 0`);
  if (opts.writeOff) {
    await tx.execute(sql`
      update recipes set objective = collected, paid_at = coalesce(paid_at, now())
       where park_id = ${parkId} and id = any(${sql.param(ids)}::uuid[]) and kind = 'contract'
         and deleted_at is null and collected > 0 and collected < objective`);
  }
}

/**
 * Locks the park's contract recipes named (FOR UPDATE, in id order, as every collection locks
 * recipes), so a contract collection reads what remains on them after any payment running now.
 */
export async function lockContractRecipes(tx: Tx, parkId: string, recipeIds: readonly string[]): Promise<void> {
  if (recipeIds.length === 0) return;
  const ids = [...new Set(recipeIds.map((id) => id.toLowerCase()))].sort();
  await tx.execute(sql`
    select id from recipes where park_id = ${parkId} and id = any(${sql.param(ids)}::uuid[]) and kind = 'contract' order by id for update`);
}

/** Whether the operation paid a recipe of kind 'contract' (a hire-purchase instalment). */
export async function paysContractRecipe(tx: Pick<Tx, 'execute'>, fundMovementId: string): Promise<boolean> {
  const { rows } = await tx.execute<{ one: number }>(sql`
    select 1 as one from recipe_payments p join recipes r on r.id = p.recipe_id
     where p.fund_movement_id = ${fundMovementId} and r.kind = 'contract' limit 1`);
  return rows.length > 0;
}
