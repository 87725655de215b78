import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import '../registrations.ts';
import { as, memberWith } from '../operations/operations-test-helpers.ts';
import { courses } from '../courses/courses.tables.ts';
import { resetOptions } from '../park/reset-registry.ts';
import { clientContactOf, loadClient, loadClientRef } from './clients.queries.ts';
import { clientAddresses, clientContacts, clients } from './clients.tables.ts';

/** Clients: the form's rules and messages, an edit replacing the lists, the list's search and pages, tenancy, permissions, the reset. */

let ctx: TestContext;
let owner: SignedIn;
let parkId: string;
let otherOwner: SignedIn;
let otherParkId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await ctx.createPark({ name: 'Parc Clients' });
  parkId = a.park.id;
  owner = await ctx.signIn({ email: a.owner.email, password: a.owner.password, type: 'proprietaire' });
  const b = await ctx.createPark({ name: 'Autre parc' });
  otherParkId = b.park.id;
  otherOwner = await ctx.signIn({ email: b.owner.email, password: b.owner.password, type: 'proprietaire' });
}, 60_000);
afterAll(() => ctx?.close());

const call = (who: SignedIn, method: string, url: string, body?: unknown) => ctx.api(method, url, { ...as(who), body });

const contacts = [
  { name: 'Aïcha Bello', sex: 'Madame', phone: '+237 677 00 11 22', email: 'Aicha@Societe.cm' },
  { name: 'Jean Fotso', sex: 'Monsieur', phone: '+237 690112244' },
];
const addresses = [
  { name: 'Siège', description: 'Akwa, Douala', latitude: 4.0511, longitude: 9.7679 },
  { name: 'Entrepôt', latitude: '4.0100', longitude: '9.7000' },
];
const form = (extra: Record<string, unknown> = {}) => ({
  name: 'Société Générale des Transports',
  sex: 'Monsieur',
  phone: '+237 690 11 22 33',
  email: 'Contact@SGT.cm',
  business_name: 'SGT SARL',
  niu: 'M0123456789',
  rccm: 'RC/DLA/2020/B/123',
  city: 'Douala',
  street: 'Bonanjo',
  address: 'Rue Joss',
  contacts,
  addresses,
  ...extra,
});

async function client(who: SignedIn, extra: Record<string, unknown> = {}): Promise<any> {
  const r = await call(who, 'POST', '/api/client', form(extra));
  expect(r.code, r.message).toBe(5000);
  return r.data;
}

