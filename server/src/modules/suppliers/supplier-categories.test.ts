import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { as } from '../operations/operations-test-helpers.ts';

/** Supplier categories: name rules, one name per park whatever the case, counts, deletion rule, tenancy. */

let ctx: TestContext;
let owner: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  const { owner: o } = await ctx.createPark({ name: 'Parc Catégories' });
  owner = await ctx.signIn({ email: o.email, password: o.password, type: 'proprietaire' });
}, 60_000);
afterAll(() => ctx?.close());

const call = (who: SignedIn, method: string, url: string, body?: unknown) => ctx.api(method, url, { ...as(who), body });
const addCategory = async (name: string) => {
  const r = await call(owner, 'POST', '/api/supplier/category', { name });
  expect(r.code, r.message).toBe(5000);
  return r.data.id as string;
};
const addSupplier = async (name: string, categories: string[]) => {
  const r = await call(owner, 'POST', '/api/supplier', { name, phone: '+237690112233', categories });
  expect(r.code, r.message).toBe(5000);
  return r.data.id as string;
};
const categories = async () => (await call(owner, 'GET', '/api/supplier/categories')).data as { id: string; name: string; suppliers: number; createdAt: string }[];

describe('supplier categories', () => {
  it('adds one with the success message, and refuses a blank or taken name in French', async () => {
    const r = await call(owner, 'POST', '/api/supplier/category', { name: '  Assurance  ' });
    expect(r.code).toBe(5000);
    expect(r.message).toBe('Catégorie ajoutée avec succès');
    expect(r.data).toEqual({ id: expect.any(String), name: 'Assurance', suppliers: 0, createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/) });

    const blank = await call(owner, 'POST', '/api/supplier/category', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.message).toBe('Le nom de la catégorie est requis');
    const missing = await call(owner, 'POST', '/api/supplier/category', {});
    expect(missing.message).toBe('Le nom de la catégorie est requis');

    const taken = await call(owner, 'POST', '/api/supplier/category', { name: 'ASSURANCE' });
    expect(taken.status).toBe(409);
    expect(taken.message).toBe('Une catégorie porte déjà ce nom');
    expect((await categories()).filter((c) => c.name.toLowerCase() === 'assurance')).toHaveLength(1);
  });

  it('lists them by name with how many suppliers each holds', async () => {
    const [garage, pieces] = [await addCategory('Garage'), await addCategory('Pièces détachées')];
    await addSupplier('Garage A', [garage]);
    await addSupplier('Garage B', [garage, pieces]);
    const list = await categories();
    expect(list.map((c) => c.name)).toEqual([...list.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    expect(list.find((c) => c.id === garage)?.suppliers).toBe(2);
    expect(list.find((c) => c.id === pieces)?.suppliers).toBe(1);
  });

  it("refuses to delete a supplier's only category, and deletes one its suppliers hold among others", async () => {
    const [only, shared, other] = [await addCategory('Lavage'), await addCategory('Carrosserie'), await addCategory('Peinture')];
    const lonely = await addSupplier('Lavage Express', [only]);
    const both = await addSupplier('Carrosserie Akwa', [shared, other]);

    const refused = await call(owner, 'DELETE', `/api/supplier/category/delete/${only}`);
    expect(refused.status).toBe(409);
    expect(refused.message).toBe("Des prestataires n'ont que cette catégorie\u00a0: donnez-leur-en une autre avant de la supprimer");
    expect((await categories()).some((c) => c.id === only)).toBe(true);

    const done = await call(owner, 'DELETE', `/api/supplier/category/delete/${shared}`);
    expect(done.code).toBe(5000);
    expect(done.message).toBe('Catégorie supprimée');
    expect((await categories()).some((c) => c.id === shared)).toBe(false);
    const supplier = (await call(owner, 'GET', `/api/supplier/${both}`)).data;
    expect(supplier.categories).toEqual([{ supplier_category: { id: other, name: 'Peinture' } }]);

    // Once the lonely supplier has another category, its old one can go.
    await call(owner, 'PUT', `/api/supplier/${lonely}`, { name: 'Lavage Express', phone: '+237690112233', categories: [other] });
    expect((await call(owner, 'DELETE', `/api/supplier/category/delete/${only}`)).code).toBe(5000);
  });

  it("keeps each park's categories to itself", async () => {
    const mine = await addCategory('Dépannage');
    const b = await ctx.createPark({ name: 'Parc Catégories B' });
    const ownerB = await ctx.signIn({ email: b.owner.email, password: b.owner.password, type: 'proprietaire' });
    // The same name is free in another park.
    expect((await call(ownerB, 'POST', '/api/supplier/category', { name: 'Dépannage' })).code).toBe(5000);
    expect((await call(ownerB, 'GET', '/api/supplier/categories')).data.map((c: any) => c.name)).toEqual(['Dépannage']);
    const r = await call(ownerB, 'DELETE', `/api/supplier/category/delete/${mine}`);
    expect(r.status).toBe(404);
    expect(r.message).toBe('Catégorie introuvable');
    expect((await categories()).some((c) => c.id === mine)).toBe(true);
  });
});
