import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

// A person's screen fires several calls at once (user, lists, counters). On the embedded engine all
// pool connections share one session, where two connections preparing the same named statement
// used to collide and answer 500 to all but the first.
it('answers every one of many simultaneous authenticated requests', async () => {
  const { park, owner } = await ctx.createPark({ name: 'Parc concurrent' });
  const s = await ctx.signIn({ email: owner.email, password: owner.password, type: 'proprietaire' });
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      ctx.api('GET', i % 2 ? '/api/user' : `/api/park/${park.id}`, { token: s.token, profileId: s.profile_id }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
});
