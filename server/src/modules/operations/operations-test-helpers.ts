import { and, eq } from 'drizzle-orm';
import type { Permission } from '@flotte/contract';
import type { SignedIn, TestContext } from '../../../test/test-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { balanceOf, ledgerAccount } from '../ledger/ledger.service.ts';
import { pnlAccounts } from '../pnl/pnl.tables.ts';
import { caisseLedgerAccount, defaultCashCaisse } from '../treasury/caisse-accounts.ts';
import { caisseAdmins, caisses } from '../treasury/treasury.tables.ts';

/** Test helpers of the operations module: sub-accounts by code or name, caisses, balances, people. */

export const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });

export async function subAccount(ctx: TestContext, parkId: string, by: { code?: string; name?: string }): Promise<{ id: string; code: string | null }> {
  const [row] = await ctx.database.db
    .select({ id: pnlAccounts.id, code: pnlAccounts.code })
    .from(pnlAccounts)
    .where(and(eq(pnlAccounts.parkId, parkId), by.code ? eq(pnlAccounts.code, by.code as never) : eq(pnlAccounts.name, by.name!)));
  if (!row) throw new Error(`no sub-account ${JSON.stringify(by)}`);
  return row;
}

/** A named caisse, written straight into its table (the caisse screens are another module's). */
/** Makes the profile one of the caisse's administrators: without MANAGE_CAISSE, one uses only those. */
export async function administer(ctx: TestContext, parkId: string, caisseId: string, profileId: string): Promise<void> {
  await ctx.database.db.insert(caisseAdmins).values({ caisseId, profileId, parkId });
}

export async function insertCaisse(ctx: TestContext, parkId: string, name: string): Promise<string> {
  const [row] = await ctx.database.db.insert(caisses).values({ parkId, name }).returning({ id: caisses.id });
  return row.id;
}

export const cashCaisse = async (ctx: TestContext, parkId: string) => (await defaultCashCaisse(ctx.database.db, parkId)).id;

export async function caisseBalance(ctx: TestContext, parkId: string, caisseId: string): Promise<number> {
  return balanceOf(ctx.database.db, await caisseLedgerAccount(ctx.database.db, parkId, caisseId));
}

export async function pnlBalance(ctx: TestContext, parkId: string, subAccountId: string): Promise<number> {
  return balanceOf(ctx.database.db, await ledgerAccount(ctx.database.db, parkId, 'pnl', subAccountId));
}

/** A member of the park holding a new role with these permissions. */
export async function memberWith(ctx: TestContext, owner: SignedIn, parkId: string, permissions: Permission[]): Promise<SignedIn> {
  const name = `Rôle ${permissions.join(' ').slice(0, 40)} ${Math.random().toString(36).slice(2, 6)}`;
  const role = await ctx.api('POST', '/api/role-name/add', { ...as(owner), body: { name, permissions } });
  if (role.code !== 5000) throw new Error(`role not created: ${role.message}`);
  const m = await ctx.addMember(parkId, { type: 'agent', roleNames: [name] });
  return ctx.signIn({ email: m.email, password: m.password, type: 'agent' });
}

export const now = () => toWireDate(new Date());
