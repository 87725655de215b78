import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type ParkFixture, type TestContext } from '../../../test/test-context.ts';

let ctx: TestContext;
let fx: ParkFixture;

beforeAll(async () => {
  ctx = await createTestContext();
});
// A fresh park and owner per test: codes sent to one address are capped, and tests run in any order.
beforeEach(async () => {
  fx = await ctx.createPark();
});
afterAll(() => ctx.close());

const login = (body: unknown, headers?: Record<string, string>) => ctx.api('POST', '/api/login', { body, headers });

describe('POST /api/login', () => {
  it('sends a one-time code to the email used and names the challenge', async () => {
    const r = await login({ type: 'proprietaire', credentials: { email: fx.owner.email, password: fx.owner.password } });
    expect(r.status).toBe(200);
    expect(r.code).toBe(5000);
    expect(r.data).toMatchObject({ otp_required: true, canal_type: 'email', expires_in: 600 });
    expect(r.data.sent_to).not.toContain(fx.owner.email.split('@')[0]);
    expect(await ctx.latestOtp(fx.owner.email)).toMatch(/^\d{6}$/);
  });

  it('accepts the phone, with spaces, and sends the code by SMS', async () => {
    const spaced = fx.owner.phone.replace(/^(\+\d{3})(\d{3})/, '$1 $2 ');
    const r = await login({ type: 'proprietaire', credentials: { phone: spaced, password: fx.owner.password } });
    expect(r.code).toBe(5000);
    expect(r.data.canal_type).toBe('sms');
  });

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const wrong = await login({ type: 'proprietaire', credentials: { email: fx.owner.email, password: 'Nope#2026' } });
    const unknown = await login({ type: 'proprietaire', credentials: { email: 'nobody@test.flotte', password: 'Nope#2026' } });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.code).toBe(4014);
      expect(r.message).toBe('Identifiant ou mot de passe incorrect.');
    }
  });

  it("lists invalid fields with the spec's French messages, after dropping empty and 'Unknown' values", async () => {
    const r = await login({ type: 'proprietaire', credentials: { email: 'pas-un-email', password: 'Unknown' } });
    expect(r.status).toBe(400);
    expect(r.code).toBe(4001);
    expect(r.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'credentials.email', message: "Format d'email invalide" },
        { field: 'credentials.password', message: 'Le mot de passe est requis' },
      ]),
    );
    const phone = await login({ type: 'agent', credentials: { phone: '12345', password: 'x' } });
    expect(phone.data.errors).toContainEqual({ field: 'credentials.phone', message: 'Format de numéro de téléphone invalide' });
  });

  it('refuses a login type the account has no profile for', async () => {
    const r = await login({ type: 'driver', credentials: { email: fx.owner.email, password: fx.owner.password } });
    expect(r.status).toBe(403);
    expect(r.code).toBe(4036);
  });
});

describe('POST /api/login-verify-otp', () => {
  async function start(email = fx.owner.email, password = fx.owner.password) {
    const r = await login({ type: 'proprietaire', credentials: { email, password } });
    return { code: r.data.code as string, otp: await ctx.latestOtp(email) };
  }
  const verify = (body: unknown, headers?: Record<string, string>) => ctx.api('POST', '/api/login-verify-otp', { body, headers });

  it('opens a session with the right code, once', async () => {
    const { code, otp } = await start();
    const r = await verify({ otp, code, email: fx.owner.email });
    expect(r.code).toBe(5000);
    expect(r.data).toMatchObject({ user_type: 'proprietaire', park_id: fx.park.id, has_pin_code: false, expires_in: 900 });
    expect(r.data.token).toBeTruthy();
    expect(r.data.refresh_token).toBeTruthy();
    const again = await verify({ otp, code, email: fx.owner.email });
    expect(again.status).toBe(422);
    expect(again.code).toBe(4222);
  });

  it('counts down wrong codes, then locks the challenge even for the right code', async () => {
    const { code, otp } = await start();
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const r = await verify({ otp: wrong, code, email: fx.owner.email });
      expect(r.status).toBe(422);
      expect(r.data.attempts_left).toBe(left);
    }
    const fifth = await verify({ otp: wrong, code, email: fx.owner.email });
    expect(fifth.status).toBe(429);
    const right = await verify({ otp, code, email: fx.owner.email });
    expect(right.status).toBe(429);
    expect(right.code).toBe(4291);
  });

  it('refuses parallel guesses beyond five tries', async () => {
    const { code, otp } = await start();
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify({ otp: wrong, code, email: fx.owner.email })));
    // Five tries were spent (four told "wrong", the fifth locked), every other guess was refused.
    expect(answers.filter((a) => a.status === 422)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    expect((await verify({ otp, code, email: fx.owner.email })).status).toBe(429);
  });

  it('refuses an expired code', async () => {
    const { code, otp } = await start();
    await ctx.database.db.execute(sql`update otp_challenges set expires_at = now() - interval '1 second' where id = ${code}`);
    const r = await verify({ otp, code, email: fx.owner.email });
    expect(r.status).toBe(422);
    expect(r.code).toBe(4222);
  });

  it("refuses someone else's challenge", async () => {
    const { code, otp } = await start();
    const r = await verify({ otp, code, email: 'intrus@test.flotte' });
    expect(r.status).toBe(422);
    expect(r.code).toBe(4221);
  });
});

