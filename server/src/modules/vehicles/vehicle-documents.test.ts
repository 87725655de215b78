import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { formData, TINY_PNG } from '../../../test/multipart.ts';
import { parks } from '../access/access.tables.ts';
import { documentTypes } from '../catalog/catalog.tables.ts';
import { addDays, documentStatus, listExpiringDocuments, parkToday, type VehicleDocumentsDeps } from './vehicle-documents.service.ts';
import { vehicleDocuments, vehicles } from './vehicles.tables.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Park {
  id: string;
  owner: SignedIn;
}

/** A fresh park and its signed-in owner, for each test. */
async function freshPark(name = 'Parc Documents'): Promise<Park> {
  const fx = await ctx.createPark({ name });
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  return { id: fx.park.id, owner };
}

/** Vehicles are inserted directly: the vehicles API belongs to another module and is not under test. */
async function insertVehicle(parkId: string, registration: string, label: string | null = null): Promise<string> {
  const [v] = await ctx.database.db
    .insert(vehicles)
    .values({ parkId, vehicleTypeId: 1, brandId: 1, modelId: 1, colorId: 1, registrationNumber: registration, label })
    .returning({ id: vehicles.id });
  return v.id;
}

async function insertDocument(parkId: string, vehicleId: string, endDate: string, documentTypeId = 1, startDate = '2020-01-01') {
  const [d] = await ctx.database.db
    .insert(vehicleDocuments)
    .values({ parkId, vehicleId, documentTypeId, startDate, endDate })
    .returning({ id: vehicleDocuments.id });
  return d.id;
}

const as = (who: SignedIn) => ({ token: who.token, profileId: who.profile_id });

/** An active supplier of the park (the insurer a document of type 1 names), made through the suppliers API. */
async function insurerOf(p: Park, name = 'AXA Assurances'): Promise<string> {
  const category = await ctx.api('POST', '/api/supplier/category', { ...as(p.owner), body: { name: `Assurance ${name}` } });
  const r = await ctx.api('POST', '/api/supplier', { ...as(p.owner), body: { name, phone: '+237690112233', categories: [category.data.id] } });
  expect(r.code, r.message).toBe(5000);
  return r.data.id;
}
const douala = () => parkToday('Africa/Douala');

