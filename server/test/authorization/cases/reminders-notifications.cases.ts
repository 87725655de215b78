import { notifications } from '../../../src/modules/notifications/notifications.tables.ts';
import { serviceReminders } from '../../../src/modules/reminders/reminders.tables.ts';
import { vehicles } from '../../../src/modules/vehicles/vehicles.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const reminderBody = { title: 'Contrôle des freins', every_months: 6 };

/** A vehicle of park B, inserted directly (the vehicles API is not what these rows prove). */
function vehicleOfB(w: World): Promise<string> {
  return w.recordOfB('reminders-vehicle', async () => {
    const [v] = await w.ctx.database.db
      .insert(vehicles)
      .values({ parkId: w.parkB, vehicleTypeId: 1, brandId: 1, modelId: 1, colorId: 1, registrationNumber: 'LT-018-RB', label: 'Rappels B' })
      .returning({ id: vehicles.id });
    return v.id;
  });
}

function reminderOfB(w: World): Promise<string> {
  return w.recordOfB('reminder', async () => {
    const vehicleId = await vehicleOfB(w);
    const [r] = await w.ctx.database.db
      .insert(serviceReminders)
      .values({ parkId: w.parkB, vehicleId, title: 'Rappel B', everyMonths: 6 })
      .returning({ id: serviceReminders.id });
    return r.id;
  });
}

/** A notification of park B's owner (for the own-second-park world: the owner's profile there). */
function notificationOfB(w: World): Promise<string> {
  return w.recordOfB('notification', async () => {
    const [n] = await w.ctx.database.db
      .insert(notifications)
      .values({ parkId: w.parkB, profileId: w.ownerB.profileId, kind: 'service_due', title: 'B', body: 'B', dedupeKey: 'authorization-matrix' })
      .returning({ id: notifications.id });
    return n.id;
  });
}

/** Route cases of the reminders and notifications routes (see route-table.ts for what each field proves). */
export const remindersNotificationsCases: RouteCase[] = [
  // Reminders: reading is open to the park like the vehicle's details; changes need MANAGE_MAINTENANCE.
  {
    method: 'GET',
    url: '/api/vehicle/:id/reminders',
    otherPark: async (w) => ({ url: `/api/vehicle/${await vehicleOfB(w)}/reminders` }),
  },
  {
    method: 'POST',
    url: '/api/vehicle/:id/reminders',
    denied: () => ({ url: `/api/vehicle/${ZERO_ID}/reminders`, body: reminderBody }),
    otherPark: async (w) => ({ url: `/api/vehicle/${await vehicleOfB(w)}/reminders`, body: reminderBody }),
  },
  {
    method: 'PUT',
    url: '/api/reminders/:id',
    denied: () => ({ url: `/api/reminders/${ZERO_ID}`, body: reminderBody }),
    otherPark: async (w) => ({ url: `/api/reminders/${await reminderOfB(w)}`, body: reminderBody }),
  },
  {
    method: 'DELETE',
    url: '/api/reminders/:id',
    denied: () => ({ url: `/api/reminders/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/reminders/${await reminderOfB(w)}` }),
  },

  // Notifications: each profile reads and marks its own only; another's reads as not found.
  { method: 'GET', url: '/api/notifications', otherPark: (w) => ({ url: `/api/notifications?park_id=${w.parkB}` }) },
  { method: 'GET', url: '/api/notifications/unread-count', otherPark: (w) => ({ url: `/api/notifications/unread-count?park_id=${w.parkB}` }) },
  {
    method: 'PUT',
    url: '/api/notifications/:id/read',
    otherPark: async (w) => ({ url: `/api/notifications/${await notificationOfB(w)}/read` }),
  },
  { method: 'PUT', url: '/api/notifications/read-all', otherPark: (w) => ({ url: '/api/notifications/read-all', body: { park_id: w.parkB } }) },
  // Development mode only; runs the acting park's job, names no record of another park.
  { method: 'POST', url: '/api/dev/notifications/run-job', denied: () => ({ url: '/api/dev/notifications/run-job', body: {} }) },
];
