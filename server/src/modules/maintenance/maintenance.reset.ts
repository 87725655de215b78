import { and, eq, sql } from 'drizzle-orm';
import { registerResetOption } from '../park/reset-registry.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { maintenances } from './maintenance.tables.ts';

// The maintenances' "reset the account" option, registered once at startup (modules/registrations.ts).
// Resetting vehicles already removes their maintenances (on delete cascade); this option erases the
// maintenances alone. The operations that paid finished ones stay (the money did move): they only
// lose their link to the maintenance (on delete set null).

registerResetOption({
  code: 'maintenances',
  label: 'Entretiens',
  description:
    'Supprime tous les entretiens (programmés, en cours, terminés et annulés) et leurs éléments. Les véhicules en entretien retrouvent leur statut\u00a0; les opérations qui les ont payés restent.',
  order: 28,
  async reset(tx, parkId) {
    // A vehicle a maintenance put in 'maintain' gets back the status it had before.
    await tx
      .update(vehicles)
      .set({ status: sql`m.vehicle_status_before` })
      .from(sql`${maintenances} m`)
      .where(and(sql`m.vehicle_id = ${vehicles.id}`, sql`m.park_id = ${parkId}`, sql`m.vehicle_status_before is not null`, eq(vehicles.status, 'maintain')));
    await tx.delete(maintenances).where(eq(maintenances.parkId, parkId));
  },
});
