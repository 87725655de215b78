import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { formData, TINY_PNG } from '../../../test/multipart.ts';
import { STORAGE_DRIVERS, storageEnv } from '../../../test/s3-server.ts';

const png = TINY_PNG;
const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>');
const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

// The same behaviour whichever storage holds the bytes: the local folder or an S3 bucket.
for (const driver of STORAGE_DRIVERS) {
  let ctx: TestContext;
  let sa: SignedIn;
  let sb: SignedIn;
  let stopStorage: () => Promise<void>;

  function upload(url: string, filename: string, content: Buffer, s: SignedIn = sa) {
    return ctx.api('POST', url, { token: s.token, profileId: s.profile_id, ...formData([], [{ field: 'file', filename, content }]) });
  }

  describe(`uploads (${driver} storage)`, () => {
    beforeAll(async () => {
      const storage = await storageEnv(driver);
      stopStorage = storage.close;
      ctx = await createTestContext({ UPLOAD_LIMIT_BYTES: String(64 * 1024), ...storage.env });
      expect(ctx.app.fileStorage.driver).toBe(driver);
      const a = await ctx.createPark({ name: 'Parc A' });
      const b = await ctx.createPark({ name: 'Parc B' });
      sa = await ctx.signIn({ email: a.owner.email, password: a.owner.password, type: 'proprietaire' });
      sb = await ctx.signIn({ email: b.owner.email, password: b.owner.password, type: 'proprietaire' });
    });
    afterAll(async () => {
      await ctx.close();
      await stopStorage();
    });

    it('stores an image and serves it to its own park only', async () => {
      const r = await upload('/api/file/upload', 'photo.png', png);
      expect(r.code).toBe(5000);
      expect(r.data).toMatchObject({ mime_type: 'image/png', size: png.length });
      expect(await ctx.app.fileStorage.exists(`uploads/${sa.park_id}/${r.data.id}.png`)).toBe(true);
      const mine = await ctx.api('GET', r.data.path, { token: sa.token, profileId: sa.profile_id });
      expect(mine.status).toBe(200);
      expect(mine.raw.rawPayload.equals(png)).toBe(true);
      const theirs = await ctx.api('GET', r.data.path, { token: sb.token, profileId: sb.profile_id });
      expect(theirs.status).toBe(404);
      expect((await ctx.api('GET', r.data.path)).status).toBe(401);
    });

    it('hands out a signed link that works without headers until tampered with', async () => {
      const r = await upload('/api/file/upload', 'logo.svg', svg);
      expect(r.data.mime_type).toBe('image/svg+xml');
      // Our own signed link, never a bucket address: the bytes always go through the app.
      expect(r.data.url).toMatch(/^\/api\/file\/signed\/[0-9a-f-]{36}\?exp=\d+&sig=/);
      const signed = await ctx.api('GET', r.data.url);
      expect(signed.status).toBe(200);
      expect(signed.raw.headers['content-security-policy']).toContain('sandbox');
      // Change the signature's first character to another one (a fixed 'A' is the same link one time in 64).
      const tampered = await ctx.api('GET', r.data.url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`));
      expect(tampered.status).toBe(404);
    });

    it('accepts only jpg, jpeg, png and svg images, judged by content', async () => {
      const fake = await upload('/api/file/upload', 'photo.png', Buffer.from('MZ this is not an image'));
      expect(fake.status).toBe(415);
      expect(fake.message).toBe('Type de fichier non accepté (jpg, jpeg, png, svg).');
      expect((await upload('/api/file/upload', 'facture.pdf', pdf)).status).toBe(415);
    });

    it('takes documents on /file/upload/file and answers a key', async () => {
      const r = await upload('/api/file/upload/file', 'facture.pdf', pdf);
      expect(r.code).toBe(5000);
      expect(r.data.key).toBe(r.data.id);
      const got = await ctx.api('GET', r.data.path, { token: sa.token, profileId: sa.profile_id });
      expect(got.raw.headers['content-disposition']).toContain('attachment');
    });

    it('answers 404, not an error, for a file whose bytes are gone', async () => {
      const r = await upload('/api/file/upload', 'gone.png', png);
      await ctx.app.fileStorage.delete([`uploads/${sa.park_id}/${r.data.id}.png`]);
      expect((await ctx.api('GET', r.data.path, { token: sa.token, profileId: sa.profile_id })).status).toBe(404);
      expect((await ctx.api('GET', r.data.url)).status).toBe(404);
    });

    it('refuses a file over the size limit', async () => {
      const big = Buffer.concat([png, Buffer.alloc(70 * 1024)]);
      const r = await upload('/api/file/upload', 'big.png', big);
      expect(r.status).toBe(413);
      expect(r.code).toBe(4131);
    });
  });
}
