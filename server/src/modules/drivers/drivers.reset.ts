import { and, eq, notExists, sql } from 'drizzle-orm';
import { registerResetOption } from '../park/reset-registry.ts';
import { vehicleConfigDrivers, vehicleConfigs } from '../vehicles/vehicles.tables.ts';
import { drivers } from './drivers.tables.ts';

// The drivers' "reset the account" option, registered once at startup (app.ts).

registerResetOption({
  code: 'drivers',
  label: 'Chauffeurs',
  description:
    'Supprime tous les chauffeurs avec leurs permis. Les véhicules restent, mais leur programme de travail, qui nommait ces chauffeurs, est à refaire.',
  order: 20,
  async reset(tx, parkId) {
    // Licences and the drivers' places in plannings go with them (on delete cascade).
    await tx.delete(drivers).where(eq(drivers.parkId, parkId));
    // A planning without its drivers breaks the rules it was saved under (spec 000 section 4):
    // the vehicle goes back to "not configured" rather than keep a half planning.
    await tx
      .delete(vehicleConfigs)
      .where(
        and(
          eq(vehicleConfigs.parkId, parkId),
          sql`${vehicleConfigs.numberDrivers} > 0`,
          notExists(tx.select({ one: sql`1` }).from(vehicleConfigDrivers).where(eq(vehicleConfigDrivers.vehicleId, vehicleConfigs.vehicleId))),
        ),
      );
  },
});
