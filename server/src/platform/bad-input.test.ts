import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type ApiAnswer, type TestContext } from '../../test/test-context.ts';
import { formData, TINY_PNG } from '../../test/multipart.ts';
import { jsonDepthExceeds } from './json-body.ts';
import { nulCharacterField, plainFieldPath } from './body-cleaning.ts';

// Issue 15, section 1: malformed input is a French 400 in the envelope, never a 500, and nothing is written.

let ctx: TestContext;
let who: { token: string; profileId: string; parkId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const fx = await ctx.createPark({ name: 'Parc Entrées' });
  const s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  who = { token: s.token, profileId: s.profile_id, parkId: fx.park.id };
});
afterAll(() => ctx.close());

const as = () => ({ token: who.token, profileId: who.profileId });
const json = { 'content-type': 'application/json' };
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

function expectEnvelope(r: ApiAnswer, status: number, code: number) {
  expect(r.status).toBe(status);
  expect(r.code).toBe(code);
  expect(r.message).toMatch(/\S/);
  expect(Object.keys(r.raw.json()).sort()).toEqual(['code', 'data', 'message']);
}

async function ownerCount(): Promise<number> {
  const r = await ctx.api('GET', '/api/vehicle-owner', as());
  return r.data.meta?.total ?? r.data.items?.length ?? r.data.length;
}

describe('deeply nested JSON', () => {
  it('counts nesting outside strings only, escapes honoured', () => {
    expect(jsonDepthExceeds(nested(32), 32)).toBe(false);
    expect(jsonDepthExceeds(nested(33), 32)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '['.repeat(100), b: '\\"[[[', c: [[{}]] }), 4)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ a: '['.repeat(100), c: [[{}]] }), 3)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '\\', b: [[[[{}]]]] }), 4)).toBe(true);
  });

  it('answers 400 to 50,000 levels on a public route and on a signed-in one', async () => {
    const body = nested(50_000);
    expectEnvelope(await ctx.api('POST', '/api/login', { body, headers: json }), 400, 4003);
    expectEnvelope(await ctx.api('POST', '/api/vehicle-owner', { ...as(), body, headers: json }), 400, 4003);
    const objects = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    expectEnvelope(await ctx.api('POST', '/api/vehicle-owner', { ...as(), body: objects, headers: json }), 400, 4003);
    expect((await ctx.api('GET', '/api/health')).status).toBe(200);
  });

  it('still reads a body nested within the bound, and brackets inside strings', async () => {
    const r = await ctx.api('POST', '/api/login', { body: JSON.stringify({ type: 'agent', pad: nested(30), text: '['.repeat(1000) }), headers: json });
    expect(r.code).not.toBe(4003);
    expect(r.status).toBeLessThan(500);
  });

  it('keeps refusing prototype poisoning', async () => {
    const r = await ctx.api('POST', '/api/login', { body: '{"type":"agent","__proto__":{"admin":true}}', headers: json });
    expectEnvelope(r, 400, 4002);
  });

  it('refuses deep JSON in a form field too', async () => {
    const { body, headers } = formData([['first_name', 'Awa'], ['permis', nested(5_000)]]);
    expectEnvelope(await ctx.api('POST', '/api/driver', { ...as(), body, headers }), 400, 4003);
  });
});

