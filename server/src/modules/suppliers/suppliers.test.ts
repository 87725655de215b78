import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formData, TINY_PNG } from '../../../test/multipart.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import '../registrations.ts';
import { files } from '../files/files.tables.ts';
import { as, memberWith } from '../operations/operations-test-helpers.ts';
import { resetOptions } from '../park/reset-registry.ts';
import { assertActiveSupplier } from './suppliers.service.ts';
import { supplierCategories, suppliers } from './suppliers.tables.ts';

/** Suppliers (prestataires): the form's rules and messages, the logo, the list's filters, suspension, tenancy. */

let ctx: TestContext;
let owner: SignedIn;
let parkId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const { park, owner: o } = await ctx.createPark({ name: 'Parc Prestataires' });
  parkId = park.id;
  owner = await ctx.signIn({ email: o.email, password: o.password, type: 'proprietaire' });
}, 60_000);
afterAll(() => ctx?.close());

const call = (who: SignedIn, method: string, url: string, body?: unknown, headers?: Record<string, string>) => ctx.api(method, url, { ...as(who), body, headers });

let categoryNo = 0;
async function category(name = `Catégorie ${++categoryNo}`): Promise<string> {
  const r = await call(owner, 'POST', '/api/supplier/category', { name });
  expect(r.code, r.message).toBe(5000);
  return r.data.id;
}

const contact = { name: 'Paul Mbarga', phone: '+237 677 00 11 22', email: 'Paul@Garage.cm', function: 'Chef d’atelier' };

async function supplier(categories: string[], extra: Record<string, unknown> = {}): Promise<any> {
  const r = await call(owner, 'POST', '/api/supplier', { name: 'Garage Central', phone: '+237690112233', social_reason: '-', categories, ...extra });
  expect(r.code, r.message).toBe(5000);
  return r.data;
}

