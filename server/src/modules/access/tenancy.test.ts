import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { formData, TINY_PNG } from '../../../test/multipart.ts';

let ctx: TestContext;
let a: ParkFixture;
let b: ParkFixture;
let sa: SignedIn;
let sb: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await ctx.createPark({ name: 'Parc A' });
  b = await ctx.createPark({ name: 'Parc B' });
  sa = await ctx.signIn({ email: a.owner.email, password: a.owner.password, type: 'proprietaire' });
  sb = await ctx.signIn({ email: b.owner.email, password: b.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const png = TINY_PNG;
const multipart = (filename: string, content: Buffer) => formData([], [{ field: 'file', filename, content }]);

describe('authentication', () => {
  it('refuses a call without a token, with a garbage token, or with a forged one', async () => {
    expect((await ctx.api('GET', '/api/user')).status).toBe(401);
    expect((await ctx.api('GET', '/api/user', { token: 'garbage' })).code).toBe(4012);
    const forged = await new SignJWT({ sid: 'x', typ: 'proprietaire' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(a.owner.userId)
      .setIssuer('flotte')
      .setAudience('flotte-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    expect((await ctx.api('GET', '/api/user', { token: forged })).status).toBe(401);
  });

  it('refuses a token with 20 seconds or less left', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = JSON.parse(Buffer.from(sa.token.split('.')[1], 'base64url').toString());
    const nearlyExpired = await new SignJWT({ sid: claims.sid, typ: 'proprietaire' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(a.owner.userId)
      .setIssuer('flotte')
      .setAudience('flotte-api')
      .setIssuedAt(now - 880)
      .setExpirationTime(now + 15)
      .sign(ctx.config.jwtSecret);
    const r = await ctx.api('GET', '/api/user', { token: nearlyExpired, profileId: sa.profile_id });
    expect(r.status).toBe(401);
  });
});

describe('tenancy', () => {
  it('acts as the profile of the header, which must belong to the token user', async () => {
    const mine = await ctx.api('GET', '/api/user', { token: sa.token, profileId: sa.profile_id });
    expect(mine.data).toMatchObject({ profile_id: sa.profile_id, ets_name: 'Parc A', isOwner: true, role: 'OWNER' });
    expect(mine.data.parks[0]).toMatchObject({ id: a.park.id, currency: 'XAF', country_code: 'CM', time_zone: 'Africa/Douala' });

    const stolen = await ctx.api('GET', '/api/user', { token: sa.token, profileId: sb.profile_id });
    expect(stolen.status).toBe(403);
    expect(stolen.code).toBe(4033);
  });

  it("refuses a park_id of another park in the query or the body", async () => {
    const q = await ctx.api('GET', `/api/user?park_id=${b.park.id}`, { token: sa.token, profileId: sa.profile_id });
    expect(q.status).toBe(403);
    expect(q.code).toBe(4034);
    const same = await ctx.api('GET', `/api/user?park_id=${a.park.id}`, { token: sa.token, profileId: sa.profile_id });
    expect(same.code).toBe(5000);
    const body = await ctx.api('POST', '/api/verify-password', { token: sa.token, profileId: sa.profile_id, body: { password: 'x', park_id: b.park.id } });
    expect(body.status).toBe(403);
  });

  it('needs the profile_id header on park routes', async () => {
    const { body, headers } = multipart('logo.png', png);
    const r = await ctx.api('POST', '/api/file/upload', { token: sa.token, body, headers });
    expect(r.status).toBe(403);
    expect(r.code).toBe(4032);
  });

  it('lists the profiles of the user, filtered by type', async () => {
    const all = await ctx.api('GET', '/api/user/profiles', { token: sa.token });
    expect(all.data).toHaveLength(1);
    expect(all.data[0]).toMatchObject({ id: sa.profile_id, type: 'proprietaire', role: 'OWNER', park: { id: a.park.id } });
    const none = await ctx.api('GET', '/api/user/profiles?type=agent', { token: sa.token });
    expect(none.data).toEqual([]);
  });
});

describe('permissions', () => {
  it('gives the owner everything and a member only what their roles grant, related ones included', async () => {
    const owner = await ctx.api('GET', '/api/user', { token: sa.token, profileId: sa.profile_id });
    expect(owner.data.permissions).toContain('MANAGE_ACCESS');
    expect(owner.data.permissions).toContain('VIEW_ACCESS_MANAGEMENT');

    const cashier = await ctx.addMember(a.park.id, { type: 'agent', roleNames: ['Caissier'] });
    const sc = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    const me = await ctx.api('GET', '/api/user', { token: sc.token, profileId: sc.profile_id });
    expect(me.data).toMatchObject({ isOwner: false, user_type: 'agent', role_names: ['Caissier'] });
    expect(me.data.permissions).toEqual(expect.arrayContaining(['ENCAISSER', 'VIEW_CASH_COLLECTION', 'VIEW_DRIVERS', 'VIEW_DASHBOARD']));
    expect(me.data.permissions).not.toContain('MANAGE_ACCESS');
    expect(me.data.permissions).not.toContain('VIEW_ACCESS_MANAGEMENT');
  });
});

describe('PUT /api/profile/{id}', () => {
  it('changes the name and photo, and refuses a profile of someone else', async () => {
    const { body, headers } = formData({ first_name: 'Mariam', last_name: 'Unknown' }, [{ field: 'image', filename: 'me.png', content: png, type: 'image/png' }]);
    const r = await ctx.api('PUT', `/api/profile/${sa.profile_id}`, { token: sa.token, body, headers });
    expect(r.code).toBe(5000);
    expect(r.data.first_name).toBe('Mariam');
    expect(r.data.last_name).toBe('Ndiaye');
    expect(r.data.image).toMatch(/^\/api\/file\//);

    const short = await ctx.api('PUT', `/api/profile/${sa.profile_id}`, { token: sa.token, body: { first_name: 'M' } });
    expect(short.status).toBe(400);
    expect(short.message).toBe('Le prénom doit contenir au moins 2 caractères');

    const other = await ctx.api('PUT', `/api/profile/${sb.profile_id}`, { token: sa.token, body: { first_name: 'Pirate' } });
    expect(other.status).toBe(403);
  });
});