describe('POST /api/vehicle-document', () => {
  it('adds a document to a vehicle of the park and lists it with its state', async () => {
    const p = await freshPark();
    const vehicleId = await insertVehicle(p.id, 'LT-100-AA', 'Corolla grise');
    const end = addDays(douala(), 200);
    const supplier = await insurerOf(p);
    const r = await ctx.api('POST', '/api/vehicle-document', {
      ...as(p.owner),
      body: { vehicle_id: vehicleId, document_type_id: 1, supplier_id: supplier, start_date: '2025-06-01', end_date: end, description: 'Police AXA', park_id: p.id },
    });
    expect(r.status).toBe(200);
    expect(r.message).toBe('Document ajouté avec succès');
    expect(r.data).toMatchObject({
      vehicle_id: vehicleId,
      document_type: { id: 1, name: 'Assurance' },
      supplier_id: supplier,
      start_date: '2025-06-01',
      end_date: end,
      description: 'Police AXA',
      images: [],
      status: 'valid',
      days_left: 200,
    });

    const list = await ctx.api('GET', `/api/vehicle-document/${vehicleId}`, as(p.owner));
    expect(list.status).toBe(200);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toEqual(r.data);
  });

  it('keeps the supplier only for the insurance (document type 1)', async () => {
    const p = await freshPark();
    const vehicleId = await insertVehicle(p.id, 'LT-101-AA');
    const r = await ctx.api('POST', '/api/vehicle-document', {
      ...as(p.owner),
      body: { vehicle_id: vehicleId, document_type_id: '2', supplier_id: '0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee', start_date: '2026-01-01', end_date: '2026-12-31' },
    });
    expect(r.code).toBe(5000);
    expect(r.data.document_type).toEqual({ id: 2, name: 'Visite technique' });
    expect(r.data.supplier_id).toBeNull();
  });

  it('names as insurer only an active supplier of the park', async () => {
    const p = await freshPark();
    const other = await freshPark('Autre parc');
    const vehicleId = await insertVehicle(p.id, 'LT-103-AA');
    const post = (supplier_id: string) =>
      ctx.api('POST', '/api/vehicle-document', { ...as(p.owner), body: { vehicle_id: vehicleId, document_type_id: 1, supplier_id, start_date: '2026-01-01', end_date: '2026-12-31' } });
    const foreign = await post(await insurerOf(other));
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe('Prestataire introuvable');
    const suspended = await insurerOf(p, 'Assureur suspendu');
    await ctx.api('PUT', `/api/supplier/deactivate/${suspended}`, as(p.owner));
    const refused = await post(suspended);
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('Ce prestataire est suspendu\u00a0: réactivez-le pour le choisir');
    expect((await ctx.api('GET', `/api/vehicle-document/${vehicleId}`, as(p.owner))).data).toEqual([]);
  });

  it("refuses a missing or wrong field with the form's French message", async () => {
    const p = await freshPark();
    const vehicleId = await insertVehicle(p.id, 'LT-102-AA');
    const base = { vehicle_id: vehicleId, document_type_id: 1, start_date: '2026-01-01', end_date: '2026-12-31' };
    const post = (body: Record<string, unknown>) => ctx.api('POST', '/api/vehicle-document', { ...as(p.owner), body });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, vehicle_id: undefined }, 'vehicle_id', 'Veuillez sélectionner le véhicule'],
      [{ ...base, document_type_id: undefined }, 'document_type_id', 'Veuillez sélectionner le type de document'],
      [{ ...base, document_type_id: 'Unknown' }, 'document_type_id', 'Veuillez sélectionner le type de document'],
      [{ ...base, start_date: '' }, 'start_date', 'La date de début est requise'],
      [{ ...base, end_date: null }, 'end_date', 'La date de fin est requise'],
      [{ ...base, end_date: '2026-02-30' }, 'end_date', 'Date invalide (format attendu yyyy-MM-dd)'],
      [{ ...base, start_date: '01/02/2026' }, 'start_date', 'Date invalide (format attendu yyyy-MM-dd)'],
      [{ ...base, end_date: '2025-12-31' }, 'end_date', 'La date de fin doit être postérieure à la date de début'],
      [{ ...base, supplier_id: 'axa' }, 'supplier_id', 'Fournisseur invalide'],
    ];
    for (const [body, field, message] of cases) {
      const r = await post(body);
      expect(r.status, message).toBe(400);
      expect(r.message).toBe(message);
      expect(r.data.errors).toContainEqual({ field, message });
    }
    // A document may start and end the same day.
    expect((await post({ ...base, end_date: '2026-01-01' })).code).toBe(5000);
    expect(await ctx.database.db.select().from(vehicleDocuments).where(eq(vehicleDocuments.vehicleId, vehicleId))).toHaveLength(1);
  });

  it("refuses an unknown document type, or another park's own type, and accepts the park's own", async () => {
    const p = await freshPark();
    const other = await freshPark('Autre parc');
    const vehicleId = await insertVehicle(p.id, 'LT-103-AA');
    const [theirs] = await ctx.database.db.insert(documentTypes).values({ parkId: other.id, name: 'Badge aéroport' }).returning();
    const [ours] = await ctx.database.db.insert(documentTypes).values({ parkId: p.id, name: 'Autorisation mairie' }).returning();
    const post = (typeId: number) =>
      ctx.api('POST', '/api/vehicle-document', { ...as(p.owner), body: { vehicle_id: vehicleId, document_type_id: typeId, start_date: '2026-01-01', end_date: '2026-06-30' } });
    for (const id of [9999, theirs.id]) {
      const r = await post(id);
      expect(r.status).toBe(404);
      expect(r.message).toBe('Type de document introuvable');
    }
    const r = await post(ours.id);
    expect(r.code).toBe(5000);
    expect(r.data.document_type).toEqual({ id: ours.id, name: 'Autorisation mairie' });
  });

  it('takes form data with up to 4 images and answers signed links', async () => {
    const p = await freshPark();
    const vehicleId = await insertVehicle(p.id, 'LT-104-AA');
    const fields = { vehicle_id: vehicleId, document_type_id: '3', start_date: '2026-01-01', end_date: '2027-01-01', description: '', park_id: p.id };
    const images = [1, 2].map((i) => ({ field: 'images', filename: `carte-grise-${i}.png`, content: TINY_PNG }));
    const { body, headers } = formData(fields, images);
    const r = await ctx.api('POST', '/api/vehicle-document', { ...as(p.owner), body, headers });
    expect(r.status).toBe(200);
    expect(r.message).toBe('Document ajouté avec succès');
    expect(r.data.description).toBeNull();
    expect(r.data.images).toHaveLength(2);
    for (const link of r.data.images) expect(link).toMatch(/^\/api\/file\/signed\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    const image = await ctx.api('GET', r.data.images[0]);
    expect(image.status).toBe(200);

    // Too many images in one form: nothing is stored.
    const five = formData(fields, [...images, ...images, images[0]]);
    const tooMany = await ctx.api('POST', '/api/vehicle-document', { ...as(p.owner), body: five.body, headers: five.headers });
    expect(tooMany.status).toBe(413);
    // A file that is not an image.
    const pdf = formData(fields, [{ field: 'images', filename: 'scan.png', content: Buffer.from('%PDF-1.7 not an image') }]);
    const refused = await ctx.api('POST', '/api/vehicle-document', { ...as(p.owner), body: pdf.body, headers: pdf.headers });
    expect(refused.status).toBe(415);
    // Validation happens before anything is stored.
    const invalid = formData({ ...fields, end_date: '' }, images);
    const missing = await ctx.api('POST', '/api/vehicle-document', { ...as(p.owner), body: invalid.body, headers: invalid.headers });
    expect(missing.status).toBe(400);
    expect(missing.message).toBe('La date de fin est requise');
    expect(await ctx.database.db.select().from(vehicleDocuments).where(eq(vehicleDocuments.vehicleId, vehicleId))).toHaveLength(1);
  });

  it("accepts in JSON images the park uploaded, never another park's file", async () => {
    const p = await freshPark();
    const other = await freshPark('Autre parc');
    const vehicleId = await insertVehicle(p.id, 'LT-105-AA');
    const upload = async (who: SignedIn) => {
      const { body, headers } = formData([], [{ field: 'file', filename: 'scan.png', content: TINY_PNG }]);
      return (await ctx.api('POST', '/api/file/upload', { ...as(who), body, headers })).data.path as string;
    };
    const body = (images: string[]) => ({ vehicle_id: vehicleId, document_type_id: 5, start_date: '2026-01-01', end_date: '2026-12-31', images });
    const ok = await ctx.api('POST', '/api/vehicle-document', { ...as(p.owner), body: body([await upload(p.owner)]) });
    expect(ok.code).toBe(5000);
    expect(ok.data.images).toHaveLength(1);
    for (const images of [[await upload(other.owner)], ['https://example.com/x.png']]) {
      const r = await ctx.api('POST', '/api/vehicle-document', { ...as(p.owner), body: body(images) });
      expect(r.status).toBe(400);
      expect(r.message).toBe('Image invalide');
    }
  });

  it('needs MANAGE_DRIVER_VEHICLE to add; every profile of the park may read', async () => {
    const p = await freshPark();
    const vehicleId = await insertVehicle(p.id, 'LT-106-AA');
    const cashier = await ctx.addMember(p.id, { type: 'agent', roleNames: ['Caissier'] });
    const sc = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    const body = { vehicle_id: vehicleId, document_type_id: 1, start_date: '2026-01-01', end_date: '2026-12-31' };
    const refused = await ctx.api('POST', '/api/vehicle-document', { ...as(sc), body });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe("Vous n'avez pas les permissions nécessaires pour effectuer cette action");

    const manager = await ctx.addMember(p.id, { type: 'agent', roleNames: ['Gestionnaire'] });
    const sm = await ctx.signIn({ email: manager.email, password: manager.password, type: 'agent' });
    expect((await ctx.api('POST', '/api/vehicle-document', { ...as(sm), body })).code).toBe(5000);

    expect((await ctx.api('GET', `/api/vehicle-document/${vehicleId}`, as(sc))).data).toHaveLength(1);
    expect((await ctx.api('GET', '/api/vehicle-document/future-expired', as(sc))).status).toBe(200);
  });
});

