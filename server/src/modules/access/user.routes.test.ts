import { afterAll, beforeAll, expect, it } from 'vitest';
import { ZUser } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { zEnvelope } from '../../platform/envelope.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

// GET /api/user is sent as built (serializeBuiltAnswer), not through the zod serializer: its answer
// must still be exactly what the response schema describes, field for field and in its order.
it('answers GET /api/user exactly as its response schema describes it, owner and member alike', async () => {
  const { park, owner } = await ctx.createPark({ name: 'Parc du schéma' });
  const member = await ctx.addMember(park.id, { type: 'agent', roleNames: ['Caissier'] });
  const asOwner = await ctx.signIn({ email: owner.email, password: owner.password, type: 'proprietaire' });
  const asMember = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });

  for (const s of [asOwner, asMember]) {
    const me = await ctx.api('GET', '/api/user', { token: s.token, profileId: s.profile_id });
    expect(me.status).toBe(200);
    const body = me.raw.body;
    const checked = zEnvelope(ZUser).parse(JSON.parse(body));
    expect(JSON.stringify(checked)).toBe(body);
  }
});
