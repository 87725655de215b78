import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

// A built web app in miniature, as scripts/build.mjs leaves it: hashed assets under /assets/, each
// compressible file with its .br and .gz beside it, and a picture that has neither.
const INDEX = '<!doctype html><html lang="fr"><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('Bonjour '.repeat(200))};\n`;
const MANIFEST = JSON.stringify({ name: 'Flotte', short_name: 'Flotte', display: 'standalone' });
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let dist: string;
let ctx: TestContext;

function write(file: string, content: string | Buffer, variants = true) {
  const p = path.join(dist, file);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, content);
  if (!variants) return;
  writeFileSync(`${p}.br`, brotliCompressSync(content));
  writeFileSync(`${p}.gz`, gzipSync(content, { level: 9 }));
}

beforeAll(async () => {
  // Deployed under a folder named `assets` on purpose: only the app's own assets/ is long-cached.
  dist = path.join(mkdtempSync(path.join(os.tmpdir(), 'flotte-web-dist-')), 'assets', 'dist');
  write('index.html', INDEX);
  write('assets/index-AbCd1234.js', SCRIPT);
  write('manifest.webmanifest', MANIFEST);
  write('images/logo.png', PNG, false);
  ctx = await createTestContext({ WEB_DIST: dist });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(path.resolve(dist, '../..'), { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('web app serving', () => {
  it('sends the brotli file to a browser that takes it, cached for a year under its hashed name', async () => {
    const r = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(SCRIPT);
    // The security headers stay on static files.
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('/assets/index-AbCd1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbCd1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers index.html with no-cache, so a deploy is picked up at the next visit', async () => {
    const r = await get('/index.html', 'br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(INDEX);
  });

  it('answers a client-side route such as /dashboard/drivers with index.html, compressed and not cached', async () => {
    for (const url of ['/', '/dashboard/drivers']) {
      const r = await get(url, 'gzip, br');
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(brotliDecompressSync(r.rawPayload).toString()).toBe(INDEX);
    }
  });

  it('serves the web manifest with its type, and files outside /assets/ without long caching', async () => {
    const manifest = await get('/manifest.webmanifest', 'br');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(manifest.rawPayload).toString()).toBe(MANIFEST);

    const png = await get('/images/logo.png', 'gzip, br');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['cache-control']).toBe('no-cache');
  });

  it('still answers unknown API paths with the JSON envelope, not the page', async () => {
    const r = await get('/api/nothing-here', 'br');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 4042 });
  });

  it('answers a missing hashed file with 404, not the page: a tab opened before a deploy asks for chunks that are gone', async () => {
    const r = await get('/assets/Gone-abcdefgh.js', 'br');
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toContain('application/json');
  });
});
