import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';

let ctx: TestContext;
let fx: ParkFixture;
let s: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  fx = await ctx.createPark();
  s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});

const call = (url: string, body: unknown, session = s) => ctx.api('POST', url, { token: session.token, body });
const me = async () => (await ctx.api('GET', '/api/user', { token: s.token, profileId: s.profile_id })).data;

describe('PIN code', () => {
  it('is set on first sign-in without the password, and then says so on the user', async () => {
    expect(s.has_pin_code).toBe(false);
    const r = await call('/api/update-pin-code', { code: '24680' });
    expect(r.code).toBe(5000);
    expect(r.message).toBe('Code PIN défini avec succès !');
    expect((await me()).has_pin_code).toBe(true);
  });

  it('must be exactly 5 digits', async () => {
    for (const code of ['1234', '123456', 'abcde']) {
      const r = await call('/api/update-pin-code', { code });
      expect(r.status).toBe(400);
      expect(r.message).toBe('Veuillez entrer un code PIN à 5 chiffres');
    }
  });

  it('can be changed only with the password', async () => {
    await call('/api/update-pin-code', { code: '24680' });
    expect((await call('/api/update-pin-code', { code: '13579' })).code).toBe(4225);
    expect((await call('/api/update-pin-code', { code: '13579', password: 'Faux#2026' })).code).toBe(4015);
    expect((await call('/api/update-pin-code', { code: '13579', password: fx.owner.password })).code).toBe(5000);
    expect((await call('/api/verify-pin-code', { code: '13579' })).code).toBe(5000);
  });

  it('verifies, and a wrong PIN answers the spec message', async () => {
    await call('/api/update-pin-code', { code: '24680' });
    const ok = await call('/api/verify-pin-code', { code: '24680' });
    expect(ok.code).toBe(5000);
    expect(ok.message).toBe('Identité vérifiée avec succès !');
    const bad = await call('/api/verify-pin-code', { code: '11111' });
    expect(bad.status).toBe(422);
    expect(bad.message).toBe('Code PIN incorrect. Veuillez réessayer.');
  });

  it('locks after 5 failures, even for the right PIN, until set again with the password', async () => {
    await call('/api/update-pin-code', { code: '24680' });
    for (let i = 0; i < 4; i++) expect((await call('/api/verify-pin-code', { code: '11111' })).status).toBe(422);
    expect((await call('/api/verify-pin-code', { code: '11111' })).status).toBe(429);
    const right = await call('/api/verify-pin-code', { code: '24680' });
    expect(right.status).toBe(429);
    expect(right.code).toBe(4293);
    await call('/api/update-pin-code', { code: '97531', password: fx.owner.password });
    expect((await call('/api/verify-pin-code', { code: '97531' })).code).toBe(5000);
  });

  it('answers clearly when no PIN was set yet', async () => {
    const r = await call('/api/verify-pin-code', { code: '12345' });
    expect(r.status).toBe(422);
    expect(r.code).toBe(4224);
  });

  it('needs a session', async () => {
    const r = await ctx.api('POST', '/api/verify-pin-code', { body: { code: '12345' } });
    expect(r.status).toBe(401);
  });
});

describe('POST /api/verify-password', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    expect((await call('/api/verify-password', { password: fx.owner.password })).data).toEqual({ valid: true });
    const bad = await call('/api/verify-password', { password: 'Faux#2026' });
    expect(bad.status).toBe(422);
    expect(bad.message).toBe('Mot de passe incorrect.');
  });
});
