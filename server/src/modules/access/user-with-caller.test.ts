import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { loadCaller, userWithParks } from './access.queries.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** The session the person's last sign-in opened. */
async function lastSession(userId: string): Promise<string> {
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    'select id from sessions where user_id = $1 order by created_at desc limit 1',
    [userId],
  );
  return rows[0].id;
}

// GET /api/user reads the user and their parks with the caller (route config `withUser`): the same
// answer as the handler's own statement, in one round trip instead of two.
it('brings along, with the caller, the user and parks the separate statement reads', async () => {
  const { park } = await ctx.createPark({ name: 'Parc avec utilisateur' });
  const member = await ctx.addMember(park.id, { type: 'agent', roleNames: ['Gestionnaire', 'Caissier'] });
  const s = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
  const sessionId = await lastSession(member.userId);

  for (const profileId of [s.profile_id, null]) {
    const withUser = await loadCaller(ctx.database.db, { userId: member.userId, sessionId, profileId, withUser: true });
    const plain = await loadCaller(ctx.database.db, { userId: member.userId, sessionId, profileId });
    expect(withUser?.profile).toEqual(plain?.profile);
    expect(plain?.user).toBeUndefined();
    const separate = await userWithParks(ctx.database.db, member.userId, withUser?.profile?.id ?? null);
    expect(withUser?.user).toEqual(separate);
  }
  const me = await ctx.api('GET', '/api/user', { token: s.token, profileId: s.profile_id });
  expect(me.status).toBe(200);
  expect(me.data.role_names).toEqual(['Caissier', 'Gestionnaire']);
  expect(me.data.parks.map((p: { id: string }) => p.id)).toEqual([park.id]);
});
