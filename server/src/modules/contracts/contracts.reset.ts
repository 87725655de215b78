import { eq } from 'drizzle-orm';
import { registerResetOption } from '../park/reset-registry.ts';
import { releaseInstalmentRecipes } from './contract-instalments.ts';
import { contractInstalments, contracts } from './contracts.tables.ts';

// The contracts' "reset the account" option, registered once at startup (modules/registrations.ts).
// Resetting drivers or vehicles already removes their contracts (on delete cascade); this option
// erases the contracts alone, with their schedules, history, signatures and document rows (the
// PDF files, no longer shown, go with the nightly sweep). What drivers paid on them stays (the
// money did move); the recipes of instalments nothing was collected on are released first, so
// no driver keeps owing an instalment of a contract that no longer exists.

registerResetOption({
  code: 'contracts',
  label: 'Contrats',
  description:
    'Supprime tous les contrats (partenaires et chauffeurs), leurs échéanciers, leur historique et leurs documents. Les encaissements et les paiements déjà faits restent\u00a0; les échéances non encaissées ne sont plus dues.',
  order: 27,
  async reset(tx, parkId) {
    const instalments = await tx.select({ id: contractInstalments.id }).from(contractInstalments).where(eq(contractInstalments.parkId, parkId));
    await releaseInstalmentRecipes(tx, parkId, instalments.map((i) => i.id), { reason: 'Contrats supprimés (réinitialisation du compte)' });
    await tx.delete(contracts).where(eq(contracts.parkId, parkId));
  },
});