describe('POST /api/resent-otp', () => {
  it('sends a new code that replaces the old one, at most 3 sends in 15 minutes', async () => {
    const member = await ctx.addMember(fx.park.id, { type: 'agent' });
    const first = await login({ type: 'agent', credentials: { email: member.email, password: member.password } });
    const oldOtp = await ctx.latestOtp(member.email);
    const second = await ctx.api('POST', '/api/resent-otp', { body: { email: member.email, canal_type: 'email', code: first.data.code } });
    expect(second.code).toBe(5000);
    expect(second.data.code).toBe(first.data.code);
    const newOtp = await ctx.latestOtp(member.email);
    await ctx.api('POST', '/api/resent-otp', { body: { email: member.email, canal_type: 'email', code: first.data.code } });
    const fourth = await ctx.api('POST', '/api/resent-otp', { body: { email: member.email, canal_type: 'email', code: first.data.code } });
    expect(fourth.status).toBe(429);
    expect(fourth.code).toBe(4292);
    const latest = await ctx.latestOtp(member.email);
    if (oldOtp !== latest) {
      const stale = await ctx.api('POST', '/api/login-verify-otp', { body: { email: member.email, otp: oldOtp, code: first.data.code } });
      expect(stale.status).toBe(422);
    }
    expect(newOtp).toMatch(/^\d{6}$/);
    const ok = await ctx.api('POST', '/api/login-verify-otp', { body: { email: member.email, otp: latest, code: first.data.code } });
    expect(ok.code).toBe(5000);
  });

  it('can send the code by SMS to the phone of an account that signed in by email', async () => {
    const member = await ctx.addMember(fx.park.id, { type: 'agent' });
    const first = await login({ type: 'agent', credentials: { email: member.email, password: member.password } });
    const r = await ctx.api('POST', '/api/resent-otp', { body: { email: member.email, canal_type: 'sms', code: first.data.code } });
    expect(r.data.canal_type).toBe('sms');
    expect(await ctx.latestOtp(member.phone)).toMatch(/^\d{6}$/);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; reusing a spent one revokes the whole session', async () => {
    const s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
    const r1 = await ctx.api('POST', '/api/refresh-token', { body: { refresh_token: s.refresh_token } });
    expect(r1.code).toBe(5000);
    expect(r1.data.refresh_token).not.toBe(s.refresh_token);
    const me = await ctx.api('GET', '/api/user', { token: r1.data.token, profileId: s.profile_id });
    expect(me.code).toBe(5000);

    const reuse = await ctx.api('POST', '/api/refresh-token', { body: { refresh_token: s.refresh_token } });
    expect(reuse.status).toBe(401);
    expect(reuse.message).toBe('Échec du rafraîchissement du token');
    const next = await ctx.api('POST', '/api/refresh-token', { body: { refresh_token: r1.data.refresh_token } });
    expect(next.status).toBe(401);
    const after = await ctx.api('GET', '/api/user', { token: r1.data.token, profileId: s.profile_id });
    expect(after.status).toBe(401);
  });

  it('travel only in an httpOnly cookie for the web client', async () => {
    const s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire', webClient: true });
    expect(s.refresh_token).toBeUndefined();
    expect(s.cookie).toBeTruthy();
    const r = await ctx.api('POST', '/api/refresh-token', { body: {}, headers: { 'x-flotte-client': 'web' }, cookies: { flotte_rt: s.cookie! } });
    expect(r.code).toBe(5000);
    expect(r.data.refresh_token).toBeUndefined();
    const set = r.raw.cookies.find((c) => c.name === 'flotte_rt')!;
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    // The cookie alone is not accepted from a caller that doesn't say it is the web client.
    const noHeader = await ctx.api('POST', '/api/refresh-token', { body: {}, cookies: { flotte_rt: set.value } });
    expect(noHeader.status).toBe(401);
  });

  it('come with a readable session hint for the web client, set and cleared with the refresh cookie', async () => {
    const s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire', webClient: true });
    const web = { 'x-flotte-client': 'web' };
    const r = await ctx.api('POST', '/api/refresh-token', { body: {}, headers: web, cookies: { flotte_rt: s.cookie! } });
    // Script-readable on every path (the app reads it at start), holding nothing but '1'.
    const hint = r.raw.cookies.find((c) => c.name === 'flotte_session')!;
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Strict' });
    expect(hint.httpOnly).toBeFalsy();
    const rt = r.raw.cookies.find((c) => c.name === 'flotte_rt')!;
    expect(hint.maxAge).toBe(rt.maxAge);

    // A refused refresh clears both, so the next start doesn't ask again.
    const spent = await ctx.api('POST', '/api/refresh-token', { body: {}, headers: web, cookies: { flotte_rt: s.cookie! } });
    expect(spent.status).toBe(401);
    expect(spent.raw.cookies.find((c) => c.name === 'flotte_session')).toMatchObject({ value: '', path: '/' });

    const out = await ctx.api('POST', '/api/logout', { body: {}, headers: web, cookies: { flotte_rt: rt.value } });
    expect(out.raw.cookies.find((c) => c.name === 'flotte_session')).toMatchObject({ value: '', path: '/' });
    expect(out.raw.cookies.find((c) => c.name === 'flotte_rt')).toMatchObject({ value: '' });

    // Other clients get their refresh token in the body and no cookie at all.
    const mobile = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
    const again = await ctx.api('POST', '/api/refresh-token', { body: { refresh_token: mobile.refresh_token } });
    expect(again.raw.cookies.find((c) => c.name === 'flotte_session')).toBeUndefined();
  });

  it('sign-out revokes the session: neither its token nor its refresh token work after', async () => {
    const s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
    // Used before: the token is in the verified-token cache, and is refused all the same once signed out.
    expect((await ctx.api('GET', '/api/user', { token: s.token, profileId: s.profile_id })).status).toBe(200);
    const out = await ctx.api('POST', '/api/logout', { token: s.token, body: {} });
    expect(out.code).toBe(5000);
    expect((await ctx.api('GET', '/api/user', { token: s.token, profileId: s.profile_id })).status).toBe(401);
    expect((await ctx.api('POST', '/api/refresh-token', { body: { refresh_token: s.refresh_token } })).status).toBe(401);
  });
});

