import { eq } from 'drizzle-orm';
import { registerResetOption } from '../park/reset-registry.ts';
import { supplierCategories, suppliers } from './suppliers.tables.ts';

// The suppliers' "reset the account" option, registered once at startup (modules/registrations.ts).

registerResetOption({
  code: 'suppliers',
  label: 'Prestataires',
  description:
    "Supprime tous les prestataires, leurs correspondants et les catégories de prestataires. Les entretiens, opérations et documents qui les nommaient restent, sans prestataire.",
  // Before 'files' (90), so the logos they freed go with it.
  order: 45,
  async reset(tx, parkId) {
    // Correspondents and category links go with their supplier (on delete cascade); maintenances,
    // operations and documents keep their rows with supplier_id emptied (on delete set null).
    await tx.delete(suppliers).where(eq(suppliers.parkId, parkId));
    await tx.delete(supplierCategories).where(eq(supplierCategories.parkId, parkId));
  },
});