describe('park isolation', () => {
  it("never reads nor writes another park's vehicle documents", async () => {
    const a = await freshPark('Parc A');
    const b = await freshPark('Parc B');
    const vehicleOfB = await insertVehicle(b.id, 'LT-200-BB');
    await insertDocument(b.id, vehicleOfB, addDays(douala(), 3));

    const read = await ctx.api('GET', `/api/vehicle-document/${vehicleOfB}`, as(a.owner));
    expect(read.status).toBe(404);
    expect(read.message).toBe('Véhicule introuvable');

    const write = await ctx.api('POST', '/api/vehicle-document', {
      ...as(a.owner),
      body: { vehicle_id: vehicleOfB, document_type_id: 1, start_date: '2026-01-01', end_date: '2026-12-31' },
    });
    expect(write.status).toBe(404);
    const form = formData({ vehicle_id: vehicleOfB, document_type_id: '1', start_date: '2026-01-01', end_date: '2026-12-31', park_id: b.id });
    const multipart = await ctx.api('POST', '/api/vehicle-document', { ...as(a.owner), body: form.body, headers: form.headers });
    expect(multipart.status).toBe(403);

    const expiring = await ctx.api('GET', '/api/vehicle-document/future-expired', as(a.owner));
    expect(expiring.data).toEqual({ items: [], meta: { page: 1, itemPerPage: 5, total: 0 } });
    expect((await ctx.api('GET', `/api/vehicle-document/future-expired?park_id=${b.id}`, as(a.owner))).status).toBe(403);
    expect(await ctx.database.db.select().from(vehicleDocuments).where(eq(vehicleDocuments.vehicleId, vehicleOfB))).toHaveLength(1);
  });
});

