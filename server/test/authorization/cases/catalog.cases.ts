import type { RouteCase } from '../route-table.ts';

const SHARED = 'shared reference data: the same rows for every park, nothing of a park in them';
const SCOPED = "shared rows plus the acting park's own, filtered on the acting park (another park's additions never show)";

/** Route cases of the catalog and vehicle-owner routes (see route-table.ts for what each field proves). */
export const catalogCases: RouteCase[] = [
  // Reference data: reading is open to every profile of the park (pickers of every screen need it).
  { method: 'GET', url: '/api/vehicle-type', open: SHARED },
  { method: 'GET', url: '/api/brand', open: SHARED },
  { method: 'GET', url: '/api/model/:brandId', open: `${SHARED} (brands and their models belong to no park)` },
  { method: 'GET', url: '/api/color', open: SHARED },
  { method: 'GET', url: '/api/hour', open: SHARED },
  { method: 'GET', url: '/api/currency', open: SHARED },
  { method: 'GET', url: '/api/vehicle-contract', open: SCOPED },
  { method: 'GET', url: '/api/document-type', open: SCOPED },
  { method: 'GET', url: '/api/grade', open: SCOPED },
  { method: 'GET', url: '/api/driver-type', open: SCOPED },
  { method: 'GET', url: '/api/driver-group', open: SCOPED },

  // Additions land in the acting park only; a park_id of another park is refused.
  {
    method: 'POST',
    url: '/api/vehicle-contract',
    denied: () => ({ url: '/api/vehicle-contract', body: { name: 'Intrus' } }),
    otherPark: (w) => ({ url: '/api/vehicle-contract', body: { name: 'Intrus', park_id: w.parkB } }),
  },
  {
    method: 'POST',
    url: '/api/document-type/add',
    denied: () => ({ url: '/api/document-type/add', body: { name: 'Intrus' } }),
    otherPark: (w) => ({ url: '/api/document-type/add', body: { name: 'Intrus', park_id: w.parkB } }),
  },
  {
    method: 'POST',
    url: '/api/driver-group',
    denied: () => ({ url: '/api/driver-group', body: { name: 'Intrus' } }),
    otherPark: (w) => ({ url: '/api/driver-group', body: { name: 'Intrus', park_id: w.parkB } }),
  },

  // Vehicle owners.
  { method: 'GET', url: '/api/vehicle-owner', otherPark: (w) => ({ url: `/api/vehicle-owner?park_id=${w.parkB}` }) },
  {
    method: 'POST',
    url: '/api/vehicle-owner',
    denied: (w) => ({ url: '/api/vehicle-owner', body: { type: 'individuel', first_name: 'Intrus', last_name: 'Intrus', park_id: w.parkA } }),
    otherPark: (w) => ({ url: '/api/vehicle-owner', body: { type: 'individuel', first_name: 'Intrus', last_name: 'Intrus', park_id: w.parkB } }),
  },
];
