import { and, eq, inArray } from 'drizzle-orm';
import { CAISSE_MESSAGES, type TCaisseMovement } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { fromMinor, toMinor } from '../../platform/money.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { post } from '../ledger/ledger.service.ts';
import { assertCaisseUsable } from './caisse-access.ts';
import { caisses, parkTransactions } from './treasury.tables.ts';

/**
 * What the movements into and between caisses share (transfers, bank operations, top-ups from the
 * park balance): the caisses they name, read under a share lock (a caisse being deleted makes them
 * wait, then read as unknown; they make its delete wait, which then sees their history), the amount
 * in minor units, the record and its posting, and the answer.
 */

export interface LockedCaisse {
  id: string;
  name: string;
  systemKey: 'cash' | null;
}

/**
 * The named caisses of the park, share-locked, or CAISSE_NOT_FOUND; each must be one the profile
 * may use (caisse-access.ts: the cash account needs ACCESS_CAISSE_CASH, another caisse MANAGE_CAISSE
 * or being its administrator), else 403.
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
  for (const row of rows) await assertCaisseUsable(tx, acting, row);
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

export interface SettledMovement {
  type: 'transfer' | 'bank_deposit' | 'credit_account';
  /** Minor units, above zero. */
  amount: number;
  /** The ledger accounts the money leaves and reaches. */
  fromAccount: string;
  toAccount: string;
  caisseId: string;
  targetCaisseId?: string | null;
  reason?: string | null;
  memo?: string | null;
}

/**
 * A movement that involves no one outside the park, so it is settled at once: one 'success' park
 * transaction and its posting (from -A, to +A), in the caller's database transaction.
 */
export async function recordSettledMovement(tx: Tx, acting: ActingProfile, m: SettledMovement): Promise<typeof parkTransactions.$inferSelect> {
  const id = uuidv7();
  const postingId = await post(tx, {
    parkId: acting.parkId,
    sourceKind: m.type,
    sourceId: id,
    memo: m.memo ?? m.reason ?? null,
    createdBy: acting.id,
    lines: [
      { accountId: m.fromAccount, amount: -m.amount },
      { accountId: m.toAccount, amount: m.amount },
    ],
  });
  const [row] = await tx
    .insert(parkTransactions)
    .values({
      id,
      parkId: acting.parkId,
      type: m.type,
      status: 'success',
      amount: m.amount,
      caisseId: m.caisseId,
      targetCaisseId: m.targetCaisseId ?? null,
      reason: m.reason ?? null,
      postingId,
      createdBy: acting.id,
      completedAt: new Date(),
    })
    .returning();
  return row;
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
