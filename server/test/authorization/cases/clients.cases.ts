import { clients } from '../../../src/modules/clients/clients.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

/** A client of park B, inserted directly (the clients API is not what these rows prove). */
function clientOfB(w: World): Promise<string> {
  return w.recordOfB('client', async () => {
    const [c] = await w.ctx.database.db.insert(clients).values({ parkId: w.parkB, name: 'Client B', sex: 'Madame', phone: '+237690000999' }).returning({ id: clients.id });
    return c.id;
  });
}

const clientBody = { name: 'Intrus', sex: 'Monsieur', phone: '+237690000111', addresses: [{ name: 'Siège', latitude: 4.05, longitude: 9.76 }] };

/**
 * Route cases of the clients (issue 20 section 1): reading needs VIEW_COURSES, adding and editing
 * MANAGE_COURSES; another park's client reads as not found, naming another park is refused.
 */
export const clientsCases: RouteCase[] = [
  {
    method: 'POST',
    url: '/api/client',
    denied: () => ({ url: '/api/client', body: clientBody }),
    otherPark: (w) => ({ url: '/api/client', body: { ...clientBody, park_id: w.parkB } }),
  },
  {
    method: 'PUT',
    url: '/api/client/:id',
    denied: () => ({ url: `/api/client/${ZERO_ID}`, body: clientBody }),
    otherPark: async (w) => ({ url: `/api/client/${await clientOfB(w)}`, body: clientBody }),
  },
  {
    method: 'GET',
    url: '/api/client',
    denied: () => ({ url: '/api/client' }),
    otherPark: (w) => ({ url: `/api/client?park_id=${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/client/:id',
    denied: () => ({ url: `/api/client/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/client/${await clientOfB(w)}` }),
  },
];
