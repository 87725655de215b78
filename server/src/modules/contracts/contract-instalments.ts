import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { contractRecipeFigures, insertContractRecipes, releaseContractRecipes, type NewContractRecipe } from '../recipes/contract-recipes.ts';
import { markPaidOff } from './contract-payoff.ts';
import { contractReference } from './contract-view.ts';
import { contractInstalments, contracts } from './contracts.tables.ts';

/**
 * A driver contract's money runs through the recipes (recipes/contract-recipes.ts): each
 * instalment gets a recipe of kind 'contract' when it falls due (or when the driver pays ahead),
 * and the instalment's payments are that recipe's collections. These three functions are what the
 * rest of the contracts module (create, sign, cancel, regenerate, the job) calls; the figures they
 * keep (paid_amount, status, total_paid, remaining_amount, next_due_date) are always derived from
 * the recipes and the partner payments, never added to, so running them twice changes nothing.
 */

/** 'Échéance 3/12 du contrat C-2026-0007': the recipe's comment, what the recipes lists show. */
export function instalmentRecipeComment(seq: number, count: number, reference: string): string {
  return `Échéance ${seq}/${count} du contrat ${reference}`;
}

type OpenInstalment = {
  id: string;
  seq: number;
  due_date: string;
  amount: string | number;
  contract_id: string;
  driver_id: string;
  vehicle_id: string | null;
  number: number;
  year: number;
  count: string | number;
};

/**
 * The instalments given (ids) or the due ones of the park's ACTIVE driver contracts, without a
 * recipe yet, locked (SKIP LOCKED: one already being linked by another transaction is that one's).
 */
async function openInstalments(tx: Tx, where: ReturnType<typeof sql>): Promise<OpenInstalment[]> {
  const { rows } = await tx.execute<OpenInstalment>(sql`
    select i.id, i.seq, i.due_date::text as due_date, i.amount, i.contract_id, c.driver_id, c.vehicle_id, c.number,
           extract(year from c.created_at at time zone p.time_zone)::int as year,
           (select count(*) from contract_instalments a where a.contract_id = c.id and a.status <> 'cancelled') as count
      from contract_instalments i
      join contracts c on c.id = i.contract_id
      join parks p on p.id = c.park_id
     where i.recipe_id is null and i.status = 'due' and c.contract_type = 'DRIVER' and c.driver_id is not null and ${where}
     order by i.contract_id, i.seq
       for update of i skip locked`);
  return rows;
}

/**
 * Creates the recipes of the instalments found (one insert) and links each; answers how many.
 * The caller holds the instalments' locks (openInstalments).
 */
async function createRecipesFor(tx: Tx, parkId: string, actorId: string | null, open: OpenInstalment[]): Promise<Map<string, string>> {
  const rows: NewContractRecipe[] = open.map((i) => ({
    driverId: i.driver_id,
    vehicleId: i.vehicle_id,
    day: i.due_date,
    amount: Number(i.amount),
    comment: instalmentRecipeComment(i.seq, Number(i.count), contractReference(i.year, i.number)),
  }));
  const ids = await insertContractRecipes(tx, parkId, actorId, rows);
  if (ids.length) {
    await tx.execute(sql`
      update contract_instalments i set recipe_id = v.recipe_id
        from unnest(${sql.param(open.map((i) => i.id))}::uuid[], ${sql.param(ids)}::uuid[]) as v(id, recipe_id)
       where i.id = v.id and i.recipe_id is null`);
  }
  return new Map(open.map((i, k) => [i.id, ids[k]]));
}

/**
 * For the park's ACTIVE driver contracts (or one of them), the recipes of the 'due' instalments
 * due on or before `uptoDay` that have none yet; answers how many were created.
 */
export async function materialiseDueRecipes(tx: Tx, opts: { parkId: string; contractId?: string; uptoDay: string; actorId?: string | null }): Promise<number> {
  const open = await openInstalments(
    tx,
    sql`i.park_id = ${opts.parkId} and c.status = 'ACTIVE' and i.due_date <= ${opts.uptoDay}::date${opts.contractId ? sql` and c.id = ${opts.contractId}` : sql``}`,
  );
  if (open.length === 0) return 0;
  await createRecipesFor(tx, opts.parkId, opts.actorId ?? null, open);
  return open.length;
}

/**
 * The recipes of the instalments named (not yet due ones too: a driver paying ahead), whatever the
 * contract's status (the caller decided it may be collected); answers instalment id -> recipe id
 * for those it created.
 */
export async function materialiseInstalmentRecipes(tx: Tx, parkId: string, instalmentIds: string[], actorId: string | null): Promise<Map<string, string>> {
  if (instalmentIds.length === 0) return new Map();
  const open = await openInstalments(tx, sql`i.park_id = ${parkId} and i.id = any(${sql.param(instalmentIds)}::uuid[])`);
  return createRecipesFor(tx, parkId, actorId, open);
}

