import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomClientIp, testRedisUrl } from '../../test/redis.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

const redisUrl = await testRedisUrl();

/** Wrong-password sign-ins from one address: their statuses, in order. */
async function signInAttempts(ctx: TestContext, ip: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { type: 'proprietaire', credentials: { email: 'personne@test.flotte', password: 'Mauvais#2026' } },
    });
    out.push(r.statusCode);
  }
  return out;
}

describe.skipIf(!redisUrl)('sign-in limits counted in Redis', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, SIGNIN_RATE_LIMIT: '3' };
    [a, b] = [await createTestContext(env), await createTestContext(env)];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts one address across two instances against one limit', async () => {
    const ip = randomClientIp();
    expect(await signInAttempts(a, ip, 2)).toEqual([401, 401]);
    expect(await signInAttempts(b, ip, 2)).toEqual([401, 429]);
    const refused = await a.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: {} });
    expect(refused.json()).toMatchObject({ code: 4290, message: 'Trop de requêtes. Réessayez dans un instant.' });
    // Another address has its own count.
    expect(await signInAttempts(b, randomClientIp(), 1)).toEqual([401]);
  });
});

describe('sign-in limits when Redis does not answer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 9: every Redis command fails at once.
    ctx = await createTestContext({ REDIS_URL: 'redis://127.0.0.1:9', SIGNIN_RATE_LIMIT: '3' });
  });
  afterAll(() => ctx.close());

  it('still limits sign-in, counting in memory: neither open to all nor refused to all', async () => {
    const ip = randomClientIp();
    expect(await signInAttempts(ctx, ip, 4)).toEqual([401, 401, 401, 429]);
    expect(await signInAttempts(ctx, randomClientIp(), 1)).toEqual([401]);
  });
});
