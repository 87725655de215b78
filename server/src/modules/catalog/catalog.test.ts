import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPE_INSURANCE, DOCUMENT_TYPE_TECHNICAL_INSPECTION, SEEDED_IDS } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { findScoped } from './catalog.service.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Actor {
  parkId: string;
  get(url: string): ReturnType<TestContext['api']>;
  post(url: string, body: unknown): ReturnType<TestContext['api']>;
}

/** A fresh park and its owner, signed in (one park per test: the code send limit is per address). */
async function ownerOfNewPark(name = 'Parc Catalogue'): Promise<Actor> {
  const { park, owner } = await ctx.createPark({ name });
  const s = await ctx.signIn({ email: owner.email, password: owner.password, type: 'proprietaire' });
  return actor(park.id, s.token, s.profile_id);
}

function actor(parkId: string, token: string, profileId: string): Actor {
  return {
    parkId,
    get: (url) => ctx.api('GET', url, { token, profileId }),
    post: (url, body) => ctx.api('POST', url, { token, profileId, body }),
  };
}

const names = (data: { name: string }[]) => data.map((r) => r.name);

describe('shared reference lists', () => {
  it('lists vehicle types, colours with their hex code and the hours of a day', async () => {
    const a = await ownerOfNewPark();

    const types = await a.get('/api/vehicle-type');
    expect(types.code).toBe(5000);
    expect(names(types.data)).toEqual(expect.arrayContaining(['Berline', 'Citadine', 'SUV', 'Monospace', 'Pick-up', 'Minibus', 'Moto', 'Tricycle']));
    expect(types.data.find((t: { id: number }) => t.id === SEEDED_IDS.vehicleType.BERLINE).name).toBe('Berline');

    const colors = await a.get('/api/color');
    expect(colors.data).toEqual(
      expect.arrayContaining([
        { id: SEEDED_IDS.color.BLANC, name: 'Blanc', hex: '#FFFFFF' },
        { id: SEEDED_IDS.color.NOIR, name: 'Noir', hex: '#000000' },
        { id: SEEDED_IDS.color.GRIS, name: 'Gris', hex: '#808080' },
        { id: SEEDED_IDS.color.ARGENT, name: 'Argent', hex: '#C0C0C0' },
      ]),
    );
    expect(names(colors.data)).toEqual(expect.arrayContaining(['Bleu', 'Rouge', 'Jaune', 'Vert', 'Beige', 'Marron', 'Orange']));
    for (const c of colors.data) expect(c.hex, c.name).toMatch(/^#[0-9A-F]{6}$/);

    const hours = await a.get('/api/hour');
    expect(hours.data).toHaveLength(24);
    expect(hours.data[0]).toMatchObject({ name: '0h', value: 0 });
    expect(hours.data[8]).toMatchObject({ name: '8h', value: 8 });
    expect(hours.data[23]).toMatchObject({ name: '23h', value: 23 });
  });

  it('lists currencies, or those of one country', async () => {
    const a = await ownerOfNewPark();
    const all = await a.get('/api/currency');
    const codes = new Set(all.data.map((c: { code: string }) => c.code));
    for (const code of ['XAF', 'XOF', 'CDF', 'GNF', 'EUR']) expect(codes.has(code), code).toBe(true);
    for (const country of ['CM', 'GA', 'CG', 'TD', 'CF', 'GQ']) {
      expect(all.data.find((c: { country_code: string }) => c.country_code === country)?.code, country).toBe('XAF');
    }
    for (const country of ['CI', 'SN', 'TG', 'BJ', 'BF', 'ML', 'NE', 'GW']) {
      expect(all.data.find((c: { country_code: string }) => c.country_code === country)?.code, country).toBe('XOF');
    }

    const ci = await a.get('/api/currency?country_code=ci');
    expect(ci.data).toEqual([{ id: expect.any(Number), name: 'Franc CFA (BCEAO)', code: 'XOF', country_code: 'CI' }]);
    expect((await a.get('/api/currency?country_code=ZZ')).data).toEqual([]);

    const bad = await a.get('/api/currency?country_code=CMR');
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('Code pays invalide');
  });

  it('pages the brands by name, with a search', async () => {
    const a = await ownerOfNewPark();
    const all = await a.get('/api/brand?itemPerPage=1000&page=1');
    expect(all.code).toBe(5000);
    const brandNames = names(all.data.items);
    expect(brandNames).toEqual(expect.arrayContaining(['Toyota', 'Hyundai', 'Suzuki', 'Kia', 'Peugeot', 'Renault', 'Nissan', 'Honda', 'Mitsubishi', 'Volkswagen', 'Mercedes-Benz', 'Lifan', 'Chery', 'Bajaj', 'TVS']));
    expect([...brandNames].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()))).toEqual(brandNames);
    expect(all.data.meta).toEqual({ page: 1, itemPerPage: 1000, total: brandNames.length });

    const second = await a.get('/api/brand?itemPerPage=5&page=2');
    expect(names(second.data.items)).toEqual(brandNames.slice(5, 10));
    expect(second.data.meta.total).toBe(brandNames.length);

    const found = await a.get('/api/brand?search=toy');
    expect(found.data.items).toEqual([{ id: SEEDED_IDS.brand.TOYOTA, name: 'Toyota' }]);
    // LIKE's wildcards typed in the search match themselves, not everything.
    expect((await a.get(`/api/brand?search=${encodeURIComponent('%')}`)).data.items).toEqual([]);
  });

  it("lists a brand's models by name, and refuses an unknown brand", async () => {
    const a = await ownerOfNewPark();
    const toyota = await a.get(`/api/model/${SEEDED_IDS.brand.TOYOTA}`);
    expect(names(toyota.data)).toEqual(expect.arrayContaining(['Corolla', 'Yaris', 'RAV4', 'Camry', 'Prius', 'Hilux', 'Avensis']));
    for (const m of toyota.data) expect(m.brand_id).toBe(SEEDED_IDS.brand.TOYOTA);
    expect(toyota.data.find((m: { name: string }) => m.name === 'Corolla').id).toBe(SEEDED_IDS.model.TOYOTA_COROLLA);

    const peugeot = await a.get(`/api/model/${SEEDED_IDS.brand.PEUGEOT}`);
    expect(names(peugeot.data).slice(0, 4)).toEqual(['208', '301', '308', '508']);

    const brands = (await a.get('/api/brand?itemPerPage=1000')).data.items as { id: number; name: string }[];
    const modelsOf = async (brand: string) => names((await a.get(`/api/model/${brands.find((b) => b.name === brand)!.id}`)).data);
    expect(await modelsOf('Hyundai')).toEqual(expect.arrayContaining(['Accent', 'Elantra', 'i10', 'Tucson']));
    expect(await modelsOf('Suzuki')).toEqual(expect.arrayContaining(['Dzire', 'Swift', 'Alto', 'Ertiga']));
    expect(await modelsOf('Kia')).toEqual(expect.arrayContaining(['Rio', 'Picanto', 'Cerato', 'Sportage']));
    expect(await modelsOf('Renault')).toEqual(expect.arrayContaining(['Logan', 'Symbol', 'Duster']));
    expect(await modelsOf('Mitsubishi')).toContain('L200');
    expect(await modelsOf('Lifan')).toContain('520');
    expect(await modelsOf('Chery')).toContain('QQ');

    const unknown = await a.get('/api/model/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('Marque introuvable');
    expect((await a.get('/api/model/abc')).status).toBe(400);
  });

  it('lets phones keep the shared lists an hour, but never a refusal', async () => {
    const a = await ownerOfNewPark();
    for (const url of ['/api/vehicle-type', '/api/color', '/api/hour', '/api/currency', '/api/brand', `/api/model/${SEEDED_IDS.brand.KIA}`]) {
      expect((await a.get(url)).raw.headers['cache-control'], url).toBe('private, max-age=3600');
    }
    expect((await a.get('/api/model/999999')).raw.headers['cache-control']).toBe('no-store');
    // A park's own lists change when it adds to them.
    expect((await a.get('/api/document-type')).raw.headers['cache-control']).toBe('no-store');
  });

  it('answers only people signed in', async () => {
    for (const url of ['/api/vehicle-type', '/api/brand', '/api/document-type', '/api/grade']) {
      expect((await ctx.api('GET', url)).status, url).toBe(401);
    }
  });
});