describe('GET /api/vehicle-document/future-expired', () => {
  it('lists documents ending within 30 days or already ended, soonest first, with their vehicle', async () => {
    const p = await freshPark();
    const today = douala();
    const corolla = await insertVehicle(p.id, 'LT-300-AA', 'Corolla');
    const yaris = await insertVehicle(p.id, 'LT-301-AA');
    await insertDocument(p.id, corolla, addDays(today, 10), 1); // insurance, in 10 days
    await insertDocument(p.id, corolla, addDays(today, -40), 2); // inspection, ended 40 days ago
    await insertDocument(p.id, yaris, addDays(today, 25), 3); // registration card, in 25 days
    await insertDocument(p.id, yaris, addDays(today, 45), 1); // outside the default window
    await insertDocument(p.id, yaris, addDays(today, 200), 5); // far away

    const r = await ctx.api('GET', '/api/vehicle-document/future-expired?itemPerPage=10', as(p.owner));
    expect(r.status).toBe(200);
    expect(r.data.meta).toEqual({ page: 1, itemPerPage: 10, total: 3 });
    expect(r.data.items.map((d: { days_left: number; status: string }) => [d.days_left, d.status])).toEqual([
      [-40, 'expired'],
      [10, 'expiring'],
      [25, 'expiring'],
    ]);
    expect(r.data.items[1]).toMatchObject({
      vehicle_id: corolla,
      document_type: { id: 1, name: 'Assurance' },
      vehicle: { id: corolla, label: 'Corolla', registration_number: 'LT-300-AA' },
    });
    expect(r.data.items[2].vehicle).toEqual({ id: yaris, label: null, registration_number: 'LT-301-AA' });

    // A wider window takes the one in 45 days; a narrower one only what ends within it.
    const wide = await ctx.api('GET', '/api/vehicle-document/future-expired?days=60&itemPerPage=10', as(p.owner));
    expect(wide.data.items.map((d: { days_left: number }) => d.days_left)).toEqual([-40, 10, 25, 45]);
    const narrow = await ctx.api('GET', '/api/vehicle-document/future-expired?days=15', as(p.owner));
    expect(narrow.data.items.map((d: { days_left: number }) => d.days_left)).toEqual([-40, 10]);

    // Paginated: 2 per page.
    const page2 = await ctx.api('GET', '/api/vehicle-document/future-expired?days=60&itemPerPage=2&page=2', as(p.owner));
    expect(page2.data.meta).toEqual({ page: 2, itemPerPage: 2, total: 4 });
    expect(page2.data.items.map((d: { days_left: number }) => d.days_left)).toEqual([25, 45]);

    // Search on the vehicle or the document type.
    const search = await ctx.api('GET', '/api/vehicle-document/future-expired?search=lt-301', as(p.owner));
    expect(search.data.items.map((d: { days_left: number }) => d.days_left)).toEqual([25]);
    const byType = await ctx.api('GET', '/api/vehicle-document/future-expired?search=visite', as(p.owner));
    expect(byType.data.items.map((d: { days_left: number }) => d.days_left)).toEqual([-40]);
  });

  it('refuses a window outside 1 to 365 days', async () => {
    const p = await freshPark();
    for (const days of ['0', '366', '-3', 'trente', '2.5']) {
      const r = await ctx.api('GET', `/api/vehicle-document/future-expired?days=${days}`, as(p.owner));
      expect(r.status, days).toBe(400);
      expect(r.message).toBe('Le nombre de jours doit être compris entre 1 et 365');
    }
    expect((await ctx.api('GET', '/api/vehicle-document/future-expired?days=365', as(p.owner))).status).toBe(200);
  });

  it('forgets a document once a newer one of the same type replaces it on the vehicle', async () => {
    const p = await freshPark();
    const today = douala();
    const vehicleId = await insertVehicle(p.id, 'LT-302-AA');
    await insertDocument(p.id, vehicleId, addDays(today, -5), 1); // old insurance, ended
    await insertDocument(p.id, vehicleId, addDays(today, -2), 2); // inspection, ended, not renewed
    const before = await ctx.api('GET', '/api/vehicle-document/future-expired', as(p.owner));
    expect(before.data.items.map((d: { days_left: number }) => d.days_left)).toEqual([-5, -2]);

    // The insurance is renewed for a year: only the inspection is left to act on.
    const renewed = await ctx.api('POST', '/api/vehicle-document', {
      ...as(p.owner),
      body: { vehicle_id: vehicleId, document_type_id: 1, start_date: addDays(today, -4), end_date: addDays(today, 360) },
    });
    expect(renewed.code).toBe(5000);
    const after = await ctx.api('GET', '/api/vehicle-document/future-expired', as(p.owner));
    expect(after.data.items.map((d: { document_type: { id: number } }) => d.document_type.id)).toEqual([2]);
    // The vehicle's own list keeps its history.
    expect((await ctx.api('GET', `/api/vehicle-document/${vehicleId}`, as(p.owner))).data).toHaveLength(3);
  });
});

