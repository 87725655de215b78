import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { formData, TINY_PNG } from '../../../test/multipart.ts';
import { driverTypes } from '../catalog/catalog.tables.ts';
import { addDriver, as, freshPhone, referenceIds } from './driver-test-helpers.ts';

let parks = 0;
const uniquePark = (name: string) => `${name} ${++parks}`;

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let refs: Awaited<ReturnType<typeof referenceIds>>;

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await referenceIds(ctx.database.db);
});
// A fresh park per test: codes sent to one address are capped, and tests run in any order.
beforeEach(async () => {
  fx = await ctx.createPark({ name: uniquePark('Parc Chauffeurs') });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const WIRE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const create = (body: unknown, s: SignedIn = owner, headers?: Record<string, string>) => ctx.api('POST', '/api/driver', { ...as(s), body, headers });
const update = (id: string, body: unknown, s: SignedIn = owner, headers?: Record<string, string>) =>
  ctx.api('PUT', `/api/driver/update/${id}`, { ...as(s), body, headers });
const valid = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Serge',
  last_name: 'Mbarga',
  phone: freshPhone(),
  driver_type_id: refs.titulaire,
  ...extra,
});
const licenceB = { type: 'B', driver_licence_number: 'CM-B-0001', permanent: false, delivery_at: '2019-04-01', expire_at: '2029-04-01', country_delivery: 'CM' };

