import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { readOutbox } from '../dev/outbox.service.ts';
import { registeredParkSetups } from '../access/park-setup.ts';
import { DEFAULT_ROLES } from '../access/default-roles.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let n = 0;
/** A fresh contact per sign-up: codes sent to one address are capped. */
function contact() {
  n += 1;
  const digits = `${process.pid}${n}${randomBytes(2).readUInt16BE(0)}`.slice(-8).padStart(8, '0');
  return { email: `new${digits}.${randomBytes(3).toString('hex')}@test.flotte`, phone: `+2256${digits}` };
}

function form(over: Record<string, unknown> = {}) {
  const c = contact();
  return {
    owner_type: 'particulier',
    first_name: 'Mariam',
    last_name: 'Koné',
    phone: c.phone,
    email: c.email,
    password: 'Bienvenue#2026',
    park: { name: 'Taxis Koné', city: 'Abidjan', country_code: 'CI' },
    ...over,
  };
}

const register = (body: unknown) => ctx.api('POST', '/api/register', { body });
const verify = (body: unknown, headers?: Record<string, string>) => ctx.api('POST', '/api/register/verify-otp', { body, headers });
const count = async (q: ReturnType<typeof sql>) => Number((await ctx.database.db.execute<{ n: number }>(q)).rows[0].n);

describe('GET /api/register', () => {
  it('says sign-up is open and lists the five countries with what each gives a park', async () => {
    const r = await ctx.api('GET', '/api/register');
    expect(r.status).toBe(200);
    expect(r.data.open).toBe(true);
    expect(r.data.countries.map((c: { code: string }) => c.code)).toEqual(['CM', 'CI', 'CD', 'SN', 'TG']);
    expect(r.data.countries).toContainEqual({ code: 'CD', name: 'République démocratique du Congo', currency: 'CDF', phone_code: '243', time_zone: 'Africa/Kinshasa' });
  });
});

