import { eq } from 'drizzle-orm';
import { registerResetOption } from '../park/reset-registry.ts';
import { serviceReminders } from './reminders.tables.ts';

// The service reminders' "reset the account" option, registered once at startup
// (modules/registrations.ts). They also go with their vehicles (on delete cascade).

registerResetOption({
  code: 'service_reminders',
  label: "Rappels d'entretien",
  description: "Supprime tous les rappels d'entretien des véhicules.",
  order: 32,
  async reset(tx, parkId) {
    await tx.delete(serviceReminders).where(eq(serviceReminders.parkId, parkId));
  },
});
