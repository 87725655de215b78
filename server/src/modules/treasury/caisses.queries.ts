import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { OWNER_ROLE, type TCaisse, type TCaisseAdmin } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { fromMinor } from '../../platform/money.ts';
import { profiles, users } from '../access/access.tables.ts';
import { rolesOfProfiles } from '../access/access.queries.ts';
import { imageLink, type FilesDeps } from '../files/files.service.ts';
import { ledgerAccounts } from '../ledger/ledger.tables.ts';
import { withdrawModes } from '../withdrawals/withdrawals.tables.ts';
import { isReservedCaisseName } from './caisse-accounts.ts';
import { caisseAdmins, caisses } from './treasury.tables.ts';

/**
 * Reading caisses as the screens show them: the caisse, its operator, its balance (the sum of its
 * ledger entries, kept on its ledger account) and its administrators.
 */

export interface CaisseViewDeps {
  db: Db;
  files: Pick<FilesDeps, 'signingKey'>;
}

export type CaisseRow = typeof caisses.$inferSelect;

/** The default cash account and the caisses named cash or principale keep their name and life. */
export function isEditable(row: Pick<CaisseRow, 'systemKey' | 'name'>): boolean {
  return row.systemKey === null && !isReservedCaisseName(row.name);
}

export async function findCaisse(db: Db | Tx, parkId: string, id: string): Promise<CaisseRow | undefined> {
  const [row] = await db
    .select()
    .from(caisses)
    .where(and(eq(caisses.parkId, parkId), eq(caisses.id, id)));
  return row;
}

/**
 * The park's caisses matching `where` (on the caisses table), the default cash account first, then
 * by name. One query after the other, never Promise.all (the embedded engine shares one session).
 */
export async function caisseViews(deps: CaisseViewDeps, parkId: string, currency: string, where?: SQL): Promise<TCaisse[]> {
  const { db } = deps;
  const rows = await db
    .select({
      caisse: caisses,
      balance: ledgerAccounts.balance,
      mode: { id: withdrawModes.id, title: withdrawModes.title, image: withdrawModes.image },
    })
    .from(caisses)
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.parkId, caisses.parkId), eq(ledgerAccounts.kind, 'caisse'), eq(ledgerAccounts.ownerId, caisses.id)))
    .leftJoin(withdrawModes, eq(withdrawModes.id, caisses.withdrawModeId))
    .where(where ? and(eq(caisses.parkId, parkId), where) : eq(caisses.parkId, parkId))
    .orderBy(sql`${caisses.systemKey} is null`, asc(sql`lower(${caisses.name})`), asc(caisses.id));
  if (rows.length === 0) return [];
  const admins = await adminsOf(deps, rows.map((r) => r.caisse.id));
  return rows.map(({ caisse, balance, mode }) => {
    const caisseAdminsList = admins.filter((a) => a.caisseId === caisse.id).map(({ caisseId: _, ...a }) => a);
    return {
      id: caisse.id,
      name: caisse.name,
      description: caisse.description,
      phone: caisse.phone,
      sold: fromMinor(balance ?? 0, currency),
      vtc_withdraw: mode && mode.id !== null ? { id: mode.id, title: mode.title, image: imageLink(deps.files, mode.image) } : null,
      vtc_withdraw_id: caisse.withdrawModeId,
      admin_profiles: caisseAdminsList,
      profile_ids: caisseAdminsList.map((a) => a.profile_id),
      park_id: caisse.parkId,
      is_default: caisse.systemKey === 'cash',
      editable: isEditable(caisse),
    };
  });
}

/** Live administrators of the caisses, by last then first name, each with a role to show. */
async function adminsOf(deps: CaisseViewDeps, caisseIds: string[]): Promise<(TCaisseAdmin & { caisseId: string })[]> {
  const rows = await deps.db
    .select({
      caisseId: caisseAdmins.caisseId,
      profileId: profiles.id,
      profileRole: profiles.role,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
    })
    .from(caisseAdmins)
    .innerJoin(profiles, eq(profiles.id, caisseAdmins.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    // A removed administrator no longer shows (the row stays if they are added back).
    .where(and(inArray(caisseAdmins.caisseId, caisseIds), isNull(profiles.removedAt)))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`));
  const roles = await rolesOfProfiles(deps.db, [...new Set(rows.map((r) => r.profileId))]);
  return rows.map((r) => {
    const names = roles.filter((x) => x.profileId === r.profileId).map((x) => x.name);
    return {
      caisseId: r.caisseId,
      profile_id: r.profileId,
      first_name: r.firstName,
      last_name: r.lastName,
      role: r.profileRole === OWNER_ROLE ? 'Propriétaire' : names.length ? names.join(', ') : null,
      image: imageLink(deps.files, r.image),
    };
  });
}