describe('POST /api/supplier', () => {
  it('adds a supplier with its categories and correspondents (form data with a logo)', async () => {
    const garage = await category('Garage');
    const { body, headers } = formData(
      [
        ['name', ' Garage du Wouri '],
        ['business_name', 'Wouri Auto SARL'],
        ['social_reason', '-'],
        ['niu', 'M0123456789'],
        ['rccm', 'RC/DLA/2020/B/123'],
        ['phone', '+237 690 11 22 33'],
        ['email', 'Contact@Wouri-Auto.cm'],
        ['city', 'Douala'],
        ['street', 'Akwa'],
        ['categories[]', garage],
        ['contacts', JSON.stringify([contact])],
        ['park_id', parkId],
      ],
      [{ field: 'logo', filename: 'logo.png', content: TINY_PNG, type: 'image/png' }],
    );
    const r = await call(owner, 'POST', '/api/supplier', body, headers);
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Fournisseur ajouté avec succès');
    expect(r.data).toMatchObject({
      name: 'Garage du Wouri',
      business_name: 'Wouri Auto SARL',
      social_reason: '-',
      niu: 'M0123456789',
      rccm: 'RC/DLA/2020/B/123',
      phone: '+237690112233',
      email: 'contact@wouri-auto.cm',
      city: 'Douala',
      street: 'Akwa',
      desactivate_at: null,
      categories: [{ supplier_category: { id: garage, name: 'Garage' } }],
      contacts: [{ name: 'Paul Mbarga', phone: '+237677001122', email: 'paul@garage.cm', function: 'Chef d’atelier' }],
    });
    expect(r.data.logo).toMatch(/^\/api\/file\/signed\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    expect(r.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it.each([
    ['no category', { categories: undefined }, 'categories', 'Veuillez sélectionner au moins une catégorie'],
    ['an empty category list', { categories: [] }, 'categories', 'Veuillez sélectionner au moins une catégorie'],
    ['no name', { name: '' }, 'name', 'Le nom du prestataire est requis'],
    ['no phone', { phone: undefined }, 'phone', 'Le numéro de téléphone est requis'],
    ['a malformed phone', { phone: '12ab' }, 'phone', 'Format de numéro de téléphone invalide'],
    ['a malformed email', { email: 'pas-un-email' }, 'email', "Format d'email invalide"],
    ['a correspondent without function', { contacts: [{ ...contact, function: '' }] }, 'contacts.0.function', 'Entrez des informations valides'],
    ['a correspondent without name', { contacts: [{ ...contact, name: undefined }] }, 'contacts.0.name', 'Entrez des informations valides'],
    ['a correspondent with a malformed phone', { contacts: [{ ...contact, phone: '12' }] }, 'contacts.0.phone', 'Format de numéro de téléphone invalide'],
  ])('refuses %s with the spec’s message', async (_, change, field, message) => {
    const cat = await category();
    const before = await ctx.database.db.$count(suppliers, eq(suppliers.parkId, parkId));
    const r = await call(owner, 'POST', '/api/supplier', { name: 'Garage', phone: '+237690112233', categories: [cat], contacts: [contact], ...change });
    expect(r.status).toBe(400);
    expect(r.message).toBe(message);
    expect(r.data.errors).toEqual(expect.arrayContaining([{ field, message }]));
    expect(await ctx.database.db.$count(suppliers, eq(suppliers.parkId, parkId))).toBe(before);
  });

  it('refuses a category of another park, and a logo that is not an image, keeping nothing', async () => {
    const other = await ctx.createPark({ name: 'Autre parc' });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const foreign = (await call(otherOwner, 'POST', '/api/supplier/category', { name: 'Garage B' })).data.id;
    const r = await call(owner, 'POST', '/api/supplier', { name: 'Garage', phone: '+237690112233', categories: [foreign] });
    expect(r.status).toBe(404);
    expect(r.data.errors).toEqual([{ field: 'categories', message: 'Catégorie introuvable' }]);

    const filesBefore = await ctx.database.db.$count(files, eq(files.parkId, parkId));
    const cat = await category();
    const pdf = formData([['name', 'Garage'], ['phone', '+237690112233'], ['categories', cat]], [{ field: 'logo', filename: 'logo.pdf', content: Buffer.from('%PDF-1.4 x') }]);
    const refused = await call(owner, 'POST', '/api/supplier', pdf.body, pdf.headers);
    expect(refused.status).toBe(415);
    expect(refused.message).toBe('Type de fichier non accepté (jpg, jpeg, png, svg).');
    const twoLogos = formData([['name', 'Garage'], ['phone', '+237690112233'], ['categories', cat]], [
      { field: 'logo', filename: 'a.png', content: TINY_PNG },
      { field: 'logo', filename: 'b.png', content: TINY_PNG },
    ]);
    const two = await call(owner, 'POST', '/api/supplier', twoLogos.body, twoLogos.headers);
    expect(two.status).toBe(400);
    expect(two.message).toBe('Un seul logo est accepté');
    // A form refused after its logo was stored leaves no file behind.
    const badPhone = formData([['name', 'Garage'], ['phone', '1'], ['categories', cat]], [{ field: 'logo', filename: 'a.png', content: TINY_PNG }]);
    expect((await call(owner, 'POST', '/api/supplier', badPhone.body, badPhone.headers)).status).toBe(400);
    const unknownCat = formData([['name', 'Garage'], ['phone', '+237690112233'], ['categories', foreign]], [{ field: 'logo', filename: 'a.png', content: TINY_PNG }]);
    expect((await call(owner, 'POST', '/api/supplier', unknownCat.body, unknownCat.headers)).status).toBe(404);
    expect(await ctx.database.db.$count(files, eq(files.parkId, parkId))).toBe(filesBefore);
  });

  it('refuses a park_id of another park in form data', async () => {
    const cat = await category();
    const f = formData([['name', 'Garage'], ['phone', '+237690112233'], ['categories', cat], ['park_id', '01900000-0000-7000-8000-000000000000']]);
    const r = await call(owner, 'POST', '/api/supplier', f.body, f.headers);
    expect(r.status).toBe(403);
  });
});

describe('PUT /api/supplier/{id}', () => {
  it('replaces the form: fields left out are emptied, categories and correspondents are the lists sent, the logo stays', async () => {
    const [a, b] = [await category(), await category()];
    const f = formData([['name', 'Garage'], ['phone', '+237690112233'], ['categories', a], ['city', 'Douala']], [{ field: 'logo', filename: 'l.png', content: TINY_PNG }]);
    const created = (await call(owner, 'POST', '/api/supplier', f.body, f.headers)).data;
    const r = await call(owner, 'PUT', `/api/supplier/${created.id}`, { name: 'Garage Akwa', phone: '+237690000000', categories: `${a},${b}`, contacts: JSON.stringify([contact, { ...contact, name: 'Awa' }]) });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Fournisseur mis à jour avec succès');
    expect(r.data.name).toBe('Garage Akwa');
    expect(r.data.city).toBeNull();
    expect(r.data.categories.map((c: any) => c.supplier_category.id).sort()).toEqual([a, b].sort());
    expect(r.data.contacts.map((c: any) => c.name)).toEqual(['Paul Mbarga', 'Awa']);
    expect(r.data.logo).toMatch(/^\/api\/file\/signed\//);
    const removed = await call(owner, 'PUT', `/api/supplier/${created.id}`, { name: 'Garage Akwa', phone: '+237690000000', categories: [b], remove_logo: true });
    expect(removed.data.logo).toBeNull();
    expect(removed.data.contacts).toEqual([]);
    expect(removed.data.categories).toEqual([{ supplier_category: { id: b, name: expect.any(String) } }]);
  });

  it('answers 404 for a supplier of another park, which stays as it was', async () => {
    const other = await ctx.createPark({ name: 'Parc B' });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const catB = (await call(otherOwner, 'POST', '/api/supplier/category', { name: 'Pièces' })).data.id;
    const theirs = (await call(otherOwner, 'POST', '/api/supplier', { name: 'Pièces B', phone: '+237690112233', categories: [catB] })).data;
    const cat = await category();
    const r = await call(owner, 'PUT', `/api/supplier/${theirs.id}`, { name: 'Volé', phone: '+237690112233', categories: [cat] });
    expect(r.status).toBe(404);
    expect(r.message).toBe('Prestataire introuvable');
    expect((await call(owner, 'GET', `/api/supplier/${theirs.id}`)).status).toBe(404);
    expect((await call(owner, 'PUT', `/api/supplier/deactivate/${theirs.id}`)).status).toBe(404);
    expect((await call(otherOwner, 'GET', `/api/supplier/${theirs.id}`)).data.name).toBe('Pièces B');
    expect((await call(owner, 'GET', '/api/supplier?status=enable&itemPerPage=1000')).data.items.map((s: any) => s.id)).not.toContain(theirs.id);
  });
});

describe('suspension and the list', () => {
  it("lists 'Actifs' and 'Désactivés' apart, by search and category; suspending twice changes nothing more", async () => {
    const [garage, tyres] = [await category('Garage Liste'), await category('Pneus Liste')];
    const s1 = await supplier([garage], { name: 'Atelier Bonabéri', city: 'Douala' });
    const s2 = await supplier([tyres], { name: 'Pneus Express', phone: '+237 655 44 33 22' });
    const off = await call(owner, 'PUT', `/api/supplier/deactivate/${s2.id}`);
    expect(off.code).toBe(5000);
    expect(off.message).toBe('Prestataire suspendu');
    expect(off.data.desactivate_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect((await call(owner, 'PUT', `/api/supplier/deactivate/${s2.id}`)).data.desactivate_at).toBe(off.data.desactivate_at);

    const ids = async (query: string) => (await call(owner, 'GET', `/api/supplier?itemPerPage=1000&${query}`)).data.items.map((s: any) => s.id);
    expect(await ids('status=enable')).toContain(s1.id);
    expect(await ids('status=enable')).not.toContain(s2.id);
    expect(await ids('status=disabled')).toEqual([s2.id]);
    expect(await ids(`category=${garage}`)).toEqual([s1.id]);
    expect(await ids('search=bonaberi')).toEqual([s1.id]);
    expect(await ids('search=655 44')).toEqual([s2.id]);
    const page = await call(owner, 'GET', '/api/supplier?page=1&itemPerPage=1&status=enable');
    expect(page.data.items).toHaveLength(1);
    expect(page.data.meta.total).toBeGreaterThan(1);

    // A suspended supplier is no longer one another module may name.
    await expect(assertActiveSupplier(ctx.database.db, parkId, s2.id)).rejects.toMatchObject({ errorName: 'SUPPLIER_INACTIVE' });
    await expect(assertActiveSupplier(ctx.database.db, parkId, s1.id)).resolves.toBeUndefined();
    const on = await call(owner, 'PUT', `/api/supplier/activate/${s2.id}`);
    expect(on.message).toBe('Prestataire réactivé');
    expect(on.data.desactivate_at).toBeNull();
    expect(await ids('status=disabled')).toEqual([]);
  });

  it('refuses an unknown status value in French', async () => {
    const r = await call(owner, 'GET', '/api/supplier?status=suspended');
    expect(r.status).toBe(400);
    expect(r.message).toBe('Statut invalide (enable ou disabled)');
  });
});

describe('permissions', () => {
  it('lets any profile of the park list (the pickers), and only MANAGE_MAINTENANCE change the directory', async () => {
    const cat = await category();
    const s = await supplier([cat]);
    const reader = await memberWith(ctx, owner, parkId, ['VIEW_PROVIDERS']);
    expect((await call(reader, 'GET', '/api/supplier')).code).toBe(5000);
    expect((await call(reader, 'GET', `/api/supplier/${s.id}`)).data.paid_this_year).toBeNull();
    expect((await call(reader, 'POST', '/api/supplier', { name: 'X', phone: '+237690112233', categories: [cat] })).status).toBe(403);
    expect((await call(reader, 'PUT', `/api/supplier/deactivate/${s.id}`)).status).toBe(403);
    expect((await call(reader, 'POST', '/api/supplier/category', { name: 'Nouvelle' })).status).toBe(403);
    const manager = await memberWith(ctx, owner, parkId, ['MANAGE_MAINTENANCE']);
    expect((await call(manager, 'PUT', `/api/supplier/deactivate/${s.id}`)).code).toBe(5000);
    // The supplier's page is the Prestataires screen's, which MANAGE_MAINTENANCE implies (whoever
    // edits suppliers sees them); a profile with neither is refused.
    expect((await call(manager, 'GET', `/api/supplier/${s.id}`)).status).toBe(200);
    const cashier = await memberWith(ctx, owner, parkId, ['ENCAISSER']);
    expect((await call(cashier, 'GET', `/api/supplier/${s.id}`)).status).toBe(403);
  });
});

describe("the 'Prestataires' reset option", () => {
  it("erases the park's suppliers and categories, and only this park's", async () => {
    const cat = await category();
    await supplier([cat]);
    const other = await ctx.createPark({ name: 'Parc gardé' });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const kept = (await call(otherOwner, 'POST', '/api/supplier/category', { name: 'Gardée' })).data.id;
    await call(otherOwner, 'POST', '/api/supplier', { name: 'Gardé', phone: '+237690112233', categories: [kept] });

    const option = resetOptions().find((o) => o.code === 'suppliers')!;
    expect(option.label).toBe('Prestataires');
    await ctx.database.db.transaction((tx) => option.reset(tx, parkId, { keepFileIds: new Set(), afterCommit: () => undefined } as never));
    expect(await ctx.database.db.$count(suppliers, eq(suppliers.parkId, parkId))).toBe(0);
    expect(await ctx.database.db.$count(supplierCategories, eq(supplierCategories.parkId, parkId))).toBe(0);
    expect(await ctx.database.db.$count(suppliers, eq(suppliers.parkId, other.park.id))).toBe(1);
  });
});
