import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { formData, png } from './park-test-helpers.ts';

// Resetting files and deleting the account with the S3 driver: the bytes leave the bucket too.
// (park-reset.test.ts and account-deletion.test.ts check the same on the local folder.)
let s3: TestS3;
let ctx: TestContext;

beforeAll(async () => {
  s3 = await startTestS3();
  ctx = await createTestContext(s3.env);
  expect(ctx.app.fileStorage.driver).toBe('s3');
});
afterAll(async () => {
  await ctx.close();
  await s3.close();
});

async function ownerWithPin(name: string): Promise<SignedIn> {
  const fx = await ctx.createPark({ name });
  const s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  expect((await ctx.api('POST', '/api/update-pin-code', { token: s.token, body: { code: '24680' } })).code).toBe(5000);
  return s;
}
const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });
const uploadPng = async (s: SignedIn, filename: string) =>
  (await ctx.api('POST', '/api/file/upload', { ...as(s), ...formData({}, [{ field: 'file', filename, content: png }]) })).data;
const key = (s: SignedIn, id: string) => `uploads/${s.park_id}/${id}.png`;

describe('park files on S3', () => {
  it('a files reset removes unused files from the bucket and keeps the logo', async () => {
    const s = await ownerWithPin('Parc S3 à remettre à zéro');
    const doc = await uploadPng(s, 'facture.png');
    const { data: park } = await ctx.api('PUT', `/api/park/${s.park_id}`, { ...as(s), ...formData({}, [{ field: 'logo', filename: 'logo.png', content: png }]) });
    expect(await ctx.app.fileStorage.exists(key(s, doc.id))).toBe(true);

    expect((await ctx.api('PUT', `/api/park/reset/${s.park_id}`, { ...as(s), body: { options: ['files'] } })).data).toEqual({ reset: ['files'] });
    expect(await ctx.app.fileStorage.exists(key(s, doc.id))).toBe(false);
    expect((await ctx.api('GET', doc.path, as(s))).status).toBe(404);
    expect((await ctx.api('GET', park.logo, as(s))).raw.rawPayload.equals(png)).toBe(true);
  });

  it("deleting the account empties the park's folder in the bucket, and only that one", async () => {
    const s = await ownerWithPin('Parc S3 à supprimer');
    const other = await ownerWithPin('Parc S3 voisin');
    const mine = [await uploadPng(s, 'a.png'), await uploadPng(s, 'b.png')];
    const theirs = await uploadPng(other, 'c.png');

    expect((await ctx.api('DELETE', '/api/account', as(s))).data).toEqual({ deleted: true });
    for (const f of mine) expect(await ctx.app.fileStorage.exists(key(s, f.id))).toBe(false);
    expect(await ctx.app.fileStorage.exists(key(other, theirs.id))).toBe(true);
    expect((await ctx.api('GET', theirs.url)).status).toBe(200);
  });
});
