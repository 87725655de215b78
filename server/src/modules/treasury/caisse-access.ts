import { and, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { hasPermission } from '../../platform/auth/guard.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { caisseAdmins, caisses } from './treasury.tables.ts';

/**
 * Which caisses a profile may use and see (spec 001: `GET /caisse?filter_by_profile=true` and
 * the caisses' `admin_profiles`). The one place that says it; every route taking a caisse_id
 * (operations, collections, salaries, transfers, bank operations, top-ups, withdrawals) and the
 * caisse list and detail ask here.
 *
 * Using (money in or out of it):
 * - the default cash account ('cash' system key) only with ACCESS_CAISSE_CASH;
 * - a named caisse with MANAGE_CAISSE (the owner holds it), else only if the profile is one of its
 *   administrators: a cashier works his own till, not his colleagues'.
 *
 * Seeing (the list without filter_by_profile, the detail): what one may use, plus every named
 * caisse with READ_FINANCE, whose holders read the park's finances anyway (the balance page,
 * reports). The cash account stays hidden without ACCESS_CAISSE_CASH (its balance is not offered).
 * Pickers ask with filter_by_profile=true, so they offer only what the server will accept.
 */

/** Whether the profile uses every named caisse of the park. */
export function usesEveryCaisse(acting: ActingProfile): boolean {
  return hasPermission(acting, 'MANAGE_CAISSE');
}

/** Whether the profile sees every named caisse (without using them). */
function seesEveryCaisse(acting: ActingProfile): boolean {
  return usesEveryCaisse(acting) || hasPermission(acting, 'READ_FINANCE');
}

function administeredBy(db: Db | Tx, profileId: string): SQL {
  return exists(
    db
      .select({ n: sql`1` })
      .from(caisseAdmins)
      .where(and(eq(caisseAdmins.caisseId, caisses.id), eq(caisseAdmins.profileId, profileId))),
  );
}

/**
 * A condition on the `caisses` table selecting the caisses the profile may use ('use') or see
 * ('see'); the caller adds the park.
 */
export function caisseAccessWhere(db: Db | Tx, acting: ActingProfile, mode: 'use' | 'see'): SQL | undefined {
  const all = mode === 'use' ? usesEveryCaisse(acting) : seesEveryCaisse(acting);
  const named = all ? isNull(caisses.systemKey) : and(isNull(caisses.systemKey), administeredBy(db, acting.id));
  return hasPermission(acting, 'ACCESS_CAISSE_CASH') ? or(eq(caisses.systemKey, 'cash'), named) : named;
}

async function administers(db: Db | Tx, caisseId: string, profileId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(caisseAdmins)
    .where(and(eq(caisseAdmins.caisseId, caisseId), eq(caisseAdmins.profileId, profileId)))
    .limit(1);
  return !!row;
}

/**
 * Refuses with 403 a caisse of the park (already found) the profile may not use ('use') or see
 * ('see'): the cash account without ACCESS_CAISSE_CASH is CAISSE_CASH_FORBIDDEN, another caisse
 * CAISSE_NOT_USABLE ('Vous n'avez pas accès à cette caisse.').
 */
export async function assertCaisseAccess(
  db: Db | Tx,
  acting: ActingProfile,
  caisse: { id: string; systemKey: 'cash' | null },
  mode: 'use' | 'see' = 'use',
): Promise<void> {
  if (caisse.systemKey === 'cash') {
    if (!hasPermission(acting, 'ACCESS_CAISSE_CASH')) throw new AppError('CAISSE_CASH_FORBIDDEN');
    return;
  }
  const all = mode === 'use' ? usesEveryCaisse(acting) : seesEveryCaisse(acting);
  if (!all && !(await administers(db, caisse.id, acting.id))) throw new AppError('CAISSE_NOT_USABLE');
}

/** Shorthand for the money routes: the caisse must be one the profile may use. */
export function assertCaisseUsable(db: Db | Tx, acting: ActingProfile, caisse: { id: string; systemKey: 'cash' | null }): Promise<void> {
  return assertCaisseAccess(db, acting, caisse, 'use');
}
