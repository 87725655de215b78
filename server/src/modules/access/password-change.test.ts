import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';

let ctx: TestContext;
let fx: ParkFixture;
let s: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
// A fresh owner per test: codes sent to one address are capped.
beforeEach(async () => {
  fx = await ctx.createPark();
  s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});

const change = (body: unknown, who: SignedIn = s) => ctx.api('POST', '/api/admin-reset-password', { token: who.token, body });
const NEW = 'Nouveau#2027';

describe('POST /api/admin-reset-password', () => {
  it('sets the new password: the old one no longer signs in, the new one does', async () => {
    const r = await change({ email: fx.owner.email, password: fx.owner.password, new_password: NEW, new_password_confirm: NEW });
    expect(r.code).toBe(5000);
    expect(r.message).toBe('Mot de passe mis à jour.');
    expect(r.data).toEqual({ changed: true });
    const old = await ctx.api('POST', '/api/login', { body: { type: 'proprietaire', credentials: { email: fx.owner.email, password: fx.owner.password } } });
    expect(old.status).toBe(401);
    const fresh = await ctx.api('POST', '/api/login', { body: { type: 'proprietaire', credentials: { email: fx.owner.email, password: NEW } } });
    expect(fresh.code).toBe(5000);
  });

  it('ends the other sessions of the account and keeps the current one', async () => {
    const phone = await ctx.signIn({ phone: fx.owner.phone, password: fx.owner.password, type: 'proprietaire' });
    expect((await ctx.api('GET', '/api/user', { token: phone.token, profileId: phone.profile_id })).code).toBe(5000);
    expect((await change({ password: fx.owner.password, new_password: NEW })).code).toBe(5000);

    const other = await ctx.api('GET', '/api/user', { token: phone.token, profileId: phone.profile_id });
    expect(other.status).toBe(401);
    const refresh = await ctx.api('POST', '/api/refresh-token', { body: { refresh_token: phone.refresh_token } });
    expect(refresh.status).toBe(401);
    const mine = await ctx.api('GET', '/api/user', { token: s.token, profileId: s.profile_id });
    expect(mine.code).toBe(5000);
    expect((await ctx.api('POST', '/api/refresh-token', { body: { refresh_token: s.refresh_token } })).code).toBe(5000);
  });

  it('refuses a wrong old password and changes nothing', async () => {
    const r = await change({ password: 'Faux#2026', new_password: NEW });
    expect(r.status).toBe(422);
    expect(r.message).toBe('Ancien mot de passe incorrect');
    const still = await ctx.api('POST', '/api/login', { body: { type: 'proprietaire', credentials: { email: fx.owner.email, password: fx.owner.password } } });
    expect(still.code).toBe(5000);
  });

  it("answers spec 002's password messages", async () => {
    const cases: [unknown, string, string][] = [
      [{ password: fx.owner.password, new_password: 'Ab#1' }, 'new_password', 'Le mot de passe doit contenir au moins 8 caractères.'],
      [
        { password: fx.owner.password, new_password: 'abcdefgh1!' },
        'new_password',
        'Le mot de passe doit contenir au moins une lettre majuscule, une lettre minuscule, un chiffre et un caractère spécial.',
      ],
      [
        { password: fx.owner.password, new_password: 'Abcdefgh1' },
        'new_password',
        'Le mot de passe doit contenir au moins une lettre majuscule, une lettre minuscule, un chiffre et un caractère spécial.',
      ],
      [{ password: fx.owner.password, new_password: NEW, new_password_confirm: 'Nouveau#2028' }, 'new_password_confirm', 'Les mots de passe ne correspondent pas.'],
      [{ password: fx.owner.password, new_password: fx.owner.password }, 'new_password', "Le nouveau mot de passe doit être différent de l'ancien"],
      [{ new_password: NEW }, 'password', "L'ancien mot de passe est requis"],
    ];
    for (const [body, field, message] of cases) {
      const r = await change(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toBe(message);
      expect(r.data.errors).toContainEqual({ field, message });
    }
  });

  it('needs a session', async () => {
    const r = await ctx.api('POST', '/api/admin-reset-password', { body: { password: fx.owner.password, new_password: NEW } });
    expect(r.status).toBe(401);
  });
});
