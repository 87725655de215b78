import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { formData, TINY_PNG } from '../../../test/multipart.ts';
import { STORAGE_DRIVERS, storageEnv } from '../../../test/s3-server.ts';
import { as, freshPhone, referenceIds } from '../drivers/driver-test-helpers.ts';
import { vehicleBody } from '../vehicles/vehicle-test-helpers.ts';
import { files } from './files.tables.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './orphan-sweep.ts';

// The same sweep whichever storage holds the bytes: the local folder or an S3 bucket.
for (const driver of STORAGE_DRIVERS) {
  let ctx: TestContext;
  let owner: SignedIn;
  let stopStorage: () => Promise<void>;

  const idOf = (stored: string) => stored.split('/').pop()!.split('?')[0];
  async function onDisk(id: string): Promise<boolean> {
    const [row] = await ctx.database.db.select({ storagePath: files.storagePath }).from(files).where(eq(files.id, id));
    return !!row && (await ctx.app.fileStorage.exists(row.storagePath));
  }
  const multipart = (fields: [string, string][], images: string[], field = 'images') =>
    formData(fields, images.map((name) => ({ field, filename: name, content: TINY_PNG })));

  describe(`the nightly sweep of files nothing shows any more (${driver} storage)`, () => {
    beforeAll(async () => {
      const storage = await storageEnv(driver);
      stopStorage = storage.close;
      ctx = await createTestContext(storage.env);
      const fx = await ctx.createPark({ name: 'Parc Photos' });
      owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
    });
    afterAll(async () => {
      await ctx.close();
      await stopStorage();
    });

    it('removes replaced photos, a photo taken off, an old logo and a loose upload, once past the grace period', async () => {
      const refs = await referenceIds(ctx.database.db);
      // A vehicle with two photos, edited to keep only the first.
      const plate = String(vehicleBody().registration_number);
      const general = Object.entries(vehicleBody({ registration_number: plate })).map(([k, v]) => [k, String(v)] as [string, string]);
      const created = await ctx.api('POST', '/api/vehicle', { ...as(owner), ...multipart(general, ['a.png', 'b.png']) });
      const [kept, replaced] = (created.data.image_paths as string[]).map(idOf);
      const edit = multipart([['update_type', 'general'], ...general, ['images', JSON.stringify([`/api/file/${kept}`])]], []);
      expect((await ctx.api('POST', `/api/vehicle/update/${created.data.id}`, { ...as(owner), ...edit })).code).toBe(5000);

      // A driver whose photo is taken off.
      const driverFields: [string, string][] = [['first_name', 'Awa'], ['last_name', 'Diallo'], ['phone', freshPhone()], ['driver_type_id', String(refs.titulaire)]];
      const driver = await ctx.api('POST', '/api/driver', { ...as(owner), ...multipart(driverFields, ['awa.png'], 'image') });
      const [driverRow] = await ctx.database.db.select({ id: files.id }).from(files).where(eq(files.originalName, 'awa.png'));
      await ctx.api('PUT', `/api/driver/update/${driver.data.id}`, { ...as(owner), body: { clear: ['image'] } });

      // A logo, then another one.
      const logo1 = await ctx.api('PUT', `/api/park/${owner.park_id}`, { ...as(owner), ...multipart([], ['logo1.png'], 'logo') });
      const logo2 = await ctx.api('PUT', `/api/park/${owner.park_id}`, { ...as(owner), ...multipart([], ['logo2.png'], 'logo') });

      // An upload no form ever named.
      const loose = await ctx.api('POST', '/api/file/upload', { ...as(owner), ...multipart([], ['loose.png'], 'file') });

      const orphans = [replaced, driverRow.id, idOf(logo1.data.logo), idOf(loose.data.path)];
      const shown = [kept, idOf(logo2.data.logo)];
      for (const id of [...orphans, ...shown]) expect(await onDisk(id), id).toBe(true);

      // Within the grace period nothing goes: a client may upload first and save the form later.
      expect(await sweepOrphanFiles({ db: ctx.database.db, storage: ctx.app.fileStorage })).toEqual({ parks: 0, files: 0 });
      for (const id of orphans) expect(await onDisk(id), id).toBe(true);

      const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
      const result = await sweepOrphanFiles({ db: ctx.database.db, storage: ctx.app.fileStorage }, { now: later });
      expect(result.files).toBe(orphans.length);
      for (const id of orphans) expect(await onDisk(id), id).toBe(false);
      for (const id of shown) expect(await onDisk(id), id).toBe(true);

      // What the park shows still loads.
      const vehicle = await ctx.api('GET', `/api/vehicle/${created.data.id}`, as(owner));
      expect((await ctx.api('GET', vehicle.data.images[0])).status).toBe(200);
      expect((await ctx.api('GET', logo2.data.logo_url)).status).toBe(200);
      // A second run finds nothing more to do.
      expect((await sweepOrphanFiles({ db: ctx.database.db, storage: ctx.app.fileStorage }, { now: later })).files).toBe(0);
    });
  });
}