describe('POST /api/driver', () => {
  it('recruits an active driver with every field, licences and days off', async () => {
    const r = await create(
      valid({
        email: 'Serge.Mbarga@Test.Flotte',
        cni_number: 'CNI123456',
        birthday: '1990-05-12',
        sex: 'men',
        place_Birth: 'Yaoundé',
        grade_id: refs.intermediaire,
        city_id: 14,
        start_work_at: '2026-01-05',
        days_off: [7, 3],
        can_relay: true,
        permis: [licenceB, { type: 'D', driver_licence_number: 'CM-D-9', permanent: true, delivery_at: '2021-06-30', expire_at: '2031-01-01' }],
      }),
    );
    expect(r.status).toBe(200);
    expect(r.message).toBe('Chauffeur ajouté avec succès');
    expect(r.data).toMatchObject({
      park_id: fx.park.id,
      first_name: 'Serge',
      last_name: 'Mbarga',
      full_name: 'Serge Mbarga',
      email: 'serge.mbarga@test.flotte',
      cni_number: 'CNI123456',
      birthday: '1990-05-12',
      sex: 'men',
      place_birth: 'Yaoundé',
      grade: { id: refs.intermediaire, name: 'Intermediaire' },
      driver_type: { id: refs.titulaire, name: 'Titulaire' },
      city_id: 14,
      start_work_at: '2026-01-05',
      days_off: [3, 7],
      can_relay: true,
      enable_withdraw: false,
      status: 'active',
      blocked_at: null,
      desactivate_at: null,
      current_vehicle: null,
      yango_profile: null,
      image: null,
    });
    expect(r.data.created_at).toMatch(WIRE_DATE);
    // A permanent licence keeps no expiry, whatever the form sent.
    expect(r.data.permis).toEqual([
      { id: expect.any(String), ...licenceB },
      { id: expect.any(String), type: 'D', driver_licence_number: 'CM-D-9', permanent: true, delivery_at: '2021-06-30', expire_at: null, country_delivery: null },
    ]);
    const read = await ctx.api('GET', `/api/driver/${r.data.id}`, as(owner));
    expect(read.data).toEqual(r.data);
  });

  it('takes multipart form data with the photo, and permis and days_off as JSON strings', async () => {
    const { body, headers } = formData(
      [
        ['first_name', 'Aïcha'],
        ['last_name', 'Diallo'],
        ['phone', '+225 07 07 07 07 07'],
        ['driver_type_id', String(refs.titulaire)],
        ['park_id', fx.park.id],
        ['grade_id', ''],
        ['sex', 'women'],
        ['can_relay', 'false'],
        ['days_off', '[6,7]'],
        ['permis', JSON.stringify([licenceB])],
      ],
      [{ field: 'image', filename: 'photo.png', content: TINY_PNG, type: 'image/png' }],
    );
    const r = await create(body, owner, headers);
    expect(r.message).toBe('Chauffeur ajouté avec succès');
    expect(r.data).toMatchObject({ first_name: 'Aïcha', phone: '+2250707070707', sex: 'women', grade: null, days_off: [6, 7], can_relay: false });
    expect(r.data.permis).toHaveLength(1);
    expect(r.data.image).toMatch(/^\/api\/file\/signed\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    const img = await ctx.app.inject({ method: 'GET', url: r.data.image });
    expect(img.statusCode).toBe(200);
  });

  it("refuses the submit checks with the spec's messages", async () => {
    const empty = await create({});
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('Le prénom est requis');
    const fields = Object.fromEntries(empty.data.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(fields).toMatchObject({
      first_name: 'Le prénom est requis',
      last_name: 'Le nom est requis',
      phone: 'Le numéro de téléphone est requis',
      driver_type_id: 'Le type de chauffeur est requis',
    });
    expect((await create(valid({ last_name: '' }))).message).toBe('Le nom est requis');
    expect((await create(valid({ phone: '12345' }))).message).toBe('Format de numéro de téléphone invalide');
    expect((await create(valid({ driver_type_id: undefined }))).message).toBe('Le type de chauffeur est requis');
    expect((await create(valid({ email: 'pas-un-email' }))).message).toBe("Format d'email invalide");
    expect((await create(valid({ days_off: [0, 8] }))).message).toBe('Les jours de repos doivent être des jours de 1 (lundi) à 7 (dimanche)');
    expect((await create(valid({ birthday: '1990-02-30' }))).message).toBe('Date invalide (format attendu yyyy-MM-dd)');
    const list = await ctx.api('GET', `/api/driver?park_id=${fx.park.id}`, as(owner));
    expect(list.data.meta.total).toBe(0);
  });

  it('checks each licence: all fields, one of each type, expiry only when not permanent', async () => {
    const missing = 'Veuillez remplir tous les champs';
    expect((await create(valid({ permis: [{ ...licenceB, driver_licence_number: '' }] }))).message).toBe(missing);
    expect((await create(valid({ permis: [{ ...licenceB, type: undefined }] }))).message).toBe(missing);
    expect((await create(valid({ permis: [{ ...licenceB, delivery_at: undefined }] }))).message).toBe(missing);
    expect((await create(valid({ permis: [{ ...licenceB, expire_at: undefined }] }))).message).toBe(missing);
    expect((await create(valid({ permis: [licenceB, { ...licenceB, driver_licence_number: 'AUTRE' }] }))).message).toBe('Permis déjà ajouté');
    expect((await create(valid({ permis: [{ ...licenceB, type: 'E' }] }))).message).toBe('Type de permis invalide (A, B, C ou D)');
    expect((await create(valid({ permis: [{ ...licenceB, expire_at: '2018-01-01' }] }))).message).toBe(
      "La date d'expiration doit être postérieure à la date de délivrance",
    );
    const permanent = await create(valid({ permis: [{ ...licenceB, permanent: 'true', expire_at: undefined }] }));
    expect(permanent.data.permis[0]).toMatchObject({ type: 'B', permanent: true, expire_at: null });
  });

  it('refuses a phone already used by a driver of the park (409), not one of another park', async () => {
    const phone = freshPhone();
    await addDriver(ctx, owner, valid({ phone }));
    const again = await create(valid({ phone: phone.replace('+237', '+237 ') }));
    expect(again.status).toBe(409);
    expect(again.message).toBe('Un chauffeur de ce parc utilise déjà ce numéro de téléphone');
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    expect((await create(valid({ phone }), otherOwner)).status).toBe(200);
  });

  it("refuses reference data the park can't see", async () => {
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const [foreign] = await ctx.database.db.insert(driverTypes).values({ name: 'Privé', parkId: other.park.id }).returning();
    const r = await create(valid({ driver_type_id: foreign.id }));
    expect(r.status).toBe(400);
    expect(r.message).toBe('Type de chauffeur introuvable');
    expect((await create(valid({ grade_id: 999_999 }))).message).toBe('Grade introuvable');
    expect((await create(valid({ driver_group_id: 999_999 }))).message).toBe('Groupe de chauffeurs introuvable');
  });

  it("takes a photo already uploaded by the park (JSON), never another park's", async () => {
    const upload = async (s: SignedIn) => {
      const { body, headers } = formData([], [{ field: 'file', filename: 'p.png', content: TINY_PNG }]);
      return (await ctx.api('POST', '/api/file/upload', { ...as(s), body, headers })).data.path as string;
    };
    const mine = await create(valid({ image: await upload(owner) }));
    expect(mine.data.image).toMatch(/^\/api\/file\/signed\//);
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const theirs = await create(valid({ image: await upload(otherOwner) }));
    expect(theirs.status).toBe(400);
    expect(theirs.message).toBe('Image invalide');
  });

  it("refuses a park_id of another park, in JSON or in form data", async () => {
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    expect((await create(valid({ park_id: other.park.id }))).status).toBe(403);
    const { body, headers } = formData([
      ['first_name', 'Intrus'],
      ['last_name', 'Intrus'],
      ['phone', freshPhone()],
      ['driver_type_id', String(refs.titulaire)],
      ['park_id', other.park.id],
    ]);
    const r = await create(body, owner, headers);
    expect(r.status).toBe(403);
    expect((await ctx.api('GET', '/api/driver', as(owner))).data.meta.total).toBe(0);
  });
});

describe('PUT /api/driver/update/{id}', () => {
  it('changes the fields sent; licences and days off sent replace the lists', async () => {
    const d = await addDriver(ctx, owner, valid({ days_off: [7], permis: [licenceB, { ...licenceB, type: 'C', driver_licence_number: 'CM-C-1' }] }));
    const before = (await ctx.api('GET', `/api/driver/${d.id}`, as(owner))).data;
    const idOfB = before.permis.find((l: { type: string }) => l.type === 'B').id;
    const r = await update(d.id, {
      first_name: 'Serge-Alain',
      grade_id: refs.expert,
      driver_type_id: refs.remplacant,
      days_off: [1, 2],
      permis: [{ ...licenceB, driver_licence_number: 'CM-B-0002' }, { type: 'A', driver_licence_number: 'MOTO-1', permanent: true, delivery_at: '2015-01-01' }],
    });
    expect(r.status).toBe(200);
    expect(r.message).toBe('Chauffeur mis à jour avec succès !');
    expect(r.data).toMatchObject({
      first_name: 'Serge-Alain',
      last_name: 'Mbarga',
      phone: before.phone,
      grade: { id: refs.expert, name: 'Expert' },
      driver_type: { id: refs.remplacant, name: 'Remplaçant' },
      days_off: [1, 2],
    });
    expect(r.data.permis.map((l: { type: string }) => l.type)).toEqual(['A', 'B']);
    // The B licence was edited in place, so it keeps its id.
    expect(r.data.permis[1]).toMatchObject({ id: idOfB, driver_licence_number: 'CM-B-0002' });

    const untouched = await update(d.id, { cni_number: 'NEW-CNI' });
    expect(untouched.data.permis).toHaveLength(2);
    expect(untouched.data.days_off).toEqual([1, 2]);
    const cleared = await update(d.id, { permis: [], days_off: [] });
    expect(cleared.data).toMatchObject({ permis: [], days_off: [] });
  });

  it('empties the optional fields named in clear, the photo included, and keeps those not sent', async () => {
    const { body, headers } = formData(
      Object.entries(valid({ email: 'serge@example.cm', cni_number: 'CNI-1', grade_id: refs.expert, start_work_at: '2024-03-01', tag: 'nuit' })).map(
        ([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string],
      ),
      [{ field: 'image', filename: 'p.png', content: TINY_PNG }],
    );
    const d = (await ctx.api('POST', '/api/driver', { ...as(owner), body, headers })).data;
    expect(d).toMatchObject({ email: 'serge@example.cm', cni_number: 'CNI-1', tag: 'nuit' });
    expect(d.image).toBeTruthy();

    // Blank values are cleaned out of the body: they say nothing, so nothing changes.
    const blank = await update(d.id, { email: '', cni_number: null, tag: 'Unknown' });
    expect(blank.data).toMatchObject({ email: 'serge@example.cm', cni_number: 'CNI-1', tag: 'nuit' });

    const cleared = await update(d.id, { last_name: 'Ngono', clear: ['email', 'grade_id', 'start_work_at', 'image'] });
    expect(cleared.status).toBe(200);
    expect(cleared.data).toMatchObject({ last_name: 'Ngono', email: null, grade: null, start_work_at: null, image: null, cni_number: 'CNI-1', tag: 'nuit' });

    // The driver form sends form data: the list as a JSON string.
    const multipart = formData([['clear', JSON.stringify(['cni_number', 'tag'])]]);
    const r = await update(d.id, multipart.body, owner, multipart.headers);
    expect(r.data).toMatchObject({ cni_number: null, tag: null, last_name: 'Ngono' });

    expect((await update(d.id, { clear: ['first_name'] })).message).toBe('Le champ « first_name » ne peut pas être vidé');
    expect((await update(d.id, { clear: ['email'], email: 'a@b.cm' })).message).toBe('Le champ « email » ne peut pas être à la fois rempli et vidé');
  });

  it('takes multipart with a new photo, and checks the rules of creation on what is sent', async () => {
    const d = await addDriver(ctx, owner, valid());
    const { body, headers } = formData([['id', d.id], ['last_name', 'Ngono'], ['permis', JSON.stringify([licenceB])], ['days_off[]', '5'], ['days_off[]', '6']], [
      { field: 'image', filename: 'p.png', content: TINY_PNG },
    ]);
    const r = await update(d.id, body, owner, headers);
    expect(r.message).toBe('Chauffeur mis à jour avec succès !');
    expect(r.data).toMatchObject({ last_name: 'Ngono', days_off: [5, 6] });
    expect(r.data.image).toMatch(/^\/api\/file\/signed\//);
    expect((await update(d.id, { phone: 'abc' })).message).toBe('Format de numéro de téléphone invalide');
    expect((await update(d.id, { permis: [licenceB, licenceB] })).message).toBe('Permis déjà ajouté');
  });

  it("refuses another driver's phone of the park (409)", async () => {
    const a = await addDriver(ctx, owner, valid());
    const b = await addDriver(ctx, owner, valid());
    const phoneOfA = (await ctx.api('GET', `/api/driver/${a.id}`, as(owner))).data.phone;
    const r = await update(b.id, { phone: phoneOfA });
    expect(r.status).toBe(409);
    expect(r.message).toBe('Un chauffeur de ce parc utilise déjà ce numéro de téléphone');
  });

  it('answers 404 for an unknown driver', async () => {
    const r = await update('00000000-0000-7000-8000-000000000000', { first_name: 'X' });
    expect(r.status).toBe(404);
    expect(r.message).toBe('Chauffeur introuvable');
  });
});

describe('who may do what', () => {
  it('lets any profile of the park read, but writing needs MANAGE_DRIVER_VEHICLE (403)', async () => {
    const d = await addDriver(ctx, owner, valid());
    const cashier = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Caissier'] });
    const c = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    expect((await ctx.api('GET', '/api/driver', as(c))).data.meta.total).toBe(1);
    expect((await ctx.api('GET', `/api/driver/${d.id}`, as(c))).status).toBe(200);
    expect((await ctx.api('GET', `/api/driver/all-data/${d.id}`, as(c))).status).toBe(200);

    const refused = [
      await create(valid(), c),
      await update(d.id, { first_name: 'X' }, c),
      await ctx.api('POST', '/api/driver/suspended', { ...as(c), body: { driver_id: d.id } }),
      await ctx.api('GET', `/api/driver/remove-suspension/${d.id}`, as(c)),
      await ctx.api('GET', `/api/driver/deactivate/${d.id}`, as(c)),
      await ctx.api('GET', `/api/driver/activate/${d.id}`, as(c)),
      await ctx.api('PUT', '/api/driver/enable-withdraw', { ...as(c), body: { driver_id: d.id, status: true } }),
    ];
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.message).toBe("Vous n'avez pas les permissions nécessaires pour effectuer cette action");
    }
    const after = (await ctx.api('GET', `/api/driver/${d.id}`, as(owner))).data;
    expect(after).toMatchObject({ first_name: 'Serge', status: 'active', enable_withdraw: false });

    const manager = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Gestionnaire'] });
    const m = await ctx.signIn({ email: manager.email, password: manager.password, type: 'agent' });
    expect((await create(valid(), m)).status).toBe(200);
  });

  it("keeps another park's drivers out of reach (404) and out of lists", async () => {
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const theirs = await addDriver(ctx, otherOwner, valid());
    for (const url of [`/api/driver/${theirs.id}`, `/api/driver/all-data/${theirs.id}`, `/api/driver/deactivate/${theirs.id}`, `/api/driver/activate/${theirs.id}`, `/api/driver/remove-suspension/${theirs.id}`]) {
      const r = await ctx.api('GET', url, as(owner));
      expect(r.status, url).toBe(404);
    }
    expect((await update(theirs.id, { first_name: 'Intrus' })).status).toBe(404);
    expect((await ctx.api('POST', '/api/driver/suspended', { ...as(owner), body: { driver_id: theirs.id } })).status).toBe(404);
    expect((await ctx.api('PUT', '/api/driver/enable-withdraw', { ...as(owner), body: { driver_id: theirs.id, status: true } })).status).toBe(404);
    expect((await ctx.api('GET', `/api/driver?park_id=${other.park.id}`, as(owner))).status).toBe(403);
    expect((await ctx.api('GET', '/api/driver', as(owner))).data.meta.total).toBe(0);

    const still = await ctx.api('GET', `/api/driver/${theirs.id}`, as(otherOwner));
    expect(still.data).toMatchObject({ first_name: 'Serge', status: 'active', enable_withdraw: false });
  });
});