describe('NUL characters', () => {
  it('finds them in values and keys, with the field path', () => {
    expect(nulCharacterField({ a: 'ok', b: [{ c: 'x\u0000y' }] })).toBe('b.0.c');
    expect(nulCharacterField({ a: { 'k\u0000': 1 } })).toBe('a');
    expect(nulCharacterField({ 'k\u0000': 1 })).toBe('');
    expect(plainFieldPath('lines.0.label')).toBe('lines.0.label');
    expect(plainFieldPath(`lines.${'x'.repeat(100)}.label`)).toBe('lines');
    expect(nulCharacterField({ a: 'ok', n: 1, t: true, z: null })).toBeNull();
  });

  it('refuses a NUL in a JSON field, naming it, and writes nothing', async () => {
    const before = await ownerCount();
    const r = await ctx.api('POST', '/api/vehicle-owner', {
      ...as(),
      body: { type: 'individuel', first_name: 'Awa\u0000', last_name: 'Ndiaye', park_id: who.parkId },
    });
    expectEnvelope(r, 400, 4004);
    expect(r.message).toBe('Caractère invalide dans le champ.');
    expect(r.data.errors).toEqual([{ field: 'first_name', message: 'Caractère invalide dans le champ.' }]);
    expect(r.raw.body).not.toContain('\\u0000');
    expect(await ownerCount()).toBe(before);
  });

  it('refuses a NUL in a key, a query string and a path parameter', async () => {
    const key = await ctx.api('POST', '/api/vehicle-owner', { ...as(), body: { type: 'individuel', first_name: 'Awa', last_name: 'N', park_id: who.parkId, 'x\u0000': 1 } });
    expectEnvelope(key, 400, 4004);
    expect(key.data.errors[0].field).toBe(''); // a key the client made up is not repeated
    const query = await ctx.api('GET', '/api/vehicle-owner?search=a%00b', as());
    expectEnvelope(query, 400, 4004);
    expect(query.data.errors[0].field).toBe('search');
    expectEnvelope(await ctx.api('GET', '/api/park/by-code/ab%00cd', as()), 400, 4004);
  });

  it('refuses a NUL in a multipart field', async () => {
    const { body, headers } = formData([['first_name', 'A\u0000'], ['last_name', 'Diallo']]);
    const r = await ctx.api('POST', '/api/driver', { ...as(), body, headers });
    expectEnvelope(r, 400, 4004);
    expect(r.data.errors[0].field).toBe('first_name');
  });
});

describe('malformed multipart', () => {
  const truncated = () => {
    const { body, headers } = formData([['first_name', 'Awa']], [{ field: 'file', filename: 'p.png', content: Buffer.concat([TINY_PNG, Buffer.alloc(2000, 1)]) }]);
    return { body: body.subarray(0, body.length - 900), headers };
  };
  const shapes: [string, () => { body: Buffer | string; headers: Record<string, string> }][] = [
    ['no boundary', () => ({ body: '--x\r\n', headers: { 'content-type': 'multipart/form-data' } })],
    ['a truncated body', truncated],
    ['a garbled body', () => ({ body: 'not multipart at all', headers: { 'content-type': 'multipart/form-data; boundary=zzz' } })],
  ];

  // The 12 routes that read form data. An update of an unknown id may answer 404 before reading the form.
  const unknown = '0190d2a4-1111-7000-8000-00000000beef';
  const routes: [string, string][] = [
    ['POST', '/api/file/upload'], ['POST', '/api/file/upload/file'], ['POST', '/api/driver'], ['PUT', `/api/driver/update/${unknown}`],
    ['POST', '/api/vehicle'], ['POST', `/api/vehicle/update/${unknown}`], ['POST', '/api/vehicle-document'], ['POST', '/api/admin/add'],
    ['PUT', `/api/admin/${unknown}`], ['PUT', '/api/account'], ['PUT', `/api/park/{park}`], ['PUT', '/api/profile/{profile}'],
  ];
  for (const [method, path] of routes) {
    it(`answers 400 to no boundary, a truncated body and a garbled one on ${method} ${path}`, async () => {
      const url = path.replace('{park}', who.parkId).replace('{profile}', who.profileId);
      for (const [name, shape] of shapes) {
        const { body, headers } = shape();
        const r = await ctx.api(method, url, { ...as(), body, headers });
        expect(r.status < 500, `${name}: ${r.status} ${r.message}`).toBe(true);
        expectEnvelope(r, r.status, r.code);
        if (!url.includes(unknown)) expect([r.status, r.code], name).toEqual([400, 4005]);
      }
    });
  }

  it('answers 400 to another content type on the upload routes', async () => {
    const r = await ctx.api('POST', '/api/file/upload', { ...as(), body: 'hello', headers: { 'content-type': 'text/plain' } });
    expectEnvelope(r, 400, 4002);
  });

  it('answers an unknown content type in the envelope', async () => {
    const r = await ctx.api('POST', '/api/vehicle-owner', { ...as(), body: '<a/>', headers: { 'content-type': 'application/xml' } });
    expectEnvelope(r, 415, 4159);
  });
});

