import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { findOwner } from './owners.service.ts';

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

function actor(parkId: string, token: string, profileId: string): Actor {
  return {
    parkId,
    get: (url) => ctx.api('GET', url, { token, profileId }),
    post: (url, body) => ctx.api('POST', url, { token, profileId, body }),
  };
}

/** A fresh park and its owner, signed in (one park per test: the code send limit is per address). */
async function ownerOfNewPark(name = 'Parc Propriétaires'): Promise<Actor> {
  const { park, owner } = await ctx.createPark({ name });
  const s = await ctx.signIn({ email: owner.email, password: owner.password, type: 'proprietaire' });
  return actor(park.id, s.token, s.profile_id);
}

const WIRE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

describe('POST /api/vehicle-owner', () => {
  it('adds a person to the park, shown as last name then first name', async () => {
    const a = await ownerOfNewPark();
    const r = await a.post('/api/vehicle-owner', {
      type: 'individuel',
      first_name: ' Awa ',
      last_name: 'Ndiaye',
      park_id: a.parkId,
      email: 'Awa.Ndiaye@Exemple.CM',
      phone: '+237 699-00-11-22',
      street: 'Rue Joss, Bonanjo',
      cni_number: 'CM123456789',
      driver_licence_number: 'B-998877',
    });
    expect(r.code).toBe(5000);
    expect(r.message).toBe('Propriétaire ajouté avec succès');
    expect(r.data).toEqual({
      id: expect.any(String),
      park_id: a.parkId,
      type: 'individuel',
      first_name: 'Awa',
      last_name: 'Ndiaye',
      business_name: null,
      display_name: 'Ndiaye Awa',
      email: 'awa.ndiaye@exemple.cm',
      phone: '+237699001122',
      street: 'Rue Joss, Bonanjo',
      cni_number: 'CM123456789',
      driver_licence_number: 'B-998877',
      created_at: expect.stringMatching(WIRE_DATE),
    });
    expect(await findOwner(ctx.database.db, a.parkId, r.data.id)).toEqual({ id: r.data.id, display_name: 'Ndiaye Awa' });
  });

  it('shows a company by its business name, kept for companies only', async () => {
    const a = await ownerOfNewPark();
    const company = await a.post('/api/vehicle-owner', {
      type: 'entreprise',
      first_name: 'Serge',
      last_name: 'Kamga',
      business_name: 'Kamga Transport SARL',
      park_id: a.parkId,
    });
    expect(company.data).toMatchObject({ type: 'entreprise', business_name: 'Kamga Transport SARL', display_name: 'Kamga Transport SARL' });

    // A company whose name was left blank falls back to its contact's names.
    const unnamed = await a.post('/api/vehicle-owner', { type: 'entreprise', first_name: 'Paul', last_name: 'Fotso', business_name: '', park_id: a.parkId });
    expect(unnamed.data).toMatchObject({ business_name: null, display_name: 'Fotso Paul' });

    // A person never carries a business name, even one a form left behind after switching type.
    const person = await a.post('/api/vehicle-owner', { type: 'individuel', first_name: 'Jean', last_name: 'Mbarga', business_name: 'Ancienne SARL', park_id: a.parkId });
    expect(person.data).toMatchObject({ business_name: null, display_name: 'Mbarga Jean' });
  });

  it('takes empty optional fields as not given', async () => {
    const a = await ownerOfNewPark();
    const r = await a.post('/api/vehicle-owner', {
      type: 'individuel',
      first_name: 'Blaise',
      last_name: 'Essomba',
      park_id: a.parkId,
      email: '',
      phone: '',
      street: '',
      cni_number: '',
      driver_licence_number: '',
    });
    expect(r.code).toBe(5000);
    expect(r.data).toMatchObject({ email: null, phone: null, street: null, cni_number: null, driver_licence_number: null });
  });

  it('checks the names with the messages of the owner form', async () => {
    const a = await ownerOfNewPark();
    const base = { type: 'individuel', first_name: 'Awa', last_name: 'Ndiaye', park_id: a.parkId };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: undefined }, 'first_name', 'Le prénom est requis'],
      [{ first_name: '' }, 'first_name', 'Le prénom est requis'],
      [{ first_name: '   ' }, 'first_name', 'Le prénom est requis'],
      [{ first_name: 'A' }, 'first_name', 'Le prénom doit contenir au moins 2 caractères'],
      [{ first_name: 'A'.repeat(51) }, 'first_name', 'Le prénom ne peut pas dépasser 50 caractères'],
      [{ last_name: undefined }, 'last_name', 'Le nom de famille est requis'],
      [{ last_name: '' }, 'last_name', 'Le nom de famille est requis'],
      [{ last_name: 'N' }, 'last_name', 'Le nom de famille doit contenir au moins 2 caractères'],
      [{ last_name: 'N'.repeat(51) }, 'last_name', 'Le nom de famille ne peut pas dépasser 50 caractères'],
      [{ type: undefined }, 'type', 'Le type de propriétaire est requis'],
      [{ type: 'societe' }, 'type', 'Type de propriétaire invalide'],
      [{ park_id: undefined }, 'park_id', 'Le parc est requis'],
      [{ email: 'awa@' }, 'email', "Format d'email invalide"],
      [{ phone: '12345' }, 'phone', 'Format de numéro de téléphone invalide'],
    ];
    for (const [change, field, message] of cases) {
      const r = await a.post('/api/vehicle-owner', { ...base, ...change });
      expect(r.status, `${field} ${JSON.stringify(change)}`).toBe(400);
      expect(r.message).toBe(message);
      expect(r.data.errors).toEqual([{ field, message }]);
    }
    // 2 and 50 characters are both fine.
    const edges = await a.post('/api/vehicle-owner', { ...base, first_name: 'Al', last_name: 'N'.repeat(50) });
    expect(edges.code).toBe(5000);
    expect((await a.get('/api/vehicle-owner')).data).toHaveLength(1);
  });

  it("refuses another park's id, and needs MANAGE_DRIVER_VEHICLE", async () => {
    const a = await ownerOfNewPark('Parc A');
    const b = await ownerOfNewPark('Parc B');
    const intruder = await a.post('/api/vehicle-owner', { type: 'individuel', first_name: 'Intrus', last_name: 'Intrus', park_id: b.parkId });
    expect(intruder.status).toBe(403);
    expect(intruder.message).toBe("Vous n'avez pas accès à ce parc.");

    const cashier = await ctx.addMember(a.parkId, { type: 'agent', roleNames: ['Caissier'] });
    const s = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    const c = actor(a.parkId, s.token, s.profile_id);
    const denied = await c.post('/api/vehicle-owner', { type: 'individuel', first_name: 'Koffi', last_name: 'Mensah', park_id: a.parkId });
    expect(denied.status).toBe(403);
    expect(denied.message).toBe("Vous n'avez pas les permissions nécessaires pour effectuer cette action");

    expect((await a.get('/api/vehicle-owner')).data).toEqual([]);
    expect((await b.get('/api/vehicle-owner')).data).toEqual([]);
  });
});

