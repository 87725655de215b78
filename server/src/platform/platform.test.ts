import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { tileSource } from './security-headers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('platform', () => {
  it('answers health in the envelope, with security headers and a request id', async () => {
    const r = await ctx.api('GET', '/api/health', { headers: { 'x-request-id': 'req-12345678' } });
    expect(r).toMatchObject({ status: 200, code: 5000, data: { status: 'ok' } });
    expect(r.raw.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'x-request-id': 'req-12345678',
      'cache-control': 'no-store',
    });
    expect(r.raw.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The map's tiles, from the configured tile server only.
    expect(r.raw.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
  });

  it('reads a tile server for the policy from its URL template', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.example.org:8443/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org:8443');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource("https://evil.org'; script-src *;/{z}/{x}/{y}")).toBeNull();
  });

  it('answers unknown API paths with the envelope and a French message', async () => {
    const r = await ctx.api('GET', '/api/nothing-here');
    expect(r.status).toBe(404);
    expect(r.code).toBe(4042);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const r = await ctx.api('POST', '/api/login', { body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.code).toBe(4002);
  });

  it('refuses bodies over the size limit', async () => {
    const r = await ctx.api('POST', '/api/login', { body: { type: 'agent', pad: 'x'.repeat(1_100_000) } });
    expect(r.status).toBe(413);
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const r = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/login-verify-otp', '/api/user', '/api/refresh-token']));
    expect(doc.paths['/api/login'].post.requestBody).toBeTruthy();
  });

  it('reads the dev outbox newest first, and hides it when the outbox is off', async () => {
    const fx = await ctx.createPark();
    await ctx.api('POST', '/api/login', { body: { type: 'proprietaire', credentials: { email: fx.owner.email, password: fx.owner.password } } });
    const box = await ctx.api('GET', `/api/dev/outbox?to=${encodeURIComponent(fx.owner.email.toUpperCase())}`);
    expect(box.data[0]).toMatchObject({ channel: 'email', to: fx.owner.email });
    expect(box.data[0].otp).toMatch(/^\d{6}$/);
    expect(box.data[0].text).toContain(box.data[0].otp);

    const closed = await createTestContext({ FLOTTE_DEV_OUTBOX: '0' });
    try {
      expect((await closed.api('GET', '/api/dev/outbox?to=x@y.z')).status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
