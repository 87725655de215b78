import { eq } from 'drizzle-orm';
import { registerResetOption } from '../park/reset-registry.ts';
import { notifications } from './notifications.tables.ts';

// The notifications' "reset the account" option, registered once at startup (modules/registrations.ts).

registerResetOption({
  code: 'notifications',
  label: 'Notifications',
  description: 'Supprime les notifications de tous les membres du parc, lues ou non.',
  order: 90,
  async reset(tx, parkId) {
    await tx.delete(notifications).where(eq(notifications.parkId, parkId));
  },
});
