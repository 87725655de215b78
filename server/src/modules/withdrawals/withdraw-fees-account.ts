import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TPnlCode } from '@flotte/contract';
import type { Tx } from '../../platform/db/database.ts';
import { pnlAccounts } from '../pnl/pnl.tables.ts';

/**
 * Where withdrawal fees are booked: the P&L sub-account coded 'withdraw_fees' ('Frais de retrait'
 * under 'Frais généraux' in the default chart). Parks created before the code existed get it at
 * the next start: their 'Frais de retrait' row takes the code, or one is created. The lookup reads
 * the pnl module's table directly, the way its own park setup does: a one-row read by code.
 */

export const WITHDRAW_FEES_NAME = 'Frais de retrait';
const GENERAL_COSTS_NAME = 'Frais généraux';

/** The id of the park's P&L account with this code, or null. */
export async function pnlAccountIdByCode(tx: Tx, parkId: string, code: TPnlCode): Promise<string | null> {
  const [row] = await tx.select({ id: pnlAccounts.id }).from(pnlAccounts).where(and(eq(pnlAccounts.parkId, parkId), eq(pnlAccounts.code, code)));
  return row?.id ?? null;
}

/** The withdrawal fees account, given its code or created where the default chart puts it. */
export async function ensureWithdrawFeesAccount(tx: Tx, parkId: string): Promise<string> {
  const existing = await pnlAccountIdByCode(tx, parkId, 'withdraw_fees');
  if (existing) return existing;
  // Serialises two first withdrawals of an old park (the code's unique index would refuse the second anyway).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('withdraw_fees:' || ${parkId}))`);
  const again = await pnlAccountIdByCode(tx, parkId, 'withdraw_fees');
  if (again) return again;
  const [named] = await tx
    .select({ id: pnlAccounts.id })
    .from(pnlAccounts)
    .where(and(eq(pnlAccounts.parkId, parkId), eq(pnlAccounts.type, 'perte'), isNull(pnlAccounts.code), sql`lower(${pnlAccounts.name}) = lower(${WITHDRAW_FEES_NAME})`))
    .limit(1);
  if (named) {
    await tx.update(pnlAccounts).set({ code: 'withdraw_fees' }).where(eq(pnlAccounts.id, named.id));
    return named.id;
  }
  let [category] = await tx
    .select({ id: pnlAccounts.id })
    .from(pnlAccounts)
    .where(and(eq(pnlAccounts.parkId, parkId), eq(pnlAccounts.type, 'perte'), isNull(pnlAccounts.parentId), sql`lower(${pnlAccounts.name}) = lower(${GENERAL_COSTS_NAME})`));
  if (!category) {
    [category] = await tx
      .insert(pnlAccounts)
      .values({ parkId, name: GENERAL_COSTS_NAME, type: 'perte', isDefault: true, depth: 1 })
      .returning({ id: pnlAccounts.id });
  }
  const [created] = await tx
    .insert(pnlAccounts)
    .values({ parkId, parentId: category.id, name: WITHDRAW_FEES_NAME, type: 'perte', code: 'withdraw_fees', isDefault: true, depth: 2 })
    .returning({ id: pnlAccounts.id });
  return created.id;
}
