import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@flotte/contract';
import { users } from '../../src/modules/access/access.tables.ts';
import { drivers } from '../../src/modules/drivers/drivers.tables.ts';
import { subAccount } from '../../src/modules/operations/operations-test-helpers.ts';
import { fundMovements } from '../../src/modules/operations/operations.tables.ts';
import { vehicleDocuments, vehicles } from '../../src/modules/vehicles/vehicles.tables.ts';
import { maintenances } from '../../src/modules/maintenance/maintenance.tables.ts';
import { AppError } from '../../src/platform/errors.ts';
import { formData, TINY_PNG } from '../multipart.ts';
import { createTestContext, type TestContext } from '../test-context.ts';
import { as, buildWorld, type Actor, type World } from './world.ts';

/**
 * The authorization matrix's row for stored files: every field that names a stored file must name
 * one of the acting park's own uploads (server/src/modules/files/park-file-refs.ts). Park A's
 * owner names park B's real upload in each such field, on each route that takes it; the answer is
 * 400 with the field's message and nothing is written. The list of fields is checked against the
 * contract: a new input field named like a file (image, photo, logo, proof, file, document ...)
 * fails this test until it has its row here, and so its check.
 */

let ctx: TestContext;
let w: World;
/** Park B's upload, as its stored path, its signed link and its bare id. */
let foreign: { path: string; url: string; id: string };

async function upload(who: Actor): Promise<{ path: string; url: string; id: string }> {
  const { body, headers } = formData([], [{ field: 'file', filename: 'photo.png', content: TINY_PNG }]);
  const r = await w.ctx.api('POST', '/api/file/upload', { token: who.token, profileId: who.profileId, body, headers });
  expect(r.code, r.message).toBe(5000);
  return r.data;
}

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildWorld(ctx);
  foreign = await upload(w.ownerB);
}, 60_000);
afterAll(() => ctx?.close());

const countOf = async (table: typeof drivers | typeof vehicles | typeof vehicleDocuments | typeof fundMovements) =>
  (await ctx.database.db.select({ n: count() }).from(table).where(eq(table.parkId, w.parkA)))[0].n;

async function roleIdOfA(): Promise<string> {
  const r = await as(w, w.ownerA, 'GET', '/api/role-name');
  return r.data[0].id;
}

let vehicleNo = 0;
const newVehicle = () => ({ vehicle_type_id: 1, brand_id: 1, model_id: 1, color_id: 1, registration_number: `FR-${String(++vehicleNo).padStart(3, '0')}-AA` });

async function vehicleOfA(): Promise<string> {
  const r = await as(w, w.ownerA, 'POST', '/api/vehicle', newVehicle());
  expect(r.code, r.message).toBe(5000);
  return r.data.id;
}

async function driverOfA(): Promise<string> {
  const r = await as(w, w.ownerA, 'POST', '/api/driver', { first_name: 'Didier', last_name: 'Parc A', phone: '+237650000101', driver_type_id: 1 });
  expect(r.code, r.message).toBe(5000);
  return r.data.id;
}

async function adminOfA(): Promise<string> {
  const r = await as(w, w.ownerA, 'POST', '/api/admin/add', { first_name: 'Adèle', last_name: 'Parc A', email: 'adele.a@test.flotte', role_ids: [await roleIdOfA()] });
  expect(r.code, r.message).toBe(5000);
  return r.data.profile_id ?? r.data.id;
}

let componentNo = 0;
/** A maintenance of a new vehicle of park A, with one component of the park's own. */
async function maintenanceOfA(): Promise<{ id: string; componentId: number }> {
  const component = await as(w, w.ownerA, 'POST', '/api/car-component', { name: `Pièce témoin ${++componentNo}` });
  expect(component.code, component.message).toBe(5000);
  const r = await as(w, w.ownerA, 'POST', '/api/entretien', maintenanceBody(await vehicleOfA(), component.data.id));
  expect(r.code, r.message).toBe(5000);
  return { id: r.data.id, componentId: component.data.id };
}
const maintenanceBody = (vehicleId: string, componentId: number, over: Record<string, unknown> = {}) => ({
  vehicle_id: vehicleId,
  duration_choice: 3,
  start_date: '2030-03-04',
  end_date: '2030-03-05',
  maintenances: [{ repair_type_id: 1, maintenanceCarComponent: [{ component_id: componentId, amount: 2000 }] }],
  ...over,
});