describe('GET /api/vehicle-owner', () => {
  it("lists the park's owners by display name, to every profile of the park and no other park", async () => {
    const a = await ownerOfNewPark('Parc A');
    const b = await ownerOfNewPark('Parc B');
    await a.post('/api/vehicle-owner', { type: 'individuel', first_name: 'Awa', last_name: 'Ndiaye', park_id: a.parkId });
    await a.post('/api/vehicle-owner', { type: 'entreprise', first_name: 'Serge', last_name: 'Kamga', business_name: 'Ebène Transport', park_id: a.parkId });
    await a.post('/api/vehicle-owner', { type: 'individuel', first_name: 'Hervé', last_name: 'Atangana', park_id: a.parkId });
    const inB = await b.post('/api/vehicle-owner', { type: 'individuel', first_name: 'Moussa', last_name: 'Bello', park_id: b.parkId });

    const list = await a.get(`/api/vehicle-owner?park_id=${a.parkId}`);
    expect(list.code).toBe(5000);
    expect(list.data.map((o: { display_name: string }) => o.display_name)).toEqual(['Atangana Hervé', 'Ebène Transport', 'Ndiaye Awa']);
    expect(Object.keys(list.data[0]).sort()).toEqual(
      ['business_name', 'cni_number', 'created_at', 'display_name', 'driver_licence_number', 'email', 'first_name', 'id', 'last_name', 'park_id', 'phone', 'street', 'type'].sort(),
    );
    expect((await a.get('/api/vehicle-owner')).data).toHaveLength(3);

    // Park B's owner stays out of park A's list and lookups, and park A can't ask for park B's list.
    expect((await b.get('/api/vehicle-owner')).data.map((o: { display_name: string }) => o.display_name)).toEqual(['Bello Moussa']);
    expect(await findOwner(ctx.database.db, a.parkId, inB.data.id)).toBeNull();
    expect((await a.get(`/api/vehicle-owner?park_id=${b.parkId}`)).status).toBe(403);

    const cashier = await ctx.addMember(a.parkId, { type: 'agent', roleNames: ['Caissier'] });
    const s = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    expect((await actor(a.parkId, s.token, s.profile_id).get('/api/vehicle-owner')).data).toHaveLength(3);
  });
});