describe('lists a park may extend', () => {
  it('starts with the shared rows: document types by id (1 is the insurance), the others by name', async () => {
    const a = await ownerOfNewPark();
    const docs = await a.get('/api/document-type');
    expect(docs.data).toEqual([
      { id: DOCUMENT_TYPE_INSURANCE, name: 'Assurance' },
      { id: DOCUMENT_TYPE_TECHNICAL_INSPECTION, name: 'Visite technique' },
      { id: 3, name: 'Carte grise' },
      { id: 4, name: 'Permis de stationnement' },
      { id: 5, name: 'Vignette' },
      { id: 6, name: 'Licence de transport' },
      { id: 7, name: 'Patente' },
    ]);
    expect(names((await a.get('/api/grade')).data)).toEqual(['Confirmé', 'Débutant', 'Expert', 'Intermediaire']);
    expect(names((await a.get('/api/driver-type')).data)).toEqual(['Livreur', 'Remplaçant', 'Taxi', 'Titulaire', 'VTC']);
    expect(names((await a.get('/api/vehicle-contract')).data)).toEqual(['Gestion pour propriétaire', 'Location', 'Location-vente', 'Mise à disposition']);
    expect((await a.get('/api/driver-group')).data).toEqual([]);
  });

  it("adds a document type to the park only: another park never sees it and may add the same name", async () => {
    const a = await ownerOfNewPark('Parc A');
    const b = await ownerOfNewPark('Parc B');

    const added = await a.post('/api/document-type/add', { name: '  Attestation   de conformité ' });
    expect(added.code).toBe(5000);
    expect(added.message).toBe('Type de document ajouté avec succès');
    expect(added.data).toEqual({ id: expect.any(Number), name: 'Attestation de conformité' });
    expect(added.data.id).toBeGreaterThan(7);

    const listA = (await a.get('/api/document-type')).data;
    expect(listA).toHaveLength(8);
    expect(listA.at(-1)).toEqual(added.data);
    expect(names((await b.get('/api/document-type')).data)).not.toContain('Attestation de conformité');

    const sameInB = await b.post('/api/document-type/add', { name: 'Attestation de conformité' });
    expect(sameInB.code).toBe(5000);
    expect(sameInB.data.id).not.toBe(added.data.id);
    expect((await a.get('/api/document-type')).data).toHaveLength(8);

    expect(await findScoped(ctx.database.db, 'documentType', a.parkId, added.data.id)).toEqual(added.data);
    expect(await findScoped(ctx.database.db, 'documentType', b.parkId, added.data.id)).toBeNull();
    expect(await findScoped(ctx.database.db, 'documentType', b.parkId, DOCUMENT_TYPE_INSURANCE)).toEqual({ id: 1, name: 'Assurance' });
  });

  it('refuses a document type the park already sees, its own or a shared one, in any case', async () => {
    const a = await ownerOfNewPark();
    await a.post('/api/document-type/add', { name: 'Contrat de bail' });
    for (const name of ['contrat DE bail', ' Contrat  de bail ', 'assurance', 'CARTE GRISE']) {
      const r = await a.post('/api/document-type/add', { name });
      expect(r.status, name).toBe(409);
      expect(r.code).toBe(4102);
      expect(r.message).toBe('Ce type de document existe déjà');
    }
    expect((await a.get('/api/document-type')).data).toHaveLength(8);
  });

  it('asks for a valid document type name', async () => {
    const a = await ownerOfNewPark();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
      const r = await a.post('/api/document-type/add', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toBe('Entrez un nom de document valide');
      expect(r.data.errors).toEqual([{ field: 'name', message: 'Entrez un nom de document valide' }]);
    }
    const long = await a.post('/api/document-type/add', { name: 'x'.repeat(101) });
    expect(long.message).toBe('Le nom ne peut pas dépasser 100 caractères');
    expect((await a.get('/api/document-type')).data).toHaveLength(7);
  });

  it('adds a contract type to the park only, with its messages', async () => {
    const a = await ownerOfNewPark('Parc A');
    const b = await ownerOfNewPark('Parc B');

    const missing = await a.post('/api/vehicle-contract', { name: ' ' });
    expect(missing.status).toBe(400);
    expect(missing.message).toBe('Le nom du type de contrat est requis');

    const added = await a.post('/api/vehicle-contract', { name: 'Leasing' });
    expect(added.message).toBe('Type de contrat ajouté avec succès');
    expect(added.data).toEqual({ id: expect.any(Number), name: 'Leasing' });
    expect(names((await a.get('/api/vehicle-contract')).data)).toEqual([
      'Gestion pour propriétaire',
      'Leasing',
      'Location',
      'Location-vente',
      'Mise à disposition',
    ]);
    expect(names((await b.get('/api/vehicle-contract')).data)).not.toContain('Leasing');

    const again = await a.post('/api/vehicle-contract', { name: 'leasing' });
    expect(again.status).toBe(409);
    expect(again.message).toBe('Ce type de contrat existe déjà');
    expect((await a.post('/api/vehicle-contract', { name: 'Location' })).status).toBe(409);
    expect((await b.post('/api/vehicle-contract', { name: 'Leasing' })).code).toBe(5000);
  });

  it('adds a driver group to the park only, with its messages', async () => {
    const a = await ownerOfNewPark('Parc A');
    const b = await ownerOfNewPark('Parc B');

    const missing = await a.post('/api/driver-group', {});
    expect(missing.status).toBe(400);
    expect(missing.message).toBe('Le nom du groupe est requis');

    const night = await a.post('/api/driver-group', { name: 'Équipe de nuit' });
    expect(night.message).toBe('Groupe de chauffeurs ajouté avec succès');
    expect(night.data).toEqual({ id: expect.any(Number), name: 'Équipe de nuit' });
    await a.post('/api/driver-group', { name: 'Aéroport' });
    expect(names((await a.get('/api/driver-group')).data)).toEqual(['Aéroport', 'Équipe de nuit']);
    expect((await b.get('/api/driver-group')).data).toEqual([]);

    const again = await a.post('/api/driver-group', { name: 'équipe de nuit' });
    expect(again.status).toBe(409);
    expect(again.message).toBe('Ce groupe de chauffeurs existe déjà');
    expect(await findScoped(ctx.database.db, 'driverGroup', b.parkId, night.data.id)).toBeNull();
  });

  it('keeps one row when the same name is sent twice at once', async () => {
    const a = await ownerOfNewPark();
    const [r1, r2] = await Promise.all([
      a.post('/api/driver-group', { name: 'Week-end' }),
      a.post('/api/driver-group', { name: 'Week-end' }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect(names((await a.get('/api/driver-group')).data)).toEqual(['Week-end']);
  });
});

describe('who may read and who may add', () => {
  it('lets every profile of the park read, and only MANAGE_DRIVER_VEHICLE add', async () => {
    const { park } = await ctx.createPark({ name: 'Parc Droits' });
    const cashier = await ctx.addMember(park.id, { type: 'agent', roleNames: ['Caissier'] });
    const s = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    const c = actor(park.id, s.token, s.profile_id);

    for (const url of ['/api/vehicle-type', '/api/brand', '/api/model/1', '/api/color', '/api/hour', '/api/currency', '/api/vehicle-contract', '/api/document-type', '/api/grade', '/api/driver-type', '/api/driver-group']) {
      expect((await c.get(url)).code, url).toBe(5000);
    }
    for (const url of ['/api/vehicle-contract', '/api/document-type/add', '/api/driver-group']) {
      const r = await c.post(url, { name: 'Intrus' });
      expect(r.status, url).toBe(403);
      expect(r.message).toBe("Vous n'avez pas les permissions nécessaires pour effectuer cette action");
    }
    expect(names((await c.get('/api/document-type')).data)).not.toContain('Intrus');
    expect(names((await c.get('/api/vehicle-contract')).data)).not.toContain('Intrus');
    expect((await c.get('/api/driver-group')).data).toEqual([]);

    const manager = await ctx.addMember(park.id, { type: 'agent', roleNames: ['Gestionnaire'] });
    const sm = await ctx.signIn({ email: manager.email, password: manager.password, type: 'agent' });
    expect((await actor(park.id, sm.token, sm.profile_id).post('/api/driver-group', { name: 'Gestion' })).code).toBe(5000);
  });
});
