import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { ledgerAccount } from '../ledger/ledger.service.ts';
import { caisses } from './treasury.tables.ts';

/**
 * The caisses other money modules need (operations, withdrawals, recipes): find one of the park's
 * caisses, or its default cash account, and the ledger account that holds its money. Kept apart
 * from the caisse screens' service so those modules depend on this small surface only.
 */

type Reader = Db | Tx;

/** The name the default cash account is created with; it can't be renamed (spec 001 section 2.2). */
export const DEFAULT_CASH_CAISSE_NAME = 'Compte cash par défaut';

export interface CaisseRef {
  id: string;
  name: string;
  systemKey: 'cash' | null;
}

/** The park's default cash account, created on first use (every park also gets it at creation). */
export async function defaultCashCaisse(db: Reader, parkId: string): Promise<CaisseRef> {
  await db
    .insert(caisses)
    .values({ parkId, name: DEFAULT_CASH_CAISSE_NAME, systemKey: 'cash', description: "Espèces encaissées sans caisse désignée" })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: caisses.id, name: caisses.name, systemKey: caisses.systemKey })
    .from(caisses)
    .where(and(eq(caisses.parkId, parkId), eq(caisses.systemKey, 'cash')));
  return row;
}

/** One of the park's caisses, or CAISSE_NOT_FOUND (a caisse of another park reads as unknown). */
export async function caisseOfPark(db: Reader, parkId: string, caisseId: string): Promise<CaisseRef> {
  // A caisse id some form sent as text: anything but an id names no caisse (and would fail the uuid cast).
  if (!UUID_PATTERN.test(caisseId)) throw new AppError('CAISSE_NOT_FOUND');
  const [row] = await db
    .select({ id: caisses.id, name: caisses.name, systemKey: caisses.systemKey })
    .from(caisses)
    .where(and(eq(caisses.parkId, parkId), eq(caisses.id, caisseId)));
  if (!row) throw new AppError('CAISSE_NOT_FOUND');
  return row;
}

/** The ledger account holding a caisse's money. */
export function caisseLedgerAccount(db: Reader, parkId: string, caisseId: string): Promise<string> {
  return ledgerAccount(db, parkId, 'caisse', caisseId);
}

/** Whether the name is one of the reserved caisse names that can't be edited (cash, principale). */
export function isReservedCaisseName(name: string): boolean {
  return ['cash', 'principale'].includes(name.trim().toLowerCase());
}

/** Parks without their default cash account (created before this module existed). */
export async function parksWithoutCashCaisse(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select p.id from parks p where not exists (select 1 from caisses c where c.park_id = p.id and c.system_key = 'cash')`,
  );
  return rows.map((r) => r.id);
}
