import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

// The vehicle-group form picks its administrators among the park's: whoever manages groups may
// list them, without being able to change who administers the park.
it('lets a group manager list the administrators, and nothing more', async () => {
  const { park, owner } = await ctx.createPark({ name: 'Parc des groupes' });
  const o = await ctx.signIn({ email: owner.email, password: owner.password, type: 'proprietaire' });
  const role = await ctx.api('POST', '/api/role-name/add', {
    token: o.token,
    profileId: o.profile_id,
    body: { name: 'Chef de groupe', permissions: ['MANAGE_VEHICLE_GROUPS'] },
  });
  expect(role.code).toBe(5000);
  const member = await ctx.addMember(park.id, { type: 'agent', roleNames: ['Chef de groupe'] });
  const m = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
  const as = { token: m.token, profileId: m.profile_id };

  const list = await ctx.api('GET', `/api/admin?park_id=${park.id}&itemPerPage=10`, as);
  expect(list.status).toBe(200);
  expect(list.data.items.map((a: { first_name: string }) => a.first_name)).toEqual(['Awa', 'Koffi']);

  const add = await ctx.api('POST', '/api/admin/add', { ...as, body: { first_name: 'Intrus', last_name: 'Intrus', email: 'intrus@test.flotte', role_ids: [role.data.id] } });
  expect(add.status).toBe(403);
  expect((await ctx.api('GET', '/api/role-name', as)).status).toBe(403);
});