describe('POST /api/client', () => {
  it('adds a client with two contacts and two addresses, in their order', async () => {
    const r = await call(owner, 'POST', '/api/client', { ...form(), park_id: parkId });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Client ajouté avec succès');
    expect(r.data).toMatchObject({
      park_id: parkId,
      name: 'Société Générale des Transports',
      sex: 'Monsieur',
      phone: '+237690112233',
      email: 'contact@sgt.cm',
      business_name: 'SGT SARL',
      niu: 'M0123456789',
      rccm: 'RC/DLA/2020/B/123',
      city: 'Douala',
      street: 'Bonanjo',
      address: 'Rue Joss',
      courses_count: 0,
      contacts: [
        { name: 'Aïcha Bello', sex: 'Madame', phone: '+237677001122', email: 'aicha@societe.cm' },
        { name: 'Jean Fotso', sex: 'Monsieur', phone: '+237690112244', email: null },
      ],
      addresses: [
        { name: 'Siège', description: 'Akwa, Douala', latitude: 4.0511, longitude: 9.7679 },
        { name: 'Entrepôt', description: null, latitude: 4.01, longitude: 9.7 },
      ],
    });
    expect(r.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(r.data.contacts[0].id).toMatch(/^[0-9a-f-]{36}$/);

    const read = await call(owner, 'GET', `/api/client/${r.data.id}`);
    expect(read.code, read.message).toBe(5000);
    expect(read.data).toEqual(r.data);
  });

  it('takes a client without contacts nor addresses, the optional fields left blank', async () => {
    const r = await call(owner, 'POST', '/api/client', { name: 'Mme Ngo', sex: 'Madame', phone: '+237677001100', email: '', contacts: null });
    expect(r.code, r.message).toBe(5000);
    expect(r.data).toMatchObject({ email: null, business_name: null, niu: null, contacts: [], addresses: [] });
  });

  it.each([
    ['no name', { name: '' }, 'name', 'Ce champ est requis'],
    ['no civility', { sex: undefined }, 'sex', 'Veuillez choisir la civilité'],
    ['an unknown civility', { sex: 'Docteur' }, 'sex', 'Veuillez choisir la civilité'],
    ['no phone', { phone: undefined }, 'phone', 'Le numéro de téléphone est requis'],
    ['a malformed phone', { phone: '12ab' }, 'phone', 'Format de numéro de téléphone invalide'],
    ['a malformed email', { email: 'pas-un-email' }, 'email', "Format d'email invalide"],
    ['a contact without name', { contacts: [{ ...contacts[0], name: '' }] }, 'contacts.0.name', 'Ce champ est requis'],
    ['a contact without civility', { contacts: [contacts[0], { ...contacts[1], sex: undefined }] }, 'contacts.1.sex', 'Veuillez choisir la civilité'],
    ['a contact without phone', { contacts: [{ ...contacts[0], phone: undefined }] }, 'contacts.0.phone', 'Le numéro de téléphone est requis'],
    ['an address without name', { addresses: [{ ...addresses[0], name: '' }] }, 'addresses.0.name', "Le nom de l'adresse est requis."],
    ['an address without location', { addresses: [addresses[0], { name: 'Dépôt' }] }, 'addresses.1.latitude', 'Veuillez sélectionner une adresse valide.'],
    ['an address off the Earth', { addresses: [{ ...addresses[0], latitude: 123 }] }, 'addresses.0.latitude', 'Veuillez sélectionner une adresse valide.'],
    ['an address with a location that is not a number', { addresses: [{ ...addresses[0], longitude: 'abc' }] }, 'addresses.0.longitude', 'Veuillez sélectionner une adresse valide.'],
  ])('refuses %s with its French message, keeping nothing', async (_, change, field, message) => {
    const before = await ctx.database.db.$count(clients, eq(clients.parkId, parkId));
    const r = await call(owner, 'POST', '/api/client', form(change));
    expect(r.status).toBe(400);
    expect(r.data.errors).toEqual(expect.arrayContaining([{ field, message }]));
    expect(await ctx.database.db.$count(clients, eq(clients.parkId, parkId))).toBe(before);
  });
});

describe('PUT /api/client/{id}', () => {
  it('replaces the record and its lists, keeping the ids of the rows left as they were', async () => {
    const c = await client(owner);
    const [aicha, jean] = c.contacts;
    const [siege] = c.addresses;
    const r = await call(owner, 'PUT', `/api/client/${c.id}`, {
      name: 'SGT',
      sex: 'Madame',
      phone: '+237690112233',
      // Jean's phone stays: the same contact, renamed; Aïcha is gone; Paul is new.
      contacts: [{ name: 'Paul Eto', sex: 'Monsieur', phone: '+237699000001' }, { name: 'Jean-Pierre Fotso', sex: 'Monsieur', phone: '+237690112244' }],
      addresses: [{ name: 'Port', latitude: 4.04, longitude: 9.69 }, addresses[0]],
    });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Client mis à jour avec succès');
    expect(r.data).toMatchObject({
      id: c.id,
      name: 'SGT',
      sex: 'Madame',
      // What the form left out is emptied.
      email: null,
      business_name: null,
      niu: null,
      city: null,
      contacts: [
        { name: 'Paul Eto', phone: '+237699000001' },
        { id: jean.id, name: 'Jean-Pierre Fotso', phone: '+237690112244' },
      ],
      addresses: [
        { name: 'Port', latitude: 4.04, longitude: 9.69 },
        { id: siege.id, name: 'Siège' },
      ],
    });
    expect(r.data.contacts[0].id).not.toBe(aicha.id);
    expect(await ctx.database.db.$count(clientContacts, eq(clientContacts.clientId, c.id))).toBe(2);
    expect(await ctx.database.db.$count(clientAddresses, eq(clientAddresses.clientId, c.id))).toBe(2);
    expect((await call(owner, 'GET', `/api/client/${c.id}`)).data).toEqual(r.data);

    const emptied = await call(owner, 'PUT', `/api/client/${c.id}`, { name: 'SGT', sex: 'Madame', phone: '+237690112233' });
    expect(emptied.data).toMatchObject({ contacts: [], addresses: [] });
    expect(await ctx.database.db.$count(clientContacts, eq(clientContacts.clientId, c.id))).toBe(0);
  });

  it('refuses an invalid edit and leaves the client as it was', async () => {
    const c = await client(owner);
    const r = await call(owner, 'PUT', `/api/client/${c.id}`, form({ name: 'Autre', addresses: [{ name: '', latitude: 4, longitude: 9 }] }));
    expect(r.status).toBe(400);
    expect(r.message).toBe("Le nom de l'adresse est requis.");
    expect((await call(owner, 'GET', `/api/client/${c.id}`)).data).toEqual(c);
  });

  it('is a 404 for a client that is not there', async () => {
    const r = await call(owner, 'PUT', '/api/client/00000000-0000-7000-8000-000000000000', form());
    expect(r.status).toBe(404);
    expect(r.message).toBe('Client introuvable');
    expect((await call(owner, 'GET', '/api/client/pas-un-id')).status).toBe(404);
  });
});

describe('GET /api/client', () => {
  let searchPark: SignedIn;
  beforeAll(async () => {
    const p = await ctx.createPark({ name: 'Parc Recherche' });
    searchPark = await ctx.signIn({ email: p.owner.email, password: p.owner.password, type: 'proprietaire' });
    for (const [name, phone, city] of [
      ['Mme Émilie Ékambi', '+237677123456', 'Yaoundé'],
      ['boulangerie du Coin', '+237699555444', 'Douala'],
      ['Agence Centrale', '+237690000001', 'Kribi'],
      ['Zénith Voyages', '+237690000002', 'Douala'],
      ['Céline Mbida', '+237690000003', 'Garoua'],
    ]) {
      await client(searchPark, { name, phone, city, contacts: [], addresses: [], business_name: undefined });
    }
  });

  it('lists by name (case aside) in pages, with the exact total', async () => {
    const first = await call(searchPark, 'GET', '/api/client?page=1&itemPerPage=2');
    expect(first.code, first.message).toBe(5000);
    expect(first.data.meta).toEqual({ page: 1, itemPerPage: 2, total: 5 });
    expect(first.data.items.map((c: any) => c.name)).toEqual(['Agence Centrale', 'boulangerie du Coin']);
    const last = await call(searchPark, 'GET', '/api/client?page=3&itemPerPage=2');
    expect(last.data.items.map((c: any) => c.name)).toEqual(['Zénith Voyages']);
    expect(last.data.meta.total).toBe(5);
    const past = await call(searchPark, 'GET', '/api/client?page=9&itemPerPage=2');
    expect(past.data).toEqual({ items: [], meta: { page: 9, itemPerPage: 2, total: 5 } });
    expect(first.data.items[0]).toMatchObject({ phone: '+237690000001', city: 'Kribi', courses_count: 0 });
    expect(first.data.items[0]).not.toHaveProperty('contacts');
  });

  it('searches the folded name, the phone and the city', async () => {
    const names = async (search: string) => {
      const r = await call(searchPark, 'GET', `/api/client?itemPerPage=50&search=${encodeURIComponent(search)}`);
      expect(r.code, r.message).toBe(5000);
      expect(r.data.meta.total).toBe(r.data.items.length);
      return r.data.items.map((c: any) => c.name);
    };
    expect(await names('EMILIE ekam')).toEqual(['Mme Émilie Ékambi']);
    expect(await names('céline')).toEqual(['Céline Mbida']);
    expect(await names('BOULANGERIE')).toEqual(['boulangerie du Coin']);
    expect(await names('699 55 54')).toEqual(['boulangerie du Coin']);
    expect(await names('+237 677 12')).toEqual(['Mme Émilie Ékambi']);
    expect(await names('douala')).toEqual(['boulangerie du Coin', 'Zénith Voyages']);
    expect(await names('yaounde')).toEqual(['Mme Émilie Ékambi']);
    expect(await names('100%')).toEqual([]);
  });
});

describe('tenancy and permissions', () => {
  it("reads another park's client as not found, and changes nothing of it", async () => {
    const theirs = await client(otherOwner, { name: 'Client B' });
    expect((await call(owner, 'GET', `/api/client/${theirs.id}`)).status).toBe(404);
    const put = await call(owner, 'PUT', `/api/client/${theirs.id}`, form({ name: 'Intrus' }));
    expect(put.status).toBe(404);
    expect(put.message).toBe('Client introuvable');
    expect((await call(otherOwner, 'GET', `/api/client/${theirs.id}`)).data.name).toBe('Client B');
    const list = await call(owner, 'GET', '/api/client?itemPerPage=1000&search=client b');
    expect(list.data.items).toEqual([]);
    // Naming the other park is refused outright.
    expect((await call(owner, 'GET', `/api/client?park_id=${otherParkId}`)).status).toBe(403);
    expect((await call(owner, 'POST', '/api/client', form({ park_id: otherParkId }))).status).toBe(403);
  });

  it('needs MANAGE_COURSES to add or edit, VIEW_COURSES to read', async () => {
    const c = await client(owner);
    const reader = await memberWith(ctx, owner, parkId, ['VIEW_COURSES']);
    expect((await call(reader, 'GET', '/api/client')).code).toBe(5000);
    expect((await call(reader, 'GET', `/api/client/${c.id}`)).data.name).toBe(c.name);
    expect((await call(reader, 'POST', '/api/client', form())).status).toBe(403);
    expect((await call(reader, 'PUT', `/api/client/${c.id}`, form({ name: 'Intrus' }))).status).toBe(403);

    const nobody = await memberWith(ctx, owner, parkId, ['CHECKING']);
    expect((await call(nobody, 'GET', '/api/client')).status).toBe(403);
    expect((await call(nobody, 'GET', `/api/client/${c.id}`)).status).toBe(403);

    const manager = await memberWith(ctx, owner, parkId, ['MANAGE_COURSES']);
    const added = await call(manager, 'POST', '/api/client', form({ name: 'Par le gestionnaire' }));
    expect(added.code, added.message).toBe(5000);
    expect((await call(manager, 'PUT', `/api/client/${added.data.id}`, form({ name: 'Modifié' }))).data.name).toBe('Modifié');
    expect((await call(manager, 'GET', '/api/client')).code).toBe(5000);
  });
});

describe('helpers for the courses module', () => {
  it('read a client, its reference and its contacts only within its park', async () => {
    const c = await client(owner);
    const db = ctx.database.db;
    expect(await loadClientRef(db, parkId, c.id)).toEqual({ id: c.id, name: c.name, phone: '+237690112233', sex: 'Monsieur' });
    expect(await loadClientRef(db, otherParkId, c.id)).toBeNull();
    expect(await loadClientRef(db, parkId, 'nope')).toBeNull();
    expect((await loadClient(db, parkId, c.id))?.contacts).toHaveLength(2);
    expect(await loadClient(db, otherParkId, c.id)).toBeNull();
    expect(await clientContactOf(db, c.id, c.contacts[1].id)).toEqual(c.contacts[1]);
    const other = await client(owner);
    expect(await clientContactOf(db, other.id, c.contacts[1].id)).toBeNull();
  });
});

describe("the 'Clients' reset option", () => {
  it("erases the park's clients with their contacts and addresses, and only this park's", async () => {
    const c = await client(owner);
    // A course of the client (written straight into the courses' table): its ON DELETE RESTRICT
    // would block the clients' deletion, so the option erases the park's courses first.
    const at = new Date();
    await ctx.database.db.insert(courses).values({
      parkId, number: 1, clientId: c.id, contactId: c.contacts[0].id, startDate: at, endDate: at, amount: 10_000,
      startName: 'Siège', startLat: 4.05, startLng: 9.76, endName: 'Port', endLat: 4.04, endLng: 9.69,
    });
    const keptBefore = await ctx.database.db.$count(clients, eq(clients.parkId, otherParkId));
    expect(keptBefore).toBeGreaterThan(0);
    const option = resetOptions().find((o) => o.code === 'clients')!;
    expect(option.label).toBe('Clients');
    await ctx.database.db.transaction((tx) => option.reset(tx, parkId, { keepFileIds: new Set(), afterCommit: () => undefined } as never));
    expect(await ctx.database.db.$count(clients, eq(clients.parkId, parkId))).toBe(0);
    expect(await ctx.database.db.$count(clientContacts, eq(clientContacts.parkId, parkId))).toBe(0);
    expect(await ctx.database.db.$count(clientAddresses, eq(clientAddresses.parkId, parkId))).toBe(0);
    expect(await ctx.database.db.$count(clients, eq(clients.parkId, otherParkId))).toBe(keptBefore);
    const [{ n }] = (await ctx.database.db.execute(sql`select count(*)::int as n from courses where park_id = ${parkId}`)).rows as { n: number }[];
    expect(n).toBe(0);
  });
});