const imageOfUser = async (userId: string) => (await ctx.database.db.select({ image: users.image }).from(users).where(eq(users.id, userId)))[0].image;

interface FileFieldCase {
  /** The contract schema and its field. */
  schema: string;
  field: string;
  route: string;
  message: string;
  /** Sends park B's file (in the given form) in the field; answers the response. */
  send: (ref: string) => Promise<{ status: number; code: number; message: string; fieldErrors?: unknown }>;
  /** What must not change. */
  written: () => Promise<unknown>;
  /** The forms of reference tried (the stored path always). */
  forms?: ('path' | 'url' | 'id')[];
}

const IMAGE = 'Image invalide';
const PROOF = 'Justificatif invalide';

function fileFieldCases(): FileFieldCase[] {
  let admin: Promise<string> | undefined;
  let driver: Promise<string> | undefined;
  let vehicle: Promise<string> | undefined;
  const theAdmin = () => (admin ??= adminOfA());
  const theDriver = () => (driver ??= driverOfA());
  const theVehicle = () => (vehicle ??= vehicleOfA());
  let maintenance: Promise<{ id: string; componentId: number }> | undefined;
  const theMaintenance = () => (maintenance ??= maintenanceOfA());
  const maintenanceRow = async () => (await ctx.database.db.select({ status: maintenances.status, invoice: maintenances.invoiceFileId }).from(maintenances).where(eq(maintenances.id, (await theMaintenance()).id)))[0];
  const operation = (url: string) => async (ref: string) => {
    const subId = (await subAccount(ctx, w.parkA, { name: 'Apport du propriétaire' })).id;
    return as(w, w.ownerA, 'POST', url, { sub_account_id: subId, date: '2026-01-15T10:00:00', amount: 1000, file_link: ref });
  };
  return [
    {
      schema: 'ZUpdateProfile', field: 'image', route: 'PUT /api/profile/:id', message: IMAGE,
      send: (ref) => as(w, w.ownerA, 'PUT', `/api/profile/${w.ownerA.profileId}`, { image: ref }),
      written: () => imageOfUser(w.ownerA.userId),
      forms: ['path', 'url', 'id'],
    },
    {
      schema: 'ZAdminInput', field: 'image', route: 'POST /api/admin/add', message: IMAGE,
      send: async (ref) => as(w, w.ownerA, 'POST', '/api/admin/add', { first_name: 'Intrus', last_name: 'Photo', email: 'intrus.photo@test.flotte', role_ids: [await roleIdOfA()], image: ref }),
      written: async () => (await ctx.database.db.select({ n: count() }).from(users).where(eq(users.email, 'intrus.photo@test.flotte')))[0].n,
    },
    {
      schema: 'ZAdminUpdate', field: 'image', route: 'PUT /api/admin/:id', message: IMAGE,
      send: async (ref) => as(w, w.ownerA, 'PUT', `/api/admin/${await theAdmin()}`, { image: ref }),
      written: async () => {
        const id = await theAdmin();
        return (await as(w, w.ownerA, 'GET', `/api/admin?park_id=${w.parkA}&itemPerPage=50`)).data.items.find((a: { id: string }) => a.id === id).image;
      },
    },
    {
      schema: 'ZDriverInput', field: 'image', route: 'POST /api/driver', message: IMAGE,
      send: (ref) => as(w, w.ownerA, 'POST', '/api/driver', { first_name: 'Intrus', last_name: 'Photo', phone: '+237650000102', driver_type_id: 1, image: ref }),
      written: () => countOf(drivers),
    },
    {
      schema: 'ZDriverUpdate', field: 'image', route: 'PUT /api/driver/update/:id', message: IMAGE,
      send: async (ref) => as(w, w.ownerA, 'PUT', `/api/driver/update/${await theDriver()}`, { image: ref }),
      written: async () => (await ctx.database.db.select({ image: drivers.image }).from(drivers).where(eq(drivers.id, await theDriver())))[0].image,
    },
    {
      schema: 'ZVehicleInput', field: 'images', route: 'POST /api/vehicle', message: IMAGE,
      send: (ref) => as(w, w.ownerA, 'POST', '/api/vehicle', { ...newVehicle(), images: [ref] }),
      written: () => countOf(vehicles),
      forms: ['path', 'url'],
    },
    {
      schema: 'ZVehicleInput', field: 'images', route: 'POST /api/vehicle/update/:id', message: IMAGE,
      send: async (ref) => as(w, w.ownerA, 'POST', `/api/vehicle/update/${await theVehicle()}`, { update_type: 'general', ...newVehicle(), images: [ref] }),
      written: async () => (await ctx.database.db.select({ images: vehicles.images }).from(vehicles).where(eq(vehicles.id, await theVehicle())))[0].images,
      forms: ['path', 'url'],
    },
    {
      schema: 'ZVehicleDocumentInput', field: 'images', route: 'POST /api/vehicle-document', message: IMAGE,
      send: async (ref) => as(w, w.ownerA, 'POST', '/api/vehicle-document', { vehicle_id: await theVehicle(), document_type_id: 5, start_date: '2026-01-01', end_date: '2026-12-31', images: [ref] }),
      written: () => countOf(vehicleDocuments),
      forms: ['path', 'url'],
    },
    {
      schema: 'ZVehicleDocumentInput', field: 'images', route: "POST /api/vehicle/update/:id (update_type 'document')", message: IMAGE,
      send: async (ref) => as(w, w.ownerA, 'POST', `/api/vehicle/update/${await theVehicle()}`, { update_type: 'document', vehicle_id: await theVehicle(), document_type_id: 5, start_date: '2026-01-01', end_date: '2026-12-31', images: [ref] }),
      written: () => countOf(vehicleDocuments),
    },
    {
      schema: 'ZFundMovementInput', field: 'file_link', route: 'POST /api/pnl-account/fund-movement', message: PROOF,
      send: operation('/api/pnl-account/fund-movement'),
      written: () => countOf(fundMovements),
      forms: ['path', 'url', 'id'],
    },
    {
      schema: 'ZFundMovementInput', field: 'file_link', route: 'POST /api/accounting/create-entry-or-depense', message: PROOF,
      send: operation('/api/accounting/create-entry-or-depense'),
      written: () => countOf(fundMovements),
      forms: ['path', 'id'],
    },
    {
      schema: 'ZMaintenanceCreate', field: 'images', route: 'POST /api/entretien', message: IMAGE,
      send: async (ref) => as(w, w.ownerA, 'POST', '/api/entretien', maintenanceBody(await theVehicle(), (await theMaintenance()).componentId, { start_date: '2031-03-04', end_date: '2031-03-04', images: [ref] })),
      // The maintenance whose component the body names exists before the count is taken.
      written: async () => (await theMaintenance()) && ctx.database.db.select({ n: count() }).from(maintenances).where(eq(maintenances.parkId, w.parkA)),
      forms: ['path', 'url'],
    },
    {
      schema: 'ZMaintenanceUpdate', field: 'facture_image', route: 'PUT /api/entretien/:id', message: new AppError('DOCUMENT_REF_INVALID').message,
      send: async (ref) => {
        const m = await theMaintenance();
        const paid = JSON.stringify([{ repair_type_id: 1, components: [{ component_id: m.componentId, amount: 2000 }] }]);
        return as(w, w.ownerA, 'PUT', `/api/entretien/${m.id}`, { status: 'finished', maintenances: paid, facture_image: ref });
      },
      written: maintenanceRow,
      forms: ['path', 'url', 'id'],
    },
  ];
}

