import { and, eq, inArray } from 'drizzle-orm';
import { CAISSE_MESSAGES, type TCaisseMovement } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { hasPermission } from '../../platform/auth/guard.ts';
import type { Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { fromMinor, toMinor } from '../../platform/money.ts';
import { caisses, parkTransactions } from './treasury.tables.ts';

/**
 * What transfers and bank operations share: the caisses they name, read under a share lock (a
 * caisse being deleted makes them wait, then read as unknown; they make its delete wait, which then
 * sees their history), the amount in minor units, and the answer.
 */

export interface LockedCaisse {
  id: string;
  name: string;
  systemKey: 'cash' | null;
}

/**
 * The named caisses of the park, share-locked, or CAISSE_NOT_FOUND. Touching the default cash
 * account needs ACCESS_CAISSE_CASH (spec 001 section 6: without it the cash account is not offered).
 */
export async function lockCaissesForMovement(tx: Tx, acting: ActingProfile, ids: string[]): Promise<Map<string, LockedCaisse>> {
  const rows = await tx
    .select({ id: caisses.id, name: caisses.name, systemKey: caisses.systemKey })
    .from(caisses)
    .where(and(eq(caisses.parkId, acting.parkId), inArray(caisses.id, ids)))
    .orderBy(caisses.id)
    .for('share');
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw new AppError('CAISSE_NOT_FOUND');
  if (rows.some((r) => r.systemKey === 'cash') && !hasPermission(acting, 'ACCESS_CAISSE_CASH')) throw new AppError('CAISSE_CASH_FORBIDDEN');
  return byId;
}

/** The amount in the park currency's minor units; refuses more decimals than the currency has. */
export function amountInMinor(amount: number, currency: string): number {
  let minor: number;
  try {
    minor = toMinor(amount, currency);
  } catch {
    throw fieldError('amount', CAISSE_MESSAGES.amountInvalid);
  }
  if (minor <= 0) throw fieldError('amount', CAISSE_MESSAGES.amountPositive);
  return minor;
}

export function movementView(row: typeof parkTransactions.$inferSelect, acting: ActingProfile): TCaisseMovement {
  return {
    id: row.id,
    type: row.type as 'transfer' | 'bank_deposit',
    status: 'success',
    amount: fromMinor(row.amount, acting.park.currency),
    caisse_id: row.caisseId!,
    target_caisse_id: row.targetCaisseId,
    reason: row.reason,
    created_at: toWireDate(row.createdAt, acting.park.timeZone),
  };
}