describe('sign-up end to end', () => {
  it('sends a code to the phone, creates nothing until it is confirmed, then the owner, his park and a session', async () => {
    const body = form();
    const users = () => count(sql`select count(*)::int as n from users where phone = ${body.phone}`);
    const r = await register(body);
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ canal_type: 'sms', expires_in: 600 });
    expect(r.data.sent_to).not.toContain(body.phone.slice(4, -3));
    expect(await users()).toBe(0);

    const otp = await ctx.latestOtp(body.phone);
    const wrong = await verify({ code: r.data.code, otp: otp === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.message).toBe('Code OTP incorrect. Il vous reste 4 essais.');
    expect(await users()).toBe(0);

    const ok = await verify({ code: r.data.code, otp }, { 'x-flotte-client': 'web' });
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data).toMatchObject({ user_type: 'proprietaire', has_pin_code: false });
    expect(ok.data.refresh_token).toBeUndefined();
    expect(ok.raw.cookies.find((c) => c.name === 'flotte_rt')?.value).toBeTruthy();
    expect(await users()).toBe(1);

    const me = await ctx.api('GET', '/api/user', { token: ok.data.token, profileId: ok.data.profile_id });
    expect(me.data).toMatchObject({ isOwner: true, role: 'OWNER', first_name: 'Mariam', last_name: 'Koné', owner_type: 'particulier', email: body.email, phone: body.phone, countryIsoCode: 'CI', ets_name: 'Taxis Koné' });
    expect(me.data.parks).toHaveLength(1);
    expect(me.data.parks[0]).toMatchObject({ name: 'Taxis Koné', city: 'Abidjan', currency: 'XOF', country_code: 'CI', phone_code: '225', time_zone: 'Africa/Abidjan' });
    expect(me.data.parks[0].code).toMatch(/^TAXIS-KONE-[0-9A-F]{4}$/);

    // The code is spent: it creates one account only.
    const again = await verify({ code: r.data.code, otp });
    expect(again.status).toBe(422);
    expect(await users()).toBe(1);

    // Then the PIN, as on a first sign-in, and the owner signs in with his password.
    const pin = await ctx.api('POST', '/api/update-pin-code', { token: ok.data.token, profileId: ok.data.profile_id, body: { code: '24680' } });
    expect(pin.status, pin.message).toBe(200);
    const signedIn = await ctx.signIn({ phone: body.phone, password: body.password, type: 'proprietaire' });
    expect(signedIn.park_id).toBe(ok.data.park_id);
  });

  it('gives the new park everything the setup registry promises, and nothing of anyone else', async () => {
    const body = form({ phone: undefined, owner_type: 'professionnel', ets_name: 'Koné Transport SARL', park: { name: 'Koné Transport', city: 'Lomé', country_code: 'TG' } });
    const r = await register(body);
    expect(r.data.canal_type).toBe('email');
    const ok = await verify({ code: r.data.code, otp: await ctx.latestOtp(body.email as string) });
    expect(ok.status, ok.message).toBe(200);
    const parkId = ok.data.park_id as string;
    for (const setup of registeredParkSetups()) {
      expect(await setup.missing(ctx.database.db), setup.name).not.toContain(parkId);
    }
    expect(await count(sql`select count(*)::int as n from roles where park_id = ${parkId}`)).toBe(DEFAULT_ROLES.length);
    const company = await ctx.database.db.execute<{ company_name: string; owner_type: string }>(sql`select company_name, owner_type from users where email = ${body.email}`);
    expect(company.rows[0]).toEqual({ company_name: 'Koné Transport SARL', owner_type: 'professionnel' });
    const checklist = await ctx.api('GET', '/api/park/checklist', { token: ok.data.token, profileId: ok.data.profile_id });
    expect(checklist.data).toEqual({ done: false, steps: ['vehicle', 'driver', 'planning', 'recipes', 'agent'].map((step) => ({ step, done: false })) });
    const vehicles = await ctx.api('GET', '/api/vehicle?page=1&itemPerPage=10', { token: ok.data.token, profileId: ok.data.profile_id });
    expect(vehicles.status).toBe(200);
    expect(vehicles.data.meta.total).toBe(0);
  });

  it('refuses bad input in French, field by field, and writes nothing', async () => {
    const before = await count(sql`select count(*)::int as n from signups`);
    const r = await register({ owner_type: 'professionnel', first_name: 'M', last_name: '', password: 'court', park: { name: '', city: 'A', country_code: 'FR' } });
    expect(r.status).toBe(400);
    const errors = Object.fromEntries((r.data.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
    expect(errors).toMatchObject({
      first_name: 'Le prénom doit contenir au moins 2 caractères',
      'park.name': 'Le nom du parc est requis',
      'park.city': 'La ville doit contenir au moins 2 caractères',
      'park.country_code': 'Choisissez un pays',
    });
    expect(errors.password).toBeTruthy();
    expect(errors.last_name).toBeTruthy();
    const noContact = await register(form({ email: undefined, phone: undefined }));
    expect(noContact.status).toBe(400);
    expect(noContact.data.errors).toContainEqual({ field: 'phone', message: 'Entrez un numéro de téléphone ou un email' });
    const noCompany = await register(form({ owner_type: 'professionnel' }));
    expect(noCompany.data.errors).toContainEqual({ field: 'ets_name', message: "Le nom de l'entreprise est requis" });
    expect(await count(sql`select count(*)::int as n from signups`)).toBe(before);
  });

  it('locks the code after five wrong tries, and a new code unlocks it', async () => {
    const body = form({ email: undefined });
    const r = await register(body);
    const otp = await ctx.latestOtp(body.phone);
    const bad = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await verify({ code: r.data.code, otp: bad });
    expect((await verify({ code: r.data.code, otp: bad })).status).toBe(429);
    expect((await verify({ code: r.data.code, otp })).status).toBe(429);
    const resent = await ctx.api('POST', '/api/register/resend-otp', { body: { code: r.data.code } });
    expect(resent.status, resent.message).toBe(200);
    expect(resent.data.code).toBe(r.data.code);
    const fresh = await ctx.latestOtp(body.phone);
    expect((await verify({ code: r.data.code, otp: fresh })).status).toBe(200);
  });
});

