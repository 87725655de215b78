import { supplierCategories, supplierOnCategory, suppliers } from '../../../src/modules/suppliers/suppliers.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

/** A category of park B, inserted directly (the suppliers API is not what these rows prove). */
function categoryOfB(w: World): Promise<string> {
  return w.recordOfB('supplier-category', async () => {
    const [c] = await w.ctx.database.db.insert(supplierCategories).values({ parkId: w.parkB, name: 'Garage B' }).returning({ id: supplierCategories.id });
    return c.id;
  });
}

/** A supplier of park B filed in its category. */
function supplierOfB(w: World): Promise<string> {
  return w.recordOfB('supplier', async () => {
    const categoryId = await categoryOfB(w);
    const [s] = await w.ctx.database.db.insert(suppliers).values({ parkId: w.parkB, name: 'Garage B', phone: '+237690000999' }).returning({ id: suppliers.id });
    await w.ctx.database.db.insert(supplierOnCategory).values({ supplierId: s.id, categoryId });
    return s.id;
  });
}

const supplierBody = (categoryId: string) => ({ name: 'Intrus', phone: '+237690000111', categories: [categoryId] });

/**
 * Route cases of the suppliers routes. Listing suppliers and categories is open to every profile
 * of the park (the pickers of the maintenance and document forms); one supplier's page needs
 * VIEW_PROVIDERS; every change needs MANAGE_MAINTENANCE.
 */
export const suppliersCases: RouteCase[] = [
  {
    method: 'GET',
    url: '/api/supplier',
    otherPark: (w) => ({ url: `/api/supplier?park_id=${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/supplier/categories',
    otherPark: (w) => ({ url: `/api/supplier/categories?park_id=${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/supplier/:id',
    denied: () => ({ url: `/api/supplier/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/supplier/${await supplierOfB(w)}` }),
  },
  {
    method: 'POST',
    url: '/api/supplier',
    denied: () => ({ url: '/api/supplier', body: supplierBody(ZERO_ID) }),
    // Park B's category named in park A's form: refused, nothing written in either park.
    otherPark: async (w) => ({ url: '/api/supplier', body: supplierBody(await categoryOfB(w)) }),
  },
  {
    method: 'PUT',
    url: '/api/supplier/:id',
    denied: () => ({ url: `/api/supplier/${ZERO_ID}`, body: supplierBody(ZERO_ID) }),
    otherPark: async (w) => ({ url: `/api/supplier/${await supplierOfB(w)}`, body: supplierBody(await categoryOfB(w)) }),
  },
  {
    method: 'PUT',
    url: '/api/supplier/deactivate/:id',
    denied: () => ({ url: `/api/supplier/deactivate/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/supplier/deactivate/${await supplierOfB(w)}` }),
  },
  {
    method: 'PUT',
    url: '/api/supplier/activate/:id',
    denied: () => ({ url: `/api/supplier/activate/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/supplier/activate/${await supplierOfB(w)}` }),
  },
  {
    method: 'POST',
    url: '/api/supplier/category',
    denied: () => ({ url: '/api/supplier/category', body: { name: 'Intrus' } }),
    otherPark: (w) => ({ url: '/api/supplier/category', body: { name: 'Intrus', park_id: w.parkB } }),
  },
  {
    method: 'DELETE',
    url: '/api/supplier/category/delete/:id',
    denied: () => ({ url: `/api/supplier/category/delete/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/supplier/category/delete/${await categoryOfB(w)}` }),
  },
];
