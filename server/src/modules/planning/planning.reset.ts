import { eq } from 'drizzle-orm';
import { registerResetOption } from '../park/reset-registry.ts';
import { planningEntries, rotationGroups } from './planning.tables.ts';

// The planning's "reset the account" option, registered once at startup (modules/registrations.ts).
// Resetting drivers or vehicles already removes their entries (on delete cascade); this option
// erases the planning alone and keeps the fleet and its configurations, to generate it again.

registerResetOption({
  code: 'planning',
  label: 'Planning',
  description:
    'Supprime le planning confirmé de tous les véhicules et les groupes de rotation. Les véhicules, les chauffeurs et leurs programmes de travail restent : le planning peut être généré à nouveau.',
  order: 25,
  async reset(tx, parkId) {
    await tx.delete(planningEntries).where(eq(planningEntries.parkId, parkId));
    // Their vehicles' places go with them (on delete cascade).
    await tx.delete(rotationGroups).where(eq(rotationGroups.parkId, parkId));
  },
});
