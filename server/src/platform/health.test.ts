import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { readinessCheck } from './health.ts';

describe('readiness check', () => {
  it('asks the database once for a burst of probes and reuses the answer', async () => {
    let queries = 0;
    const pool = { query: async () => void (queries += 1) } as never;
    const ready = readinessCheck({ pool }, { cacheMs: 60_000 });
    expect(await Promise.all(Array.from({ length: 20 }, () => ready()))).toEqual(Array(20).fill(true));
    expect(await ready()).toBe(true);
    expect(queries).toBe(1);
  });

  it('is not ready when the database fails or does not answer within the timeout', async () => {
    const failing = { query: async () => Promise.reject(new Error('connect ECONNREFUSED')) } as never;
    expect(await readinessCheck({ pool: failing })()).toBe(false);
    const hanging = { query: () => new Promise(() => undefined) } as never;
    expect(await readinessCheck({ pool: hanging }, { timeoutMs: 20 })()).toBe(false);
  });

  it('asks again once the answer is older than the cache', async () => {
    let up = false;
    const pool = { query: async () => (up ? undefined : Promise.reject(new Error('down'))) } as never;
    const ready = readinessCheck({ pool }, { cacheMs: 0 });
    expect(await ready()).toBe(false);
    up = true;
    expect(await ready()).toBe(true);
  });
});

describe('GET /api/health and /api/health/live', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers ready while the database answers, then 503 in the envelope once it is gone; liveness stays 200', async () => {
    expect(await ctx.api('GET', '/api/health')).toMatchObject({ status: 200, code: 5000, data: { status: 'ok' } });
    expect(await ctx.api('GET', '/api/health/live')).toMatchObject({ status: 200, code: 5000, data: { status: 'ok' } });

    // A fresh app on the same database, whose pool is then closed: its next readiness query fails.
    const probe = await createTestContext();
    await probe.database.pool.end();
    const down = await probe.api('GET', '/api/health');
    expect(down).toMatchObject({ status: 503, code: 5503, message: 'Service momentanément indisponible.', data: null });
    expect((await probe.api('GET', '/api/health/live')).status).toBe(200);
    await probe.close();
  });
});
