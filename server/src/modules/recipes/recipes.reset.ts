import { eq } from 'drizzle-orm';
import { registerResetOption } from '../park/reset-registry.ts';
import { recipes } from './recipes.tables.ts';

// The recipes' "reset the account" option, registered once at startup (modules/registrations.ts).

registerResetOption({
  code: 'recipes',
  label: 'Recettes',
  description:
    "Supprime toutes les recettes (attendues, non planifiées, dettes, supprimées) et l'historique de leurs encaissements. Les opérations et les soldes restent : l'option « Opérations et soldes » les remet à zéro.",
  order: 35,
  async reset(tx, parkId) {
    // Their payments go with them (on delete cascade); the recipe job will not create the past
    // periods again beyond its 7-day catch-up window.
    await tx.delete(recipes).where(eq(recipes.parkId, parkId));
  },
});
