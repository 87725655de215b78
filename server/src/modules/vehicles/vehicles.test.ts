import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { formData, TINY_PNG } from '../../../test/multipart.ts';
import { as, freshPlate, insertDriver, REF, vehicleBody, vehicleCalls } from './vehicle-test-helpers.ts';

let parks = 0;
const uniquePark = (name: string) => `${name} ${++parks}`;

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
});
// A fresh park per test: codes sent to one address are capped, and tests run in any order.
beforeEach(async () => {
  fx = await ctx.createPark({ name: uniquePark('Parc Véhicules') });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const { create, update, get, vehicle, planEveryDay } = vehicleCalls(() => ctx, () => owner);

async function member(roleNames: string[]) {
  const m = await ctx.addMember(fx.park.id, { type: 'agent', roleNames });
  return ctx.signIn({ email: m.email, password: m.password, type: 'agent' });
}

describe('POST /api/vehicle', () => {
  it('registers the vehicle with every general field and answers it, active and neutral', async () => {
    const owners = await ctx.api('POST', '/api/vehicle-owner', { ...as(owner), body: { type: 'individuel', first_name: 'Paul', last_name: 'Biya', park_id: fx.park.id } });
    const year = new Date().getFullYear();
    const r = await create({
      ...vehicleBody({ registration_number: ' lt-777-cd ' }),
      park_id: fx.park.id,
      label: 'Corolla de Paul',
      chassis_number: 'JTDBR32E720123456',
      gps_number: '356938035643809',
      mileage: 125000,
      mileage_for_vidange: 130000,
      entry_fleet_at: '2025-01-15',
      circulation_at: year - 5,
      insurance_subscription_at: '2025-02-01',
      vehicle_owner_id: owners.data?.id,
      tags: [{ name: 'VIP' }, { name: 'Clim' }],
      property_contract: { name: 'Contrat Biya', start_date: '2025-01-01', end_date: '2026-12-31', amount: 150000, payment_frequency: 'monthly' },
      tarif: [{ tarif: 2500, cadence: 'course' }],
    });
    expect(r.status, r.message).toBe(200);
    expect(r.message).toBe('Véhicule ajouté avec succès');
    expect(r.data).toMatchObject({
      label: 'Corolla de Paul',
      registration_number: 'LT-777-CD',
      status: 'active',
      display_status: 'neutral',
      brand: { id: REF.toyota, name: 'Toyota' },
      model: { id: REF.corolla, name: 'Corolla' },
      vehicle_type: { id: REF.type, name: 'Berline' },
      color: { id: REF.color },
      group: null,
      current_driver: null,
      image: null,
      has_config: false,
      has_recipe_config: false,
      chassis_number: 'JTDBR32E720123456',
      gps_number: '356938035643809',
      mileage: 125000,
      mileage_for_vidange: 130000,
      entry_fleet_at: '2025-01-15',
      circulation_at: year - 5,
      insurance_subscription_at: '2025-02-01',
      vehicle_owner: { id: owners.data?.id, display_name: 'Biya Paul' },
      tags: ['VIP', 'Clim'],
      property_contract: { name: 'Contrat Biya', amount: 150000, payment_frequency: 'monthly', start_date: '2025-01-01', end_date: '2026-12-31' },
      tarif: [{ tarif: 2500, cadence: 'course' }],
      park_id: fx.park.id,
    });
    expect(r.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('takes form data with up to 4 images, tags as a JSON string and repeated fields', async () => {
    const plate = freshPlate();
    const body = formData(
      [
        ['vehicle_type_id', String(REF.type)],
        ['brand_id', String(REF.hyundai)],
        ['model_id', String(REF.accent)],
        ['color_id', String(REF.color)],
        ['registration_number', plate],
        ['tags', '[{"name":"Taxi"}]'],
        ['property_contract', '{"amount":"50000","payment_frequency":"weekly"}'],
        ['park_id', fx.park.id],
      ],
      [1, 2].map((i) => ({ field: 'images', filename: `p${i}.png`, content: TINY_PNG, type: 'image/png' })),
    );
    const r = await create(body.body, owner, body.headers);
    expect(r.code, r.message).toBe(5000);
    expect(r.data.images).toHaveLength(2);
    expect(r.data.image).toMatch(/^\/api\/file\/signed\//);
    expect(r.data.image_paths[0]).toMatch(/^\/api\/file\/[0-9a-f-]{36}$/);
    expect(r.data).toMatchObject({ tags: ['Taxi'], brand: { name: 'Hyundai' }, model: { name: 'Accent' }, property_contract: { amount: 50000 } });

    const tooMany = formData(
      [['vehicle_type_id', '1'], ['brand_id', '1'], ['model_id', '1'], ['color_id', '1'], ['registration_number', freshPlate()], ['tags', 'A'], ['tags', 'B']],
      [1, 2, 3, 4].map((i) => ({ field: 'images', filename: `p${i}.png`, content: TINY_PNG })),
    );
    const four = await create(tooMany.body, owner, tooMany.headers);
    expect(four.code, four.message).toBe(5000);
    expect(four.data.tags).toEqual(['A', 'B']);
    expect(four.data.images).toHaveLength(4);
  });

  it("refuses a form without the required fields, with the spec's message for each", async () => {
    const r = await create({ label: 'Sans rien', vehicle_type_id: 'Unknown', brand_id: '' });
    expect(r.status).toBe(400);
    expect(r.message).toBe('Veuillez sélectionner le type de véhicule');
    expect(r.data.errors).toEqual([
      { field: 'vehicle_type_id', message: 'Veuillez sélectionner le type de véhicule' },
      { field: 'brand_id', message: 'Veuillez sélectionner la marque du véhicule' },
      { field: 'model_id', message: 'Veuillez sélectionner le modèle du véhicule' },
      { field: 'color_id', message: 'Veuillez sélectionner la couleur du véhicule' },
      { field: 'registration_number', message: "Veuillez entrer le numéro d'immatriculation du véhicule" },
    ]);
  });

  it('refuses a bad GPS number, bad tags and a year of circulation out of the 30 offered', async () => {
    const year = new Date().getFullYear();
    expect((await create(vehicleBody({ gps_number: '12AB' }))).message).toBe('Le format du numéro GPS est invalide');
    expect((await create(vehicleBody({ gps_number: '123456789' }))).message).toBe('Le format du numéro GPS est invalide');
    expect((await create(vehicleBody({ tags: [{ name: '<script>' }] }))).message).toBe("Le format n'est pas valide");
    expect((await create(vehicleBody({ tags: 42 }))).message).toBe("Le format n'est pas valide");
    const old = await create(vehicleBody({ circulation_at: year - 30 }));
    expect(old.status).toBe(400);
    expect(old.message).toBe(`L'année de mise en circulation doit être comprise entre ${year - 29} et ${year}`);
    expect((await create(vehicleBody({ circulation_at: year + 1 }))).status).toBe(400);
    expect((await create(vehicleBody({ circulation_at: year - 29 }))).code).toBe(5000);
  });

  it('refuses unknown reference data and a model of another brand', async () => {
    const noBrand = await create(vehicleBody({ brand_id: 99999 }));
    expect(noBrand.status).toBe(400);
    expect(noBrand.message).toBe('Veuillez sélectionner la marque du véhicule');
    const mismatch = await create(vehicleBody({ brand_id: REF.hyundai, model_id: REF.corolla }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.errors).toEqual([{ field: 'model_id', message: "Ce modèle n'appartient pas à la marque sélectionnée" }]);
    expect((await create(vehicleBody({ color_id: 99999 }))).message).toBe('Veuillez sélectionner la couleur du véhicule');
  });

  it('refuses a registration already used in the park, whatever its case, but not in another park', async () => {
    const first = await vehicle({ registration_number: 'CE-456-XY' });
    const again = await create(vehicleBody({ registration_number: 'ce-456-xy' }));
    expect(again.status).toBe(409);
    expect(again.message).toBe("Un véhicule du parc porte déjà ce numéro d'immatriculation");

    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    expect((await create(vehicleBody({ registration_number: first.registration_number }), otherOwner)).code).toBe(5000);
  });

  it("refuses another park's owner as the vehicle's owner", async () => {
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const theirs = await ctx.api('POST', '/api/vehicle-owner', { ...as(otherOwner), body: { type: 'individuel', first_name: 'Marie', last_name: 'Ngo', park_id: other.park.id } });
    expect(theirs.code).toBe(5000);
    const r = await create(vehicleBody({ vehicle_owner_id: theirs.data.id }));
    expect(r.status).toBe(400);
    expect(r.message).toBe('Propriétaire introuvable');
  });

  it('refuses amounts the park currency cannot hold (XAF has no cents)', async () => {
    const r = await create(vehicleBody({ property_contract: { amount: 1000.5 } }));
    expect(r.status).toBe(400);
    expect(r.data.errors).toEqual([{ field: 'property_contract.amount', message: 'Montant invalide' }]);
  });
});

describe('POST /api/vehicle/update/{id} with the general section', () => {
  it('replaces the general information, keeps the images named and adds new ones', async () => {
    const body = formData(
      [['vehicle_type_id', '1'], ['brand_id', '1'], ['model_id', '1'], ['color_id', '1'], ['registration_number', freshPlate()]],
      [1, 2].map((i) => ({ field: 'images', filename: `p${i}.png`, content: TINY_PNG })),
    );
    const created = await create(body.body, owner, body.headers);
    const [keep, drop] = created.data.image_paths as string[];
    const plate = freshPlate();
    const edit = formData(
      [
        ['update_type', 'general'],
        ['vehicle_type_id', '1'],
        ['brand_id', '1'],
        ['model_id', String(REF.yaris)],
        ['color_id', '1'],
        ['registration_number', plate],
        ['label', 'Yaris'],
        ['images', created.data.images[0]],
      ],
      [{ field: 'images', filename: 'p3.png', content: TINY_PNG }],
    );
    const r = await update(created.data.id, edit.body, owner, edit.headers);
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Véhicule mis à jour avec succès');
    expect(r.data).toMatchObject({ label: 'Yaris', registration_number: plate, model: { name: 'Yaris' } });
    expect(r.data.image_paths).toHaveLength(2);
    expect(r.data.image_paths[0]).toBe(keep);
    expect(r.data.image_paths).not.toContain(drop);
  });

  it('empties the optional fields the section leaves out, but keeps the contract and tariffs the form does not hold', async () => {
    const created = await create({
      ...vehicleBody(),
      label: 'Corolla de Paul',
      chassis_number: 'JTDBR32E720123456',
      gps_number: '356938035643809',
      mileage: 125000,
      entry_fleet_at: '2025-01-15',
      tags: [{ name: 'VIP' }],
      property_contract: { name: 'Contrat Biya', start_date: '2025-01-01', end_date: '2026-12-31', amount: 150000, payment_frequency: 'monthly' },
      tarif: [{ tarif: 2500, cadence: 'course' }],
    });
    const withoutLabel = vehicleBody({ registration_number: created.data.registration_number });
    const r = await update(created.data.id, { update_type: 'general', ...withoutLabel, label: '', gps_number: null, tags: [] });
    expect(r.code, r.message).toBe(5000);
    expect(r.data).toMatchObject({ label: null, chassis_number: null, gps_number: null, mileage: null, entry_fleet_at: null, tags: [] });
    expect(r.data.property_contract).toMatchObject({ name: 'Contrat Biya', amount: 150000 });
    expect(r.data.tarif).toEqual([{ tarif: 2500, cadence: 'course' }]);

    const noTariffs = await update(created.data.id, { update_type: 'general', ...withoutLabel, tarif: [] });
    expect(noTariffs.data.tarif).toEqual([]);
  });

  it('applies the same rules as the creation', async () => {
    const a = await vehicle();
    const b = await vehicle();
    const taken = await update(b.id, { update_type: 'general', ...vehicleBody({ registration_number: a.registration_number.toLowerCase() }) });
    expect(taken.status).toBe(409);
    const missing = await update(b.id, { update_type: 'general', registration_number: 'X' });
    expect(missing.message).toBe('Veuillez sélectionner le type de véhicule');
    const same = await update(b.id, { update_type: 'general', ...vehicleBody({ registration_number: b.registration_number }) });
    expect(same.code).toBe(5000);
  });

  it("refuses fields of another section and an unknown section", async () => {
    const v = await vehicle();
    const mixed = await update(v.id, { update_type: 'general', ...vehicleBody(), config: { work_planning: 'daily' } });
    expect(mixed.status).toBe(400);
    expect(mixed.message).toBe("Le champ « config » n'appartient pas à la section « general »");
    const planningWithPlate = await update(v.id, { update_type: 'planning', registration_number: 'AB-1', config: {} });
    expect(planningWithPlate.message).toBe("Le champ « registration_number » n'appartient pas à la section « planning »");
    const unknown = await update(v.id, { update_type: 'tout', label: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('Section inconnue : general, planning, recipe ou document attendu');
  });

  it('adds a document with the document section, shown in all-data', async () => {
    const v = await vehicle();
    const r = await update(v.id, { update_type: 'document', document_type_id: 2, start_date: '2026-01-01', end_date: '2026-12-31', description: 'Visite' });
    expect(r.code, r.message).toBe(5000);
    expect(r.data.documents).toHaveLength(1);
    expect(r.data.documents[0]).toMatchObject({ vehicle_id: v.id, document_type: { id: 2 }, end_date: '2026-12-31' });
    const bad = await update(v.id, { update_type: 'document', document_type_id: 2, start_date: '2026-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('La date de fin est requise');
  });
});

describe('reading one vehicle', () => {
  it('answers the detail, all-data and an empty configuration', async () => {
    const v = await vehicle({ label: 'Seule' });
    expect((await get(`/api/vehicle/${v.id}`)).data).toMatchObject({ id: v.id, label: 'Seule', tags: [], images: [], vehicle_owner: null, property_contract: null });
    expect((await get(`/api/vehicle/vehicle-config/${v.id}`)).data).toEqual({ config: null, recipe: null });
    const all = await get(`/api/vehicle/all-data/${v.id}`);
    expect(all.data).toMatchObject({ id: v.id, config: null, recipe: null, documents: [], group_detail: null });
    expect((await get('/api/vehicle/not-an-id')).status).toBe(400);
    expect((await get('/api/vehicle/00000000-0000-7000-8000-000000000000')).status).toBe(404);
  });
});

describe('activation and deactivation', () => {
  it('takes the vehicle out of service (no current driver) and back in', async () => {
    const v = await vehicle();
    const d = await insertDriver(ctx, fx.park.id, { lastName: 'Kamga' });
    await planEveryDay(v.id, d);
    const off = await get(`/api/vehicle/deactivate/${v.id}`);
    expect(off.message).toBe('Véhicule désactivé');
    expect(off.data).toMatchObject({ status: 'deactivated', display_status: 'deactivated', current_driver: null });
    expect((await get(`/api/vehicle/check-driver/${v.id}`)).data).toMatchObject({ has_driver: false, current_driver: null });
    const on = await get(`/api/vehicle/activate/${v.id}`);
    expect(on.message).toBe('Véhicule activé');
    expect(on.data).toMatchObject({ status: 'active', display_status: 'active', current_driver: { id: d } });
  });

  it("refuses to activate a vehicle whose driver took another vehicle on the same days meanwhile", async () => {
    const first = await vehicle();
    const second = await vehicle();
    const d = await insertDriver(ctx, fx.park.id, { lastName: 'Essomba' });
    await planEveryDay(first.id, d);
    await get(`/api/vehicle/deactivate/${first.id}`);
    // Out of service, the first vehicle keeps nobody busy: the driver may take the second.
    await planEveryDay(second.id, d);
    const r = await get(`/api/vehicle/activate/${first.id}`);
    expect(r.status).toBe(409);
    expect(r.message).toContain(`travaille déjà sur le véhicule ${second.registration_number} ces jours-là`);
    expect((await get(`/api/vehicle/${first.id}`)).data.status).toBe('deactivated');
  });
});

describe('permissions and parks', () => {
  it('lets every profile of the park read, and only MANAGE_DRIVER_VEHICLE write', async () => {
    const v = await vehicle();
    const cashier = await member(['Caissier']);
    expect((await get('/api/vehicle', cashier)).data.meta.total).toBe(1);
    expect((await get(`/api/vehicle/all-data/${v.id}`, cashier)).code).toBe(5000);
    expect((await get(`/api/vehicle/check-driver/${v.id}`, cashier)).code).toBe(5000);
    const refused = [
      await create(vehicleBody(), cashier),
      await update(v.id, { update_type: 'general', ...vehicleBody() }, cashier),
      await get(`/api/vehicle/deactivate/${v.id}`, cashier),
      await get(`/api/vehicle/activate/${v.id}`, cashier),
    ];
    expect(refused.map((r) => [r.status, r.message])).toEqual(
      refused.map(() => [403, "Vous n'avez pas les permissions nécessaires pour effectuer cette action"]),
    );
    const manager = await member(['Gestionnaire']);
    expect((await create(vehicleBody(), manager)).code).toBe(5000);
  });

  it("keeps each park's vehicles to itself", async () => {
    const mine = await vehicle();
    const other = await ctx.createPark({ name: uniquePark('Parc voisin') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    expect((await get('/api/vehicle', otherOwner)).data.meta.total).toBe(0);
    for (const url of [`/api/vehicle/${mine.id}`, `/api/vehicle/all-data/${mine.id}`, `/api/vehicle/vehicle-config/${mine.id}`, `/api/vehicle/check-driver/${mine.id}`, `/api/vehicle/deactivate/${mine.id}`]) {
      expect((await get(url, otherOwner)).status, url).toBe(404);
    }
    expect((await update(mine.id, { update_type: 'general', ...vehicleBody() }, otherOwner)).status).toBe(404);
    expect((await get(`/api/vehicle?park_id=${fx.park.id}`, otherOwner)).status).toBe(403);
    expect((await create({ ...vehicleBody(), park_id: fx.park.id }, otherOwner)).status).toBe(403);
    const multipart = formData([...Object.entries(vehicleBody()).map(([k, v]) => [k, String(v)] as [string, string]), ['park_id', fx.park.id]]);
    expect((await create(multipart.body, otherOwner, multipart.headers)).status).toBe(403);
    expect((await get(`/api/vehicle/${mine.id}`)).data.status).toBe('active');
  });
});
