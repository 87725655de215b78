import { describe, expect, it } from 'vitest';
import { checkSignature, imageLink, signedUrl } from './files.service.ts';

const deps = { signingKey: new Uint8Array(32).fill(7) };
const id = '0191f2a0-1234-7abc-8def-0123456789ab';

describe('links for <img> tags', () => {
  it('signs our stored files and leaves outside URLs and empty values alone', () => {
    expect(imageLink(deps, `/api/file/${id}`)).toMatch(new RegExp(`^/api/file/signed/${id}\\?exp=\\d+&sig=`));
    expect(imageLink(deps, 'https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    expect(imageLink(deps, null)).toBeNull();
  });

  it('gives the same link within a half hour, so the browser cache serves the image', () => {
    const t = Date.UTC(2026, 10, 22, 10, 0, 5);
    expect(signedUrl(deps, id, t)).toBe(signedUrl(deps, id, t + 29 * 60_000));
    expect(signedUrl(deps, id, t)).not.toBe(signedUrl(deps, id, t + 31 * 60_000));
  });

  it('keeps every link valid for at least 30 minutes and at most an hour', () => {
    const now = Date.now();
    const url = new URL(signedUrl(deps, id, now), 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    expect(exp * 1000 - now).toBeGreaterThanOrEqual(30 * 60_000);
    expect(exp * 1000 - now).toBeLessThanOrEqual(60 * 60_000);
    expect(checkSignature(deps, id, exp, url.searchParams.get('sig')!)).toBe(true);
    expect(checkSignature(deps, id, exp, 'forged')).toBe(false);
  });
});
