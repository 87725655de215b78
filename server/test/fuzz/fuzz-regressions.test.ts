import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX } from '@flotte/contract';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test-context.ts';
import { seedFleet } from '../../src/demo/fleet-generator.ts';
import { formData, TINY_PNG } from '../multipart.ts';

/**
 * What the route fuzz (route-fuzz.test.ts) found answering 500, one focused request each, so a
 * regression names its cause without running the whole fuzz.
 */
let ctx: TestContext;
let owner: { token: string; profileId: string };
let email: string;
let driverId: string;
let parkId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await ctx.createPark();
  email = p.owner.email;
  parkId = p.park.id;
  const s = await ctx.signIn({ email, password: p.owner.password, type: 'proprietaire' });
  owner = { token: s.token, profileId: s.profile_id };
  await seedFleet(ctx.database.db, p.park.id, { vehicles: 1, drivers: 1 });
  const r = await ctx.database.db.execute<{ id: string }>(sql`select id from drivers where park_id = ${p.park.id} limit 1`);
  driverId = r.rows[0].id;
});
afterAll(() => ctx?.close());

const asOwner = (method: string, url: string, body?: unknown) => ctx.api(method, url, { ...owner, body });

describe('a one-time-code challenge id that is not an id', () => {
  it('is a wrong code at sign-in, not a failed uuid cast', async () => {
    const res = await ctx.api('POST', '/api/login-verify-otp', { body: { email, otp: '123456', code: 'pas-un-identifiant' } });
    expect(res.status).toBe(422);
    expect(res.code).toBe(4221);
  });

  it('names no challenge to send again', async () => {
    const res = await ctx.api('POST', '/api/resent-otp', { body: { email, canal_type: 'email', code: '𝢨' } });
    expect(res.status).toBe(422);
    expect(res.code).toBe(4222);
  });
});

describe('integer ids beyond what an integer column holds', () => {
  it('a brand past 2^31 - 1 is an invalid brand', async () => {
    const res = await asOwner('GET', `/api/model/${INT4_MAX + 1}`);
    expect(res.status).toBe(400);
    expect(res.message).toContain('Marque invalide');
    expect((await asOwner('GET', `/api/model/${INT4_MAX}`)).status).toBe(404);
  });

  it('a vehicle group region past 2^31 - 1 is refused', async () => {
    const res = await asOwner('POST', '/api/vehicle-group/add', { title: 'Groupe Nord', region_id: 2 ** 53 - 1 });
    expect(res.status).toBe(400);
  });
});

describe('an unknown permission in a role', () => {
  it('is named when it looks like a permission code, and otherwise not repeated', async () => {
    const coded = await asOwner('POST', '/api/role-name/add', { name: 'Rôle', permissions: ['VOLER_LA_CAISSE'] });
    expect(coded.message).toContain('Permission inconnue : VOLER_LA_CAISSE');
    const text = '<script>alert(1)</script>';
    const other = await asOwner('POST', '/api/role-name/add', { name: 'Rôle', permissions: [text] });
    expect(other.status).toBe(400);
    expect(other.message).toContain('Permission inconnue');
    expect(other.message).not.toContain(text);
  });
});

describe('a caisse id that is not an id', () => {
  it('is an unknown caisse when paying a salary', async () => {
    const res = await asOwner('POST', '/api/park/paid-salary', {
      driver_id: driverId,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      payment_type: 'cash',
      caisse_id: '2',
    });
    expect(res.status).toBe(404);
    expect(res.message).toBe('Caisse introuvable');
  });
});

describe('a form with a photo that the service refuses', () => {
  const filesCount = async () => Number((await ctx.database.db.execute<{ n: string }>(sql`select count(*) as n from files`)).rows[0].n);

  it.each([
    ['PUT', '/api/admin/00000000-0000-7000-8000-000000000000', { first_name: 'Awa', last_name: 'Diallo' }],
    ['PUT', '/api/driver/update/00000000-0000-7000-8000-000000000000', { first_name: 'Awa', last_name: 'Diallo' }],
  ] as const)('%s %s leaves no upload behind', async (method, url, fields) => {
    const before = await filesCount();
    const form = formData(fields, [{ field: 'image', filename: 'photo.png', content: TINY_PNG }]);
    const res = await ctx.api(method, url, { ...owner, body: form.body, headers: form.headers });
    expect(res.status).toBe(404);
    expect(await filesCount()).toBe(before);
  });
});

describe('what a person sent, in a refusal', () => {
  const text = '<img src=x onerror=alert(1)>';

  it('a field named in clear that is not a field name is not repeated', async () => {
    const res = await asOwner('PUT', `/api/park/${parkId}`, { clear: [text] });
    expect(res.status).toBe(400);
    expect(res.message).toContain('Ce champ ne peut pas être vidé');
    expect(res.message).not.toContain(text);
  });

  it('a reset option that is not a code is not repeated', async () => {
    expect((await asOwner('POST', '/api/update-pin-code', { code: '13579' })).status).toBe(200);
    const res = await asOwner('PUT', `/api/park/reset/${parkId}`, { options: [text] });
    expect(res.status).toBe(400);
    expect(res.message).toBe('Élément à réinitialiser inconnu');
  });
});
