import { drivers } from '../../../src/modules/drivers/drivers.tables.ts';
import { penaltyTriggers, triggerEpisodes } from '../../../src/modules/gps/gps.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

const trigger = { title: 'Intrus', calculation_type: 'time', grace_days: 1, selected_action: 'notification', notification_message: 'Payez' };

/** A notification trigger of park B, written straight into its table. */
function triggerOfB(w: World): Promise<string> {
  return w.recordOfB('penalty-trigger', async () => {
    const [row] = await w.ctx.database.db
      .insert(penaltyTriggers)
      .values({ parkId: w.parkB, title: 'Relance B', calculationType: 'time', graceDays: 1, selectedAction: 'notification', notificationMessage: 'Payez' })
      .returning({ id: penaltyTriggers.id });
    return row.id;
  });
}

/** A lock placed by park B's trigger on one of its drivers. */
function lockEpisodeOfB(w: World): Promise<string> {
  return w.recordOfB('trigger-lock-episode', async () => {
    const db = w.ctx.database.db;
    const triggerId = await triggerOfB(w);
    const [driver] = await db.insert(drivers).values({ parkId: w.parkB, firstName: 'Bakary', lastName: 'Bloqué', phone: '+237650000093' }).returning({ id: drivers.id });
    const [row] = await db
      .insert(triggerEpisodes)
      .values({ parkId: w.parkB, triggerId, triggerTitle: 'Relance B', action: 'lock', driverId: driver.id, episodeStart: '2026-01-05', state: 'done', debt: 5000, objective: 5000 })
      .returning({ id: triggerEpisodes.id });
    return row.id;
  });
}

/**
 * issue 22 penalty triggers: the triggers, their episodes and the action log read with
 * READ_GEOLOCALISATION; writing a trigger and releasing a lock need GEOLOCK (the release also the
 * PIN). Another park's trigger or episode is not found, and nothing of it changes.
 */
export const penaltyTriggersCases: RouteCase[] = [
  { method: 'GET', url: '/api/penalty-triggers', denied: () => ({ url: '/api/penalty-triggers' }) },
  { method: 'POST', url: '/api/penalty-triggers', denied: () => ({ url: '/api/penalty-triggers', body: trigger }) },
  {
    method: 'PUT',
    url: '/api/penalty-triggers/:id',
    denied: () => ({ url: `/api/penalty-triggers/${ZERO_ID}`, body: trigger }),
    otherPark: async (w) => ({ url: `/api/penalty-triggers/${await triggerOfB(w)}`, body: trigger }),
  },
  {
    method: 'PATCH',
    url: '/api/penalty-triggers/:id/enabled',
    denied: () => ({ url: `/api/penalty-triggers/${ZERO_ID}/enabled`, body: { enabled: false } }),
    otherPark: async (w) => ({ url: `/api/penalty-triggers/${await triggerOfB(w)}/enabled`, body: { enabled: false } }),
  },
  {
    method: 'DELETE',
    url: '/api/penalty-triggers/:id',
    denied: () => ({ url: `/api/penalty-triggers/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/penalty-triggers/${await triggerOfB(w)}` }),
  },
  { method: 'GET', url: '/api/penalty-triggers/episodes', denied: () => ({ url: '/api/penalty-triggers/episodes' }) },
  { method: 'GET', url: '/api/penalty-triggers/actions', denied: () => ({ url: '/api/penalty-triggers/actions' }) },
  {
    method: 'POST',
    url: '/api/penalty-triggers/episodes/:id/release',
    denied: () => ({ url: `/api/penalty-triggers/episodes/${ZERO_ID}/release` }),
    otherPark: async (w) => ({ url: `/api/penalty-triggers/episodes/${await lockEpisodeOfB(w)}/release` }),
  },
];