const CASES = fileFieldCases();

/** Input schemas of the contract: what a route reads from a body or a form. */
const INPUT_SCHEMA = /^Z(\w*(Input|Update|Body)|Update\w*)$/;
/** Field names that say "a stored file". */
const FILE_FIELD = /(^|_)(images?|photos?|logos?|proofs?|files?|documents?|justificatifs?|attachments?|file_link|scans?)(_|$)/i;

/** Every string (or list of strings) field of the contract's input schemas named like a file. */
function fileFieldsOfContract(): string[] {
  const found = new Set<string>();
  const walk = (s: unknown, path: string, schema: string) => {
    if (!s || typeof s !== 'object') return;
    const o = s as Record<string, unknown>;
    for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(o[k])) for (const x of o[k] as unknown[]) walk(x, path, schema);
    const props = o.properties as Record<string, Record<string, unknown>> | undefined;
    for (const [k, v] of Object.entries(props ?? {})) {
      const p = path ? `${path}.${k}` : k;
      const types = [v.type, (v.items as { type?: unknown } | undefined)?.type].flat();
      if (FILE_FIELD.test(k) && types.includes('string')) found.add(`${schema}.${p}`);
      walk(v, p, schema);
    }
    if (o.items) walk(o.items, `${path}[]`, schema);
  };
  for (const [name, value] of Object.entries(contract)) {
    if (!INPUT_SCHEMA.test(name) || !(value instanceof z.ZodType)) continue;
    walk(z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }), '', name);
  }
  return [...found].sort();
}