describe("the park's calendar day", () => {
  const deps = (now: Date): VehicleDocumentsDeps => ({
    db: ctx.database.db,
    files: { db: ctx.database.db, storage: ctx.app.fileStorage, signingKey: ctx.config.jwtSecret },
    now: () => now,
  });

  it('is read in the park time zone: at 23:30 UTC it is already tomorrow in Douala', () => {
    const lateEvening = new Date('2026-03-10T23:30:00Z');
    expect(parkToday('Africa/Douala', lateEvening)).toBe('2026-03-11');
    expect(parkToday('UTC', lateEvening)).toBe('2026-03-10');
    expect(parkToday('Africa/Douala', new Date('2026-03-10T22:59:59Z'))).toBe('2026-03-10');
  });

  it('decides what has expired and the window from that day', async () => {
    const p = await freshPark();
    const vehicleId = await insertVehicle(p.id, 'LT-400-AA');
    await insertDocument(p.id, vehicleId, '2026-03-10', 1); // ended yesterday in Douala, today in UTC
    await insertDocument(p.id, vehicleId, '2026-04-10', 2); // Douala's today + 30
    await insertDocument(p.id, vehicleId, '2026-04-11', 3); // Douala's today + 31
    const lateEvening = new Date('2026-03-10T23:30:00Z');
    const query = { days: 30, page: 1, itemPerPage: 10 };

    const inDouala = await listExpiringDocuments(deps(lateEvening), p.id, query);
    expect(inDouala.items.map((d) => [d.end_date, d.status, d.days_left])).toEqual([
      ['2026-03-10', 'expired', -1],
      ['2026-04-10', 'expiring', 30],
    ]);

    await ctx.database.db.update(parks).set({ timeZone: 'UTC' }).where(eq(parks.id, p.id));
    const inUtc = await listExpiringDocuments(deps(lateEvening), p.id, query);
    // In UTC it is still the 10th: the paper ends today, and the 10th of April is 31 days away.
    expect(inUtc.items.map((d) => [d.end_date, d.status, d.days_left])).toEqual([['2026-03-10', 'expiring', 0]]);
  });

  it('calls a document valid beyond 30 days, expiring up to its last day, expired after', () => {
    expect(documentStatus('2026-04-10', '2026-03-10')).toEqual({ status: 'valid', days_left: 31 });
    expect(documentStatus('2026-04-09', '2026-03-10')).toEqual({ status: 'expiring', days_left: 30 });
    expect(documentStatus('2026-03-10', '2026-03-10')).toEqual({ status: 'expiring', days_left: 0 });
    expect(documentStatus('2026-03-09', '2026-03-10')).toEqual({ status: 'expired', days_left: -1 });
  });
});
