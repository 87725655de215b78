import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes, YANGO_MESSAGES } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import type { YangoSimPark, YangoSimulator } from '../../integrations/yango/yango.types.ts';
import { apiKeyContext } from './yango-credentials.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoConnections } from './yango.tables.ts';

// The park's Yango connection (issue 21 section 1): tested on save, the key sealed at rest and
// never answered in full; refused or unreachable credentials save nothing.

let ctx: TestContext;
let sim: YangoSimulator;
let fx: ParkFixture;
let owner: SignedIn;
let yangoPark: YangoSimPark;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  sim = (await (ctx.app as unknown as { yango: YangoDeps }).yango.api.simulator())!;
  sim.setRandom429Rate(0);
});
beforeEach(async () => {
  n += 1;
  fx = await ctx.createPark({ name: `Parc Yango Connexion ${n}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  yangoPark = sim.addPark({ id: `p-conn-${process.pid}-${n}`, name: 'Taxi Plateau', city: 'Abidjan' }, { drivers: 5 });
});
afterAll(() => ctx.close());

const call = (method: string, body?: unknown, who: SignedIn = owner) => ctx.api(method, '/api/yango/connection', { token: who.token, profileId: who.profile_id, body });
const credentials = () => ({ client_id: yangoPark.clientId, yango_park_id: yangoPark.id, api_key: yangoPark.apiKey });
const savedRow = async () => (await ctx.database.db.select().from(yangoConnections).where(eq(yangoConnections.parkId, fx.park.id)))[0];

describe('GET /api/yango/connection', () => {
  it('says not connected, with nulls, before any save', async () => {
    const r = await call('GET');
    expect(r.code, r.message).toBe(5000);
    expect(r.data).toEqual({
      connected: false,
      client_id: null,
      yango_park_id: null,
      api_key_hint: null,
      park_name: null,
      park_city: null,
      status: null,
      last_error: null,
      checked_at: null,
      linked_drivers: 0,
    });
  });
});

describe('PUT /api/yango/connection', () => {
  it('tests and saves the credentials, the key sealed and only its last 4 characters answered', async () => {
    const r = await call('PUT', credentials());
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(YANGO_MESSAGES.connectionSaved);
    expect(r.data).toMatchObject({
      connected: true,
      client_id: yangoPark.clientId,
      yango_park_id: yangoPark.id,
      api_key_hint: `••••${yangoPark.apiKey.slice(-4)}`,
      park_name: 'Taxi Plateau',
      park_city: 'Abidjan',
      status: 'ok',
      last_error: null,
      linked_drivers: 0,
    });
    expect(r.data.checked_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const read = await call('GET');
    expect(read.data).toEqual(r.data);
    expect(JSON.stringify(read.raw.json())).not.toContain(yangoPark.apiKey);
    // Sealed at rest: the column does not hold the key, and opens only with this park's context.
    const row = await savedRow();
    expect(row.apiKeySealed).not.toContain(yangoPark.apiKey);
    const box = (ctx.app as unknown as { yango: YangoDeps }).yango.box;
    expect(box.open(row.apiKeySealed, apiKeyContext(fx.park.id))).toBe(yangoPark.apiKey);
    expect(box.open(row.apiKeySealed, apiKeyContext('another-park'))).toBeNull();
  });

  it('requires the key on the first save, keeps it when an edit omits it', async () => {
    const first = await call('PUT', { client_id: yangoPark.clientId, yango_park_id: yangoPark.id });
    expect(first.status).toBe(400);
    expect(first.data.errors).toEqual([{ field: 'api_key', message: 'La clé API est requise' }]);
    expect(first.message).toBe('La clé API est requise');
    expect(await savedRow()).toBeUndefined();

    expect((await call('PUT', credentials())).code).toBe(5000);
    const sealed = (await savedRow()).apiKeySealed;
    const edit = await call('PUT', { client_id: yangoPark.clientId, yango_park_id: yangoPark.id });
    expect(edit.code, edit.message).toBe(5000);
    expect(edit.data.api_key_hint).toBe(`••••${yangoPark.apiKey.slice(-4)}`);
    // The kept key still works: the edit was tested with it.
    expect((await savedRow()).apiKeySealed).not.toBe(sealed);
  });

  it('saves nothing when Yango refuses the credentials', async () => {
    const wrongKey = await call('PUT', { ...credentials(), api_key: 'not-the-right-key' });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.code).toBe(ErrorCodes.YANGO_CREDENTIALS_REFUSED.code);
    expect(wrongKey.message).toBe(ErrorCodes.YANGO_CREDENTIALS_REFUSED.message);
    // Right credentials naming another Yango park: 403 at Yango, refused here too.
    const otherPark = await call('PUT', { ...credentials(), yango_park_id: 'flotte-demo-park' });
    expect(otherPark.code).toBe(ErrorCodes.YANGO_CREDENTIALS_REFUSED.code);
    expect(await savedRow()).toBeUndefined();

    // An edit refused keeps the saved connection as it was.
    expect((await call('PUT', credentials())).code).toBe(5000);
    const before = await savedRow();
    expect((await call('PUT', { ...credentials(), client_id: 'taxi/park/nope' })).code).toBe(ErrorCodes.YANGO_CREDENTIALS_REFUSED.code);
    expect((await savedRow()).clientId).toBe(before.clientId);
  });

  it('saves nothing when Yango does not answer', async () => {
    sim.failNext(2, 500);
    const r = await call('PUT', credentials());
    expect(r.status).toBe(503);
    expect(r.code).toBe(ErrorCodes.YANGO_UNAVAILABLE.code);
    expect(await savedRow()).toBeUndefined();
  });

  it('answers 400 in the envelope for a bad body', async () => {
    const r = await call('PUT', { client_id: '', api_key: 'short' });
    expect(r.status).toBe(400);
    expect(r.code).not.toBe(5000);
    // The key goes in an HTTP header: an accent or a space is refused here, not sent to Yango.
    const accented = await call('PUT', { ...credentials(), api_key: 'clé-api-très-longue' });
    expect(accented.status).toBe(400);
    expect(accented.data.errors).toEqual([{ field: 'api_key', message: 'La clé API ne doit contenir que des lettres, des chiffres et des symboles, sans espace ni accent' }]);
    expect(await savedRow()).toBeUndefined();
  });

  it("is the owner's (UPDATE_PARK_INFO): a member without roles is refused", async () => {
    const member = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: [] });
    const signed = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
    expect((await call('PUT', credentials(), signed)).status).toBe(403);
    expect((await call('DELETE', undefined, signed)).status).toBe(403);
    expect(await savedRow()).toBeUndefined();
  });
});

describe('DELETE /api/yango/connection', () => {
  it('removes the connection', async () => {
    expect((await call('PUT', credentials())).code).toBe(5000);
    const r = await call('DELETE');
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(YANGO_MESSAGES.connectionRemoved);
    expect(r.data.connected).toBe(false);
    expect(await savedRow()).toBeUndefined();
  });
});
