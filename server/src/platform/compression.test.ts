import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

describe('API answers compressed for the browsers that accept it', () => {
  let ctx: TestContext;
  let auth: { token: string; profileId: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    const { owner } = await ctx.createPark();
    const s = await ctx.signIn({ email: owner.email, password: owner.password, type: 'proprietaire' });
    auth = { token: s.token, profileId: s.profile_id };
  });
  afterAll(() => ctx.close());

  const getUser = (encoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${auth.token}`, profile_id: auth.profileId, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends the same JSON as brotli or gzip, smaller, and plain to a client that asks for neither', async () => {
    const plain = await getUser();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json();
    expect(json.code).toBe(5000);
    expect(plain.rawPayload.length).toBeGreaterThan(1024); // an owner's permissions alone pass the threshold

    const br = await getUser('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length * 0.75);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json);

    const gz = await getUser('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(json);
  });

  it('leaves small answers as they are', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ code: 5000 });
  });
});