describe('forgot password', () => {
  it('resets the password through a code, then signs the account out everywhere', async () => {
    const member = await ctx.addMember(fx.park.id, { type: 'agent' });
    const session = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
    const sent = await ctx.api('POST', '/api/forgot-password', { body: { email: member.email } });
    expect(sent.code).toBe(5000);
    const otp = await ctx.latestOtp(member.email);
    const verified = await ctx.api('POST', '/api/forgot-password-verify-otp', { body: { email: member.email, otp } });
    expect(verified.code).toBe(5000);

    const weak = await ctx.api('POST', '/api/reset-password', { body: { email: member.email, code: verified.data.code, password: 'abcdefgh' } });
    expect(weak.status).toBe(400);
    expect(weak.message).toBe(
      'Le mot de passe doit contenir au moins une lettre majuscule, une lettre minuscule, un chiffre et un caractère spécial.',
    );
    const short = await ctx.api('POST', '/api/reset-password', { body: { email: member.email, code: verified.data.code, password: 'Ab1!' } });
    expect(short.data.errors[0].message).toBe('Le mot de passe doit contenir au moins 8 caractères.');

    const done = await ctx.api('POST', '/api/reset-password', { body: { email: member.email, code: verified.data.code, password: 'Nouveau#2026' } });
    expect(done.code).toBe(5000);
    const replay = await ctx.api('POST', '/api/reset-password', { body: { email: member.email, code: verified.data.code, password: 'Autre#2026x' } });
    expect(replay.status).toBe(422);

    expect((await ctx.api('GET', '/api/user', { token: session.token, profileId: session.profile_id })).status).toBe(401);
    const old = await login({ type: 'agent', credentials: { email: member.email, password: member.password } });
    expect(old.status).toBe(401);
    const fresh = await login({ type: 'agent', credentials: { email: member.email, password: 'Nouveau#2026' } });
    expect(fresh.code).toBe(5000);
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const r = await ctx.api('POST', '/api/forgot-password', { body: { email: 'inconnu@test.flotte' } });
    expect(r.code).toBe(5000);
    await expect(ctx.latestOtp('inconnu@test.flotte')).rejects.toThrow();
  });
});

describe('rate limits', () => {
  it('answer 429 with the envelope past the sign-in limit per minute', async () => {
    const limited = await createTestContext({ SIGNIN_RATE_LIMIT: '3' });
    try {
      const body = { type: 'proprietaire', credentials: { email: 'x@test.flotte', password: 'whatever' } };
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.api('POST', '/api/login', { body })).status);
      expect(codes).toEqual([401, 401, 401, 429]);
      const last = await limited.api('POST', '/api/login', { body });
      expect(last.code).toBe(4290);
      expect(last.message).toBe('Trop de requêtes. Réessayez dans un instant.');
    } finally {
      await limited.close();
    }
  });
});
