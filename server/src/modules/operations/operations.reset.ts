import { eq } from 'drizzle-orm';
import { ledgerAccounts, ledgerPostings } from '../ledger/ledger.tables.ts';
import { registerResetOption } from '../park/reset-registry.ts';
import { forgetParkTransactions } from '../treasury/park-transactions.ts';
import { fundMovements } from './operations.tables.ts';

// The operations' "reset the account" option, registered once at startup (modules/registrations.ts).

registerResetOption({
  code: 'operations',
  label: 'Opérations et soldes',
  description:
    'Supprime toutes les opérations (revenus, dépenses, annulations), les transferts et retraits, et remet à zéro le grand livre : soldes des caisses, du parc, des chauffeurs et du compte de résultat. Les caisses et les catégories restent.',
  order: 40,
  async reset(tx, parkId) {
    // First, as it may refuse: withdrawals, transfers and payments go with the postings they made.
    await forgetParkTransactions(tx, parkId);
    // Reversing rows and components go with their operation (on delete cascade).
    await tx.delete(fundMovements).where(eq(fundMovements.parkId, parkId));
    // Without its operations the ledger would hold money nothing explains: it starts over as a
    // whole, so every balance is still the sum of its entries (entries go with their postings and
    // accounts, which are created again on first use). This is the one place that deletes ledger
    // rows; the append-only trigger refuses updates, not a reset's deletes.
    await tx.delete(ledgerPostings).where(eq(ledgerPostings.parkId, parkId));
    await tx.delete(ledgerAccounts).where(eq(ledgerAccounts.parkId, parkId));
  },
});
