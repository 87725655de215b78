import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { parks, roles, users } from '../access/access.tables.ts';
import { addProfile } from '../access/parks.service.ts';
import { addRole, formData, png } from './park-test-helpers.ts';

let ctx: TestContext;
let fx: ParkFixture;
let s: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  fx = await ctx.createPark({ name: 'Parc à supprimer' });
  s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  expect((await ctx.api('POST', '/api/update-pin-code', { token: s.token, body: { code: '24680' } })).code).toBe(5000);
});

const as = (who: SignedIn = s) => ({ token: who.token, profileId: who.profile_id });
const deleteAccount = (who: SignedIn = s) => ctx.api('DELETE', '/api/account', as(who));
const login = (email: string, password: string, type = 'proprietaire') =>
  ctx.api('POST', '/api/login', { body: { type, credentials: { email, password } } });

describe('DELETE /api/account', () => {
  it('deletes the park and its data; an owner with no other park can no longer sign in', async () => {
    const upload = formData({}, [{ field: 'file', filename: 'carte-grise.png', content: png }]);
    expect((await ctx.api('POST', '/api/file/upload', { ...as(), ...upload })).code).toBe(5000);
    const folder = path.join(ctx.config.dataDir, 'uploads', fx.park.id);
    expect(existsSync(folder)).toBe(true);

    const r = await deleteAccount();
    expect(r.code).toBe(5000);
    expect(r.message).toBe('Compte supprimé avec succès');
    expect(r.data).toEqual({ deleted: true });

    expect(await ctx.database.db.select().from(parks).where(eq(parks.id, fx.park.id))).toEqual([]);
    expect(await ctx.database.db.select().from(roles).where(eq(roles.parkId, fx.park.id))).toEqual([]);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, fx.owner.userId))).toEqual([]);
    expect(existsSync(folder)).toBe(false);
    expect((await ctx.api('GET', '/api/user', as())).status).toBe(401);
    const again = await login(fx.owner.email, fx.owner.password);
    expect(again.status).toBe(401);
    expect(again.message).toBe('Identifiant ou mot de passe incorrect.');
  });

  it('ends the sessions of everyone acting in the park; who has a profile elsewhere keeps it and their account', async () => {
    const onlyHere = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Caissier'] });
    const sOnlyHere = await ctx.signIn({ email: onlyHere.email, password: onlyHere.password, type: 'agent' });

    const elsewhere = await ctx.createPark({ name: 'Autre parc' });
    const both = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Caissier'] });
    await addProfile(ctx.database.db, { userId: both.userId, parkId: elsewhere.park.id, type: 'agent', roleNames: ['Caissier'] });
    const sBoth = await ctx.signIn({ email: both.email, password: both.password, type: 'agent' });
    expect(sBoth.park_id).toBe(fx.park.id);
    // Their photo was uploaded through this park, so it lives in the park's folder.
    const photo = formData({}, [{ field: 'image', filename: 'moi.png', content: png }]);
    expect((await ctx.api('PUT', `/api/profile/${sBoth.profile_id}`, { token: sBoth.token, ...photo })).data.image).toBeTruthy();
    // The owner of the park being deleted also owns another one.
    await addProfile(ctx.database.db, { userId: elsewhere.owner.userId, parkId: fx.park.id, type: 'agent' });

    expect((await deleteAccount()).code).toBe(5000);

    expect((await ctx.api('GET', '/api/user', as(sOnlyHere))).status).toBe(401);
    expect((await login(onlyHere.email, onlyHere.password, 'agent')).status).toBe(401);

    expect((await ctx.api('GET', '/api/user', as(sBoth))).status).toBe(401);
    const back = await ctx.signIn({ email: both.email, password: both.password, type: 'agent' });
    expect(back.park_id).toBe(elsewhere.park.id);
    const profilesLeft = await ctx.api('GET', '/api/user/profiles', { token: back.token });
    expect(profilesLeft.data.map((p: { park: { id: string } }) => p.park.id)).toEqual([elsewhere.park.id]);
    expect((await ctx.api('GET', '/api/user', as(back))).data.image).toBeNull();

    expect((await login(elsewhere.owner.email, elsewhere.owner.password)).code).toBe(5000);
    expect(await ctx.database.db.select().from(parks).where(eq(parks.id, elsewhere.park.id))).toHaveLength(1);
  });

  it('needs the PIN verified on this session: refused before, done after POST /api/verify-pin-code', async () => {
    const fresh = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
    const before = await deleteAccount(fresh);
    expect(before.status).toBe(403);
    expect(before.code).toBe(4031);
    expect(await ctx.database.db.select().from(parks).where(eq(parks.id, fx.park.id))).toHaveLength(1);

    expect((await ctx.api('POST', '/api/verify-pin-code', { token: fresh.token, body: { code: '24680' } })).code).toBe(5000);
    expect((await deleteAccount(fresh)).code).toBe(5000);
  });

  it('needs DELETE_ACCOUNT, which a member may hold through a role', async () => {
    const cashier = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Caissier'] });
    const sc = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    await ctx.api('POST', '/api/update-pin-code', { token: sc.token, body: { code: '13579' } });
    const refused = await deleteAccount(sc);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(4030);
    expect(await ctx.database.db.select().from(parks).where(eq(parks.id, fx.park.id))).toHaveLength(1);

    await addRole(ctx, fx.park.id, 'Liquidateur', ['DELETE_ACCOUNT']);
    const closer = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Liquidateur'] });
    const sl = await ctx.signIn({ email: closer.email, password: closer.password, type: 'agent' });
    await ctx.api('POST', '/api/update-pin-code', { token: sl.token, body: { code: '97531' } });
    expect((await deleteAccount(sl)).code).toBe(5000);
    expect(await ctx.database.db.select().from(parks).where(eq(parks.id, fx.park.id))).toEqual([]);
  });
});
