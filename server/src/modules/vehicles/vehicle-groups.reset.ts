import { eq } from 'drizzle-orm';
import { registerResetOption } from '../park/reset-registry.ts';
import { vehicleGroups, vehicles } from './vehicles.tables.ts';

// The fleet's "reset the account" option, registered once at startup (app.ts). It lives beside the
// groups because it erases them with the vehicles; the vehicles module owns all these tables.

registerResetOption({
  code: 'vehicles',
  label: 'Véhicules',
  description: 'Supprime tous les véhicules avec leur programme de travail, leurs recettes et leurs documents, ainsi que les groupes de véhicules.',
  order: 30,
  async reset(tx, parkId) {
    // Configurations, their drivers, recipes and documents go with their vehicle (on delete cascade).
    await tx.delete(vehicles).where(eq(vehicles.parkId, parkId));
    await tx.delete(vehicleGroups).where(eq(vehicleGroups.parkId, parkId));
  },
});