/**
 * The recipes of instalments the contract no longer expects (cancelled, written off, rebuilt):
 * uncollected ones soft-deleted with `reason`; with writeOff a partly collected one keeps what was
 * collected (objective lowered to it, paid). The instalments keep their link (their history).
 */
export async function releaseInstalmentRecipes(tx: Tx, parkId: string, instalmentIds: string[], opts: { reason: string; writeOff?: boolean; by?: string | null }): Promise<void> {
  if (instalmentIds.length === 0) return;
  const rows = await tx
    .select({ recipeId: contractInstalments.recipeId })
    .from(contractInstalments)
    .where(and(eq(contractInstalments.parkId, parkId), inArray(contractInstalments.id, instalmentIds), isNotNull(contractInstalments.recipeId)));
  await releaseContractRecipes(tx, parkId, rows.map((r) => r.recipeId!), opts);
}

/**
 * Recomputes, from the instalments (a driver's: paid_amount from their recipes' collected), each
 * contract's total_paid, remaining_amount (= total - paid) and next_due_date, and makes a driver
 * contract fully paid EXPIRED (contract-payoff.ts). Idempotent: only what differs is written, and
 * the paid-off transition happens once (paid_off_at).
 */
export async function syncContractFigures(tx: Tx, contractIds: string[], opts: { actorId?: string | null } = {}): Promise<void> {
  const ids = [...new Set(contractIds.map((id) => id.toLowerCase()))].sort();
  if (ids.length === 0) return;
  // The contracts first, in id order: two payments of one contract update its figures one after the other.
  const locked = await tx.select().from(contracts).where(inArray(contracts.id, ids)).orderBy(contracts.id).for('update');
  const driverIds = locked.filter((c) => c.contractType === 'DRIVER').map((c) => c.id);
  if (driverIds.length) {
    const linked = await tx
      .select({ id: contractInstalments.id, amount: contractInstalments.amount, paidAmount: contractInstalments.paidAmount, status: contractInstalments.status, paidAt: contractInstalments.paidAt, recipeId: contractInstalments.recipeId })
      .from(contractInstalments)
      .where(and(inArray(contractInstalments.contractId, driverIds), isNotNull(contractInstalments.recipeId)));
    const figures = await contractRecipeFigures(tx, linked.map((i) => i.recipeId!));
    const changes: { id: string; paid: number; status: string; paidAt: string | null }[] = [];
    for (const i of linked) {
      const r = figures.get(i.recipeId!);
      const paid = r?.collected ?? 0;
      let status: string = i.status;
      let paidAt = i.paidAt;
      // Only due and paid move with the money; cancelled and written_off instalments keep their status.
      if (i.status === 'due' || i.status === 'paid') {
        status = paid >= i.amount ? 'paid' : 'due';
        paidAt = status === 'paid' ? (i.paidAt ?? r?.paidAt ?? new Date()) : null;
      }
      if (paid !== i.paidAmount || status !== i.status || (paidAt?.getTime() ?? null) !== (i.paidAt?.getTime() ?? null)) {
        changes.push({ id: i.id, paid, status, paidAt: paidAt ? paidAt.toISOString() : null });
      }
    }
    if (changes.length) {
      await tx.execute(sql`
        update contract_instalments i set paid_amount = v.paid, status = v.status, paid_at = v.paid_at
          from unnest(${sql.param(changes.map((c) => c.id))}::uuid[], ${sql.param(changes.map((c) => c.paid))}::bigint[],
                      ${sql.param(changes.map((c) => c.status))}::text[], ${sql.param(changes.map((c) => c.paidAt))}::timestamptz[])
               as v(id, paid, status, paid_at)
         where i.id = v.id`);
    }
  }
  const { rows } = await tx.execute<{ id: string; paid: string | number; next_due: string | null; open: string | number; paid_count: string | number }>(sql`
    select c.id, coalesce(sum(i.paid_amount), 0) as paid, min(i.due_date::text) filter (where i.status = 'due') as next_due,
           count(*) filter (where i.status = 'due') as open, count(*) filter (where i.status = 'paid') as paid_count
      from contracts c left join contract_instalments i on i.contract_id = c.id
     where c.id = any(${sql.param(ids)}::uuid[])
     group by c.id`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const c of locked) {
    const s = byId.get(c.id);
    if (!s) continue;
    const totalPaid = Number(s.paid);
    const remaining = c.totalAmount - totalPaid;
    if (totalPaid !== c.totalPaid || remaining !== c.remainingAmount || s.next_due !== c.nextDueDate) {
      await tx.update(contracts).set({ totalPaid, remainingAmount: remaining, nextDueDate: s.next_due, updatedAt: new Date() }).where(eq(contracts.id, c.id));
    }
    const fullyPaid = Number(s.open) === 0 && Number(s.paid_count) > 0 && remaining <= 0;
    if (c.contractType === 'DRIVER' && c.status === 'ACTIVE' && !c.paidOffAt && fullyPaid) {
      await markPaidOff(tx, { ...c, totalPaid, remainingAmount: remaining, nextDueDate: null }, opts.actorId ?? null);
    }
  }
}