describe('impossible calendar dates', () => {
  const driver = '0190d2a4-1111-7000-8000-000000000001';
  const vehicle = '0190d2a4-1111-7000-8000-000000000002';
  for (const day of ['2026-02-30', '2026-13-01']) {
    it(`refuses ${day} on the five routes, naming the field`, async () => {
      const checks: [string, string, unknown, string][] = [
        ['GET', `/api/park/history-recipe?start_date=${day}`, undefined, 'start_date'],
        ['GET', `/api/transaction/unpaid/recipes/history?end_date=${day}`, undefined, 'end_date'],
        ['GET', `/api/accounting/state?start_date=${day}`, undefined, 'start_date'],
        ['POST', '/api/transaction/exceptional-payment', { amount: 100, driver_id: driver, payment_type: 'cash', date: day }, 'date'],
        ['POST', '/api/park/create-driver-account-history', { driver_id: driver, vehicle_id: vehicle, date: day, objective: 100 }, 'date'],
      ];
      for (const [method, url, body, field] of checks) {
        const r = await ctx.api(method, url, { ...as(), body });
        expect(r.status, url).toBe(400);
        expect(r.data.errors.map((e: { field: string }) => e.field), url).toContain(field);
      }
    });
  }

  it('refuses an impossible day or time on the driver-vehicle lookup, naming the field', async () => {
    for (const date of ['2026-02-30', '2026-13-01T10:00', '2026-02-10T24:00:00']) {
      const r = await ctx.api('GET', `/api/accounting/driver-vehicle?date=${date}`, as());
      expect(r.status, date).toBe(400);
      expect(r.data.errors[0].field).toBe('date');
    }
  });

  it('refuses an impossible time in a wire date', async () => {
    const r = await ctx.api('GET', '/api/accounting/state?start_date=2026-02-10T25:00:00', as());
    expect(r.status).toBe(400);
    expect(r.data.errors[0].field).toBe('start_date');
  });
});

describe('a refused profile form', () => {
  it('stores no photo when a field of the same form is refused', async () => {
    const count = async () => Number((await ctx.database.pool.query('select count(*)::int as n from files where park_id = $1', [who.parkId])).rows[0].n);
    const before = await count();
    const form = formData({ first_name: 'x' }, [{ field: 'image', filename: 'p.png', content: TINY_PNG, type: 'image/png' }]);
    const r = await ctx.api('PUT', `/api/profile/${who.profileId}`, { token: who.token, body: form.body, headers: form.headers });
    expect(r.status).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('answers outside the routes', () => {
  it('answers a too-long path parameter in the envelope, without echoing it', async () => {
    const long = 'x'.repeat(300);
    const r = await ctx.api('GET', `/api/park/by-code/${long}`, as());
    expectEnvelope(r, 414, 4149);
    expect(r.raw.body).not.toContain(long);
  });

  it('answers a malformed URL in the envelope, without echoing it', async () => {
    const r = await ctx.api('GET', '/api/park/by-code/%c0echo', as());
    expectEnvelope(r, 400, 4002);
    expect(r.raw.body).not.toContain('echo');
  });

  it('answers headers or a URL too large for the HTTP parser in the envelope, and closes', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let out = '';
      socket.on('data', (d) => (out += d.toString('utf8')));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
      socket.write(`GET /api/health?q=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw.toLowerCase()).toContain('connection: close');
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ code: 4319, message: 'En-têtes de requête trop volumineux.', data: null });
    expect(raw).not.toContain('aaaa');
  });
});

describe('the profile_id header', () => {
  it('answers 400 to a malformed one and 403 to one that is not the caller’s, never 401', async () => {
    expectEnvelope(await ctx.api('GET', '/api/vehicle-owner', { token: who.token, profileId: 'not-a-uuid' }), 400, 4006);
    expectEnvelope(await ctx.api('GET', '/api/vehicle-owner', { token: who.token, profileId: '0190d2a4-1111-7000-8000-00000000abcd' }), 403, 4033);
  });
});

describe('POST /api/logout', () => {
  async function freshToken() {
    const fx = await ctx.createPark({ name: 'Parc Sortie' });
    const s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
    expect((await ctx.api('GET', '/api/user', { token: s.token })).status).toBe(200);
    return s.token;
  }

  it('signs out with a bearer token and no body', async () => {
    const token = await freshToken();
    const r = await ctx.api('POST', '/api/logout', { token });
    expect(r).toMatchObject({ status: 200, code: 5000 });
    expect((await ctx.api('GET', '/api/user', { token })).status).toBe(401);
  });

  it('signs out with a JSON content type and an empty body', async () => {
    const token = await freshToken();
    const r = await ctx.api('POST', '/api/logout', { token, body: '', headers: json });
    expect(r).toMatchObject({ status: 200, code: 5000 });
    expect((await ctx.api('GET', '/api/user', { token })).status).toBe(401);
  });
});
