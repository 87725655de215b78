import type { Permission } from '@flotte/contract';

/**
 * The roles every new park starts with. The owner can change or delete them; they are only a
 * sensible first split of the work in a fleet.
 */
export const DEFAULT_ROLES: { name: string; description: string; permissions: Permission[] }[] = [
  {
    name: 'Gestionnaire',
    description: 'Gère la flotte au quotidien : véhicules, chauffeurs, entretiens, recettes et opérations.',
    permissions: [
      'VIEW_DASHBOARD', 'MANAGE_DRIVER_VEHICLE', 'MANAGE_MAINTENANCE', 'CHECKING', 'MANAGE_VEHICLE_GROUPS',
      'ENCAISSER', 'MANAGE_AND_UPDATE_RECIPE', 'CREATE_OPERATION', 'READ_FINANCE', 'ACCESS_CAISSE_CASH',
      'READ_GEOLOCALISATION', 'VIEW_PLANNING', 'VIEW_PROVIDERS', 'VIEW_CONTRACTS', 'MANAGE_CONTRACTS',
      'MANAGE_COURSES',
    ],
  },
  {
    name: 'Caissier',
    description: 'Encaisse les recettes des chauffeurs, enregistre les dépenses de la caisse et consulte la flotte.',
    // Records what the till pays out (fuel, small repairs); in parks that ask for it, the owner confirms.
    permissions: ['VIEW_DASHBOARD', 'ENCAISSER', 'ACCESS_CAISSE_CASH', 'CREATE_OPERATION', 'VIEW_DRIVERS', 'VIEW_PLANNING'],
  },
  {
    name: 'Agent de terrain',
    description: 'Pointe les véhicules, suit leur position et encaisse sur le terrain.',
    permissions: ['VIEW_DASHBOARD', 'CHECKING', 'ENCAISSER', 'READ_GEOLOCALISATION', 'VIEW_DRIVERS', 'VIEW_PLANNING', 'VIEW_MAINTENANCE'],
  },
];
