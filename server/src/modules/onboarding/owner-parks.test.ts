import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { registeredParkSetups } from '../access/park-setup.ts';
import { vehicleBody } from '../vehicles/vehicle-test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const as = (s: { token: string; profile_id: string }, profileId = s.profile_id) => ({ token: s.token, profileId });

async function owner(): Promise<{ s: SignedIn; parkId: string }> {
  const fx = await ctx.createPark({ name: 'Parc Principal' });
  const s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  return { s, parkId: fx.park.id };
}

describe('POST /api/park', () => {
  it("opens another park for the owner, set up from its country, with his owner profile in it", async () => {
    const { s } = await owner();
    const r = await ctx.api('POST', '/api/park', { ...as(s), body: { name: 'Parc de Dakar', city: 'Dakar', country_code: 'SN' } });
    expect(r.status, r.message).toBe(200);
    expect(r.message).toBe('Parc créé : Parc de Dakar');
    expect(r.data).toMatchObject({ type: 'proprietaire', role: 'OWNER', roles: [] });
    expect(r.data.park).toMatchObject({ name: 'Parc de Dakar', city: 'Dakar', country_code: 'SN', currency: 'XOF', phone_code: '221', time_zone: 'Africa/Dakar' });
    for (const setup of registeredParkSetups()) {
      expect(await setup.missing(ctx.database.db), setup.name).not.toContain(r.data.park.id);
    }
    const profiles = await ctx.api('GET', '/api/user/profiles?type=proprietaire', as(s));
    expect(profiles.data.map((p: { park: { name: string } }) => p.park.name)).toEqual(['Parc Principal', 'Parc de Dakar']);
    // The new profile acts in the new park: GET /api/user names it.
    const me = await ctx.api('GET', '/api/user', as(s, r.data.id));
    expect(me.data).toMatchObject({ profile_id: r.data.id, ets_name: 'Parc de Dakar', isOwner: true });
  });

  it('refuses a member who is not the owner, and bad fields in French', async () => {
    const { parkId } = await owner();
    const member = await ctx.addMember(parkId, { type: 'agent', roleNames: ['Gestionnaire'] });
    const m = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
    const r = await ctx.api('POST', '/api/park', { ...as(m), body: { name: 'Parc Intrus', city: 'Douala', country_code: 'CM' } });
    expect(r.status).toBe(403);
    expect(r.message).toBe('Seul un propriétaire de parc peut créer un nouveau parc.');

    const { s } = await owner();
    const bad = await ctx.api('POST', '/api/park', { ...as(s), body: { name: 'P', country_code: 'GA' } });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Le nom du parc doit contenir au moins 2 caractères' },
        { field: 'city', message: 'La ville est requise' },
        { field: 'country_code', message: 'Choisissez un pays' },
      ]),
    );
  });
});

describe('an owner with two parks', () => {
  it("sees each park's data apart, through the profile he acts with", async () => {
    const { s } = await owner();
    const second = await ctx.api('POST', '/api/park', { ...as(s), body: { name: 'Parc Deux', city: 'Kinshasa', country_code: 'CD' } });
    const inFirst = await ctx.api('POST', '/api/vehicle', { ...as(s), body: vehicleBody({ registration_number: 'LT-FIRST-1' }) });
    expect(inFirst.status, inFirst.message).toBe(200);

    const list = (profileId: string) => ctx.api('GET', '/api/vehicle?page=1&itemPerPage=10', as(s, profileId));
    expect((await list(s.profile_id)).data.items.map((v: { registration_number: string }) => v.registration_number)).toEqual(['LT-FIRST-1']);
    expect((await list(second.data.id)).data.meta.total).toBe(0);
    // Naming the first park's vehicle while acting in the second reaches nothing.
    const cross = await ctx.api('GET', `/api/vehicle/${inFirst.data.id}`, as(s, second.data.id));
    expect([403, 404]).toContain(cross.status);

    const first = await ctx.api('GET', '/api/park/checklist', as(s));
    const other = await ctx.api('GET', '/api/park/checklist', as(s, second.data.id));
    expect(first.data.steps.find((x: { step: string }) => x.step === 'vehicle').done).toBe(true);
    expect(other.data.steps.every((x: { done: boolean }) => !x.done)).toBe(true);
    expect(other.data.done).toBe(false);
  });
});

describe('GET /api/park/checklist', () => {
  it('ticks each step once the park holds what it asks for', async () => {
    const { s, parkId } = await owner();
    const done = async () => Object.fromEntries((await ctx.api('GET', '/api/park/checklist', as(s))).data.steps.map((x: { step: string; done: boolean }) => [x.step, x.done]));
    expect(await done()).toEqual({ vehicle: false, driver: false, planning: false, recipes: false, agent: false });
    await ctx.api('POST', '/api/vehicle', { ...as(s), body: vehicleBody() });
    await ctx.addMember(parkId, { type: 'agent', roleNames: ['Caissier'] });
    expect(await done()).toEqual({ vehicle: true, driver: false, planning: false, recipes: false, agent: true });
  });
});
