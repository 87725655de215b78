import type { TPnlCode, TPnlType } from '@flotte/contract';
import type { Tx } from '../../platform/db/database.ts';
import { pnlAccounts } from './pnl.tables.ts';

/**
 * The chart every park starts with: what a ride-hailing or hire fleet records day to day, and the
 * sub-accounts the money rules know by their code. The owner renames, adds and removes around it;
 * the coded ones stay (operations depend on them).
 */
interface Node {
  name: string;
  code?: TPnlCode;
  children?: Node[];
}

export const DEFAULT_CHART: Record<TPnlType, Node[]> = {
  profit: [
    {
      name: "Revenus d'exploitation",
      children: [
        { name: 'Recettes chauffeurs', code: 'recette' },
        { name: 'Encaissement chauffeur', code: 'driver_encaissement' },
        { name: 'Location de véhicules', code: 'location' },
        { name: 'Livraisons', code: 'livraison' },
        { name: 'Courses clients', code: 'course' },
        { name: 'Location-vente (contrats chauffeurs)', code: 'contract_driver' },
      ],
    },
    { name: 'Autres revenus', children: [{ name: 'Apport du propriétaire' }, { name: 'Revenus divers' }] },
  ],
  perte: [
    { name: 'Carburant', children: [{ name: 'Carburant', code: 'carburant' }] },
    {
      name: 'Entretien et réparations',
      children: [
        { name: 'Entretien et réparation', code: 'repair_maintain' },
        { name: 'Entretien courant', code: 'maintain' },
        { name: 'Vidange', code: 'vidange' },
        { name: 'Réparation', code: 'reparation' },
        { name: 'Changement de pièces', code: 'change' },
      ],
    },
    { name: 'Assurances et taxes', children: [{ name: 'Assurance', code: 'assurance' }, { name: 'Contraventions', code: 'contravention' }, { name: 'Taxes et vignettes' }] },
    { name: 'Personnel', children: [{ name: 'Salaires chauffeurs', code: 'salary' }] },
    { name: 'Propriétaires partenaires', children: [{ name: 'Paiements aux propriétaires', code: 'contract_partner' }] },
    { name: 'Frais généraux', children: [{ name: 'Loyer et parking' }, { name: 'Frais de retrait', code: 'withdraw_fees' }, { name: 'Dépenses diverses' }] },
  ],
};

/** Writes the default chart for a new park. */
export async function writeDefaultChart(tx: Tx, parkId: string): Promise<void> {
  const insert = async (nodes: Node[], type: TPnlType, parentId: string | null, depth: number) => {
    for (const n of nodes) {
      const [row] = await tx
        .insert(pnlAccounts)
        .values({ parkId, parentId, name: n.name, type, code: n.code ?? null, isDefault: true, depth })
        .returning({ id: pnlAccounts.id });
      if (n.children) await insert(n.children, type, row.id, depth + 1);
    }
  };
  for (const type of ['profit', 'perte'] as const) await insert(DEFAULT_CHART[type], type, null, 1);
}