describe('a contact that already has an account', () => {
  it('gets the same answer as a new one; its owner is told instead of sent a code, and no account is made', async () => {
    const fx = await ctx.createPark();
    const known = await register(form({ email: fx.owner.email, phone: undefined }));
    const fresh = await register(form({ phone: undefined }));
    expect(known.status).toBe(200);
    expect(Object.keys(known.data).sort()).toEqual(Object.keys(fresh.data).sort());
    expect(known.message).toBe(fresh.message);
    expect(known.data).toMatchObject({ canal_type: 'email', expires_in: 600 });

    const [told] = await readOutbox(ctx.database.db, fx.owner.email, 1);
    expect(told.otp).toBeNull();
    expect(told.text).toContain('qui a déjà un compte');
    expect(told.text).toContain('Mot de passe oublié ?');
    // Whatever is typed, the sign-up can't be confirmed: it reads as a wrong code.
    for (const otp of ['000000', '123456']) {
      const r = await verify({ code: known.data.code, otp });
      expect(r.status).toBe(422);
      expect(r.message).toMatch(/^Code OTP incorrect\. Il vous reste \d essais?\.$/);
    }
    expect(await count(sql`select count(*)::int as n from users where email = ${fx.owner.email}`)).toBe(1);
  });

  it('counts against the same limit of codes per address', async () => {
    const fx = await ctx.createPark();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await register(form({ email: fx.owner.email, phone: undefined })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3].message).toBe('Trop de codes envoyés. Réessayez dans quelques minutes.');
  });

  it('refuses, after the code, a contact an account took since the form was sent', async () => {
    const body = form();
    const r = await register(body);
    const otp = await ctx.latestOtp(body.phone);
    const taken = await ctx.createPark();
    await ctx.database.db.execute(sql`update users set email = ${body.email} where id = ${taken.owner.userId}`);
    const res = await verify({ code: r.data.code, otp });
    expect(res.status).toBe(409);
    expect(res.message).toBe('Cet email ou ce numéro de téléphone est déjà utilisé par un autre compte');
    expect(await count(sql`select count(*)::int as n from parks where name = 'Taxis Koné' and id not in (select park_id from profiles)`)).toBe(0);
  });
});

describe('a sign-up left unconfirmed', () => {
  it('is forgotten once its time is past: its code names nothing', async () => {
    const body = form({ email: undefined });
    const r = await register(body);
    await ctx.database.db.execute(sql`update signups set pending_until = now() - interval '1 minute' where id = ${r.data.code}`);
    const otp = await ctx.latestOtp(body.phone);
    expect((await verify({ code: r.data.code, otp })).status).toBe(422);
    expect((await ctx.api('POST', '/api/register/resend-otp', { body: { code: r.data.code } })).status).toBe(422);
    await register(form());
    expect(await count(sql`select count(*)::int as n from signups where id = ${r.data.code}`)).toBe(0);
  });
});

describe('FLOTTE_SIGNUP=closed', () => {
  it('answers 403 on every sign-up call and says so to the screen', async () => {
    const closed = await createTestContext({ FLOTTE_SIGNUP: 'closed' });
    try {
      expect((await closed.api('GET', '/api/register')).data.open).toBe(false);
      for (const [url, body] of [
        ['/api/register', form()],
        ['/api/register/verify-otp', { code: '0190f000-0000-7000-8000-000000000000', otp: '123456' }],
        ['/api/register/resend-otp', { code: '0190f000-0000-7000-8000-000000000000' }],
      ] as const) {
        const r = await closed.api('POST', url, { body });
        expect(r.status, url).toBe(403);
        expect(r.code).toBe(4039);
        expect(r.message).toContain('Les inscriptions sont fermées');
      }
    } finally {
      await closed.close();
    }
  });
});

describe('contacts a code could not reach', () => {
  it('are refused as field errors, never a server error', async () => {
    const local = await register(form({ phone: '0700000000', email: undefined }));
    expect(local.status).toBe(400);
    expect(local.data.errors).toContainEqual({ field: 'phone', message: "Entrez le numéro avec l'indicatif du pays (ex. +237690000000)" });
    const odd = await register(form({ email: 'a<b>@exemple.cm', phone: undefined }));
    expect(odd.status).toBe(400);
    expect(odd.data.errors).toContainEqual({ field: 'email', message: "Format d'email invalide" });
  });
});
