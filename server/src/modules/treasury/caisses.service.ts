import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Permission, TCaisse, TCaisseInputParsed } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { hasPermission } from '../../platform/auth/guard.ts';
import type { Tx } from '../../platform/db/database.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { ledgerAccounts, ledgerEntries } from '../ledger/ledger.tables.ts';
import { withdrawModes } from '../withdrawals/withdrawals.tables.ts';
import { isReservedCaisseName } from './caisse-accounts.ts';
import { assertCaisseAccess, caisseAccessWhere } from './caisse-access.ts';
import { caisseViews, findCaisse, isEditable, type CaisseRow, type CaisseViewDeps } from './caisses.queries.ts';
import { caisseAdmins, caisses, parkTransactions } from './treasury.tables.ts';

/**
 * The caisse screens (spec 001 sections 2.2, 3, 5, 6, 7): which caisses a profile sees, and adding,
 * editing and removing caisses. Money never moves here: a caisse's balance is its ledger account.
 * Who sees and uses which caisse is decided in caisse-access.ts:
 * - GET /caisse?filter_by_profile=true (the pickers): the caisses the profile may use, all of them
 *   with MANAGE_CAISSE (the owner), else those it administers, plus the default cash account with
 *   ACCESS_CAISSE_CASH;
 * - GET /caisse without it (the balance page): those, plus every named caisse with READ_FINANCE.
 * A cashier thus lists only his till (and the cash account if allowed), whichever way he asks.
 */

/** Permissions that concern caisses: a profile with none is refused a caisse as a plain 403. */
export const MONEY_PERMISSIONS: Permission[] = ['MANAGE_CAISSE', 'CAISSE_TRANSFERT', 'READ_FINANCE', 'CREATE_OPERATION', 'RETRAIT_DE_FONDS', 'ENCAISSER', 'ACCESS_CAISSE_CASH'];

const DRIVER = 'driver';

/** GET /caisse: the caisses the acting profile may use (filter_by_profile) or see (see above). */
export function listCaisses(deps: CaisseViewDeps, acting: ActingProfile, filterByProfile: boolean): Promise<TCaisse[]> {
  return caisseViews(deps, acting.parkId, acting.park.currency, caisseAccessWhere(deps.db, acting, filterByProfile ? 'use' : 'see'));
}

/** GET /caisse/{id}: one caisse, under the same rules as the list (without filter_by_profile). */
export async function readCaisse(deps: CaisseViewDeps, acting: ActingProfile, id: string): Promise<TCaisse> {
  const row = await findCaisse(deps.db, acting.parkId, id);
  if (!row) throw new AppError('CAISSE_NOT_FOUND');
  try {
    await assertCaisseAccess(deps.db, acting, row, 'see');
  } catch (err) {
    if (!MONEY_PERMISSIONS.some((p) => hasPermission(acting, p))) throw new AppError('FORBIDDEN');
    throw err;
  }
  return view(deps, acting, id);
}

async function view(deps: CaisseViewDeps, acting: ActingProfile, id: string): Promise<TCaisse> {
  const [one] = await caisseViews(deps, acting.parkId, acting.park.currency, eq(caisses.id, id));
  if (!one) throw new AppError('CAISSE_NOT_FOUND');
  return one;
}

function assertNameAllowed(name: string): void {
  if (isReservedCaisseName(name)) {
    const message = 'Les noms « cash » et « principale » sont réservés : choisissez un autre nom';
    throw new AppError('CAISSE_NAME_RESERVED', { message, fieldErrors: [{ field: 'name', message }] });
  }
}

/** Names are unique per park whatever the case ('Caisse Douala' and 'caisse douala' would confuse). */
async function assertNameFree(tx: Tx, parkId: string, name: string, exceptId?: string): Promise<void> {
  const conds = [eq(caisses.parkId, parkId), sql`lower(${caisses.name}) = lower(${name})`];
  if (exceptId) conds.push(ne(caisses.id, exceptId));
  const [taken] = await tx.select({ id: caisses.id }).from(caisses).where(and(...conds)).limit(1);
  if (taken) throw nameTaken();
}

function nameTaken(): AppError {
  const message = 'Une caisse de ce parc porte déjà ce nom';
  return new AppError('CAISSE_NAME_TAKEN', { message, fieldErrors: [{ field: 'name', message }] });
}

/** The operator must be a withdrawal mode offered in the park's country. */
async function assertOperator(tx: Tx, parkId: string, modeId: number | undefined): Promise<void> {
  if (modeId === undefined) return;
  const [found] = await tx
    .select({ id: withdrawModes.id })
    .from(withdrawModes)
    .innerJoin(parks, eq(parks.id, parkId))
    .where(and(eq(withdrawModes.id, modeId), eq(withdrawModes.countryIso, parks.countryCode)));
  if (!found) throw new AppError('CAISSE_OPERATOR_UNKNOWN');
}

