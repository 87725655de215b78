import type { Permission, TCaisse } from '@flotte/contract';
import type { ParkFixture, SignedIn, TestContext } from '../../../test/test-context.ts';

/** What the caisse and transfer tests share: acting as someone, members holding chosen permissions, funding a caisse. */
export const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });

let roles = 0;

/** A member of the park (type agent) whose one role holds exactly these permissions. */
export async function memberWith(ctx: TestContext, fx: ParkFixture, owner: SignedIn, permissions: Permission[]): Promise<SignedIn> {
  const roleNames: string[] = [];
  if (permissions.length) {
    const name = `Rôle de test ${++roles}`;
    const role = await ctx.api('POST', '/api/role-name/add', { ...as(owner), body: { name, permissions } });
    if (role.code !== 5000) throw new Error(`role: ${role.message}`);
    roleNames.push(name);
  }
  const m = await ctx.addMember(fx.park.id, { type: 'agent', roleNames });
  return ctx.signIn({ email: m.email, password: m.password, type: 'agent' });
}

export async function addCaisse(ctx: TestContext, who: SignedIn, body: Record<string, unknown>): Promise<TCaisse> {
  const r = await ctx.api('POST', '/api/caisse', { ...as(who), body });
  if (r.code !== 5000) throw new Error(`caisse: ${r.message}`);
  return r.data as TCaisse;
}

/** Makes these profiles the caisse's administrators (the owner edits the caisse). */
export async function administer(ctx: TestContext, owner: SignedIn, caisse: TCaisse, profileIds: string[]): Promise<void> {
  const r = await ctx.api('PUT', `/api/caisse/update/${caisse.id}`, { ...as(owner), body: { name: caisse.name, profile_ids: profileIds } });
  if (r.code !== 5000) throw new Error(`administer: ${r.message}`);
}

/** Cash brought from the bank into the caisse (the bank operation). */
export async function fund(ctx: TestContext, who: SignedIn, caisseId: string, amount: number): Promise<void> {
  const r = await ctx.api('POST', '/api/transaction/bank-operation', { ...as(who), body: { caisse_id: caisseId, amount } });
  if (r.code !== 5000) throw new Error(`bank operation: ${r.message}`);
}

export async function soldOf(ctx: TestContext, who: SignedIn, caisseId: string): Promise<number> {
  const r = await ctx.api('GET', `/api/caisse/${caisseId}`, as(who));
  if (r.code !== 5000) throw new Error(`read caisse: ${r.message}`);
  return (r.data as TCaisse).sold;
}