describe("a field naming a stored file takes only the acting park's own files", () => {
  it('has a row for every input field of the contract named like a file, and for the JSON bodies of the API', async () => {
    const covered = new Set(CASES.map((c) => `${c.schema}.${c.field}`));
    const fields = fileFieldsOfContract();
    expect(fields.filter((f) => !covered.has(f)), 'file fields without a row in file-refs.test.ts').toEqual([]);
    // The scan itself works: it finds the fields known today (a broken scan would pass vacuously).
    expect(fields).toEqual(expect.arrayContaining(['ZUpdateProfile.image', 'ZDriverInput.image', 'ZVehicleInput.images', 'ZFundMovementInput.file_link']));
    // Route bodies declared in the OpenAPI document (JSON routes) must name only covered fields.
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: unknown; items?: { type?: unknown } }> } }> } }>> };
    const coveredRoutes = new Set(CASES.map((c) => c.route.split(' (')[0]));
    const missing: string[] = [];
    for (const [url, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const media of Object.values(op.requestBody?.content ?? {})) {
          for (const [k, v] of Object.entries(media.schema?.properties ?? {})) {
            const types = [v.type, v.items?.type].flat();
            const route = `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`;
            if (FILE_FIELD.test(k) && types.includes('string') && !coveredRoutes.has(route)) missing.push(`${route} ${k}`);
          }
        }
      }
    }
    expect(missing, 'JSON routes with a file field and no row in file-refs.test.ts').toEqual([]);
  });

  const rows = CASES.flatMap((c) => (c.forms ?? ['path']).map((form) => [`${c.route} ${c.field} (${form})`, c, form] as const));
  it.each(rows)("%s: park B's file is refused with 400 and nothing is written", async (_name, c, form) => {
    const before = await c.written();
    const r = await c.send(foreign[form]);
    expect([r.status, r.message], JSON.stringify(r.fieldErrors)).toEqual([400, c.message]);
    expect(await c.written()).toEqual(before);
  });

  it("takes the park's own upload in the same fields", async () => {
    const own = await upload(w.ownerA);
    const profile = await as(w, w.ownerA, 'PUT', `/api/profile/${w.ownerA.profileId}`, { image: own.path });
    expect(profile.code, profile.message).toBe(5000);
    expect(await imageOfUser(w.ownerA.userId)).toBe(own.path);
    const driver = await as(w, w.ownerA, 'PUT', `/api/driver/update/${await driverOfA2()}`, { image: own.path });
    expect(driver.code, driver.message).toBe(5000);
    const vehicle = await as(w, w.ownerA, 'POST', '/api/vehicle', { ...newVehicle(), images: [own.url] });
    expect(vehicle.code, vehicle.message).toBe(5000);
    expect(vehicle.data.image_paths).toEqual([own.path]);
  });

  it('refuses a document where an image is expected, and an outside address', async () => {
    const { body, headers } = formData([], [{ field: 'file', filename: 'scan.pdf', content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') }]);
    const doc = await ctx.api('POST', '/api/file/upload/file', { token: w.ownerA.token, profileId: w.ownerA.profileId, body, headers });
    expect(doc.code, doc.message).toBe(5000);
    for (const image of [doc.data.path, 'https://example.com/photo.png']) {
      const r = await as(w, w.ownerA, 'PUT', `/api/profile/${w.ownerA.profileId}`, { image });
      expect([r.status, r.message]).toEqual([400, IMAGE]);
    }
  });
});

let secondDriver: Promise<string> | undefined;
function driverOfA2(): Promise<string> {
  return (secondDriver ??= (async () => {
    const r = await as(w, w.ownerA, 'POST', '/api/driver', { first_name: 'Denis', last_name: 'Parc A', phone: '+237650000103', driver_type_id: 1 });
    expect(r.code, r.message).toBe(5000);
    return r.data.id as string;
  })());
}