/** Administrators are live, non-driver profiles of the park. */
async function setAdmins(tx: Tx, parkId: string, caisseId: string, profileIds: string[]): Promise<void> {
  if (profileIds.length) {
    const found = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.parkId, parkId), inArray(profiles.id, profileIds), isNull(profiles.removedAt), ne(profiles.type, DRIVER)));
    if (found.length !== profileIds.length) throw new AppError('CAISSE_ADMIN_INVALID');
  }
  await tx.delete(caisseAdmins).where(and(eq(caisseAdmins.caisseId, caisseId), eq(caisseAdmins.parkId, parkId)));
  if (profileIds.length) await tx.insert(caisseAdmins).values(profileIds.map((profileId) => ({ caisseId, profileId, parkId })));
}

/** The unique index decides between two managers adding the same name at once. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/** POST /caisse. */
export async function createCaisse(deps: CaisseViewDeps, acting: ActingProfile, input: TCaisseInputParsed): Promise<TCaisse> {
  assertNameAllowed(input.name);
  const id = await saving(() =>
    deps.db.transaction(async (tx) => {
      await assertNameFree(tx, acting.parkId, input.name);
      await assertOperator(tx, acting.parkId, input.vtc_withdraw_id);
      const [row] = await tx
        .insert(caisses)
        .values({
          parkId: acting.parkId,
          name: input.name,
          description: input.description ?? null,
          phone: input.phone ?? null,
          withdrawModeId: input.vtc_withdraw_id ?? null,
          createdBy: acting.id,
        })
        .returning({ id: caisses.id });
      await setAdmins(tx, acting.parkId, row.id, input.profile_ids ?? []);
      return row.id;
    }),
  );
  return view(deps, acting, id);
}

/** Locks the caisse row for a change; 404 for another park's. */
async function lockCaisse(tx: Tx, parkId: string, id: string): Promise<CaisseRow> {
  const [row] = await tx
    .select()
    .from(caisses)
    .where(and(eq(caisses.parkId, parkId), eq(caisses.id, id)))
    .for('update');
  if (!row) throw new AppError('CAISSE_NOT_FOUND');
  return row;
}

/**
 * PUT /caisse/update/{id}: the whole form (description, phone and operator become what is sent);
 * the administrators change only when profile_ids is sent.
 */
export async function updateCaisse(deps: CaisseViewDeps, acting: ActingProfile, id: string, input: TCaisseInputParsed): Promise<TCaisse> {
  await saving(() =>
    deps.db.transaction(async (tx) => {
      const row = await lockCaisse(tx, acting.parkId, id);
      if (!isEditable(row)) throw new AppError('CAISSE_NOT_EDITABLE');
      assertNameAllowed(input.name);
      await assertNameFree(tx, acting.parkId, input.name, id);
      await assertOperator(tx, acting.parkId, input.vtc_withdraw_id);
      await tx
        .update(caisses)
        .set({ name: input.name, description: input.description ?? null, phone: input.phone ?? null, withdrawModeId: input.vtc_withdraw_id ?? null })
        .where(and(eq(caisses.id, id), eq(caisses.parkId, acting.parkId)));
      if (input.profile_ids) await setAdmins(tx, acting.parkId, id, input.profile_ids);
    }),
  );
  return view(deps, acting, id);
}

/**
 * DELETE /caisse/delete/{id}: only a caisse that never held money. The row lock makes a transfer
 * or an operation naming the caisse wait for the delete (then find no caisse), or the delete wait
 * for them (then find their history); operations of other modules that reference the caisse also
 * stop the delete through their foreign key.
 */
export async function deleteCaisse(deps: CaisseViewDeps, acting: ActingProfile, id: string): Promise<{ id: string }> {
  await deps.db.transaction(async (tx) => {
    const row = await lockCaisse(tx, acting.parkId, id);
    if (!isEditable(row)) throw new AppError('CAISSE_NOT_DELETABLE');
    const [account] = await tx
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.parkId, acting.parkId), eq(ledgerAccounts.kind, 'caisse'), eq(ledgerAccounts.ownerId, id)));
    if (account && account.balance !== 0) throw new AppError('CAISSE_HAS_BALANCE');
    const [entry] = account ? await tx.select({ n: sql<number>`1` }).from(ledgerEntries).where(eq(ledgerEntries.accountId, account.id)).limit(1) : [];
    const [movement] = await tx
      .select({ n: sql<number>`1` })
      .from(parkTransactions)
      .where(and(eq(parkTransactions.parkId, acting.parkId), or(eq(parkTransactions.caisseId, id), eq(parkTransactions.targetCaisseId, id))))
      .limit(1);
    if (entry || movement) throw new AppError('CAISSE_HAS_HISTORY');
    try {
      await tx.delete(caisses).where(and(eq(caisses.id, id), eq(caisses.parkId, acting.parkId)));
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new AppError('CAISSE_HAS_HISTORY');
      throw err;
    }
  });
  return { id };
}
