/**
 * The permission catalogue (spec 000 section 6): action permissions gate what a profile may do,
 * tab views gate which screens it may open. Roles group them per park; the owner holds them all.
 * Every screen's first load reads this file (navigation, permission checks), so it holds codes,
 * labels and paths only; what each one allows, in a sentence, is in permission-descriptions.ts
 * for the few screens that show it.
 */
export const ACTION_PERMISSIONS = {
  MANAGE_DRIVER_VEHICLE: { label: 'Gérer véhicules et chauffeurs' },
  MANAGE_MAINTENANCE: { label: 'Gérer les entretiens' },
  // Not in the spec's catalogue (contract gating is not shown there): who creates, signs, changes and cancels contracts.
  MANAGE_CONTRACTS: { label: 'Gérer les contrats' },
  // Not in the spec's catalogue either (its rides have no gating shown): who books, changes, finishes and cancels courses and edits clients.
  MANAGE_COURSES: { label: 'Gérer les clients et courses' },
  CHECKING: { label: 'Pointage' },
  MANAGE_VEHICLE_GROUPS: { label: 'Gérer les groupes de véhicules' },
  ENCAISSER: { label: 'Encaisser' },
  MANAGE_AND_UPDATE_RECIPE: { label: 'Gérer les recettes' },
  DELETE_OR_CANCEL_RECIPE: { label: 'Supprimer ou annuler une recette' },
  CREATE_OPERATION: { label: 'Créer une opération' },
  CANCEL_OPERATION: { label: 'Annuler une opération' },
  VALIDATE_EXPENSE: { label: 'Valider les dépenses' },
  READ_FINANCE: { label: 'Consulter les finances' },
  ACCESS_CAISSE_CASH: { label: 'Accès à la caisse cash' },
  MANAGE_CAISSE: { label: 'Gérer les caisses' },
  RETRAIT_DE_FONDS: { label: 'Retrait de fonds' },
  CAISSE_TRANSFERT: { label: 'Transferts entre caisses' },
  READ_GEOLOCALISATION: { label: 'Géolocalisation' },
  GEOLOCK: { label: 'Blocage à distance' },
  MANAGE_ACCESS: { label: 'Gérer les accès' },
  UPDATE_PARK_INFO: { label: "Modifier l'entreprise" },
  RESET_ACCOUNT: { label: 'Réinitialiser le compte' },
  DELETE_ACCOUNT: { label: 'Supprimer le compte' },
  COMMUNICATION: { label: 'Communication' },
  READ_SUBSCRIPTION: { label: "Consulter l'abonnement" },
  UPDATE_SUBSCRIPTION: { label: "Modifier l'abonnement" },
} as const;
export type ActionPermission = keyof typeof ACTION_PERMISSIONS;
export const ACTION_PERMISSION_CODES = Object.keys(ACTION_PERMISSIONS) as ActionPermission[];

/** Tab views: one per screen family of the navigation, each with its route under /dashboard. */
export const TAB_VIEWS = {
  VIEW_DASHBOARD: { label: 'Tableau de bord', path: '/dashboard' },
  VIEW_DRIVERS: { label: 'Chauffeurs', path: '/dashboard/drivers' },
  VIEW_PLANNING: { label: 'Planning', path: '/dashboard/schedule' },
  VIEW_CASH_COLLECTION: { label: 'Encaissements', path: '/dashboard/receipts' },
  VIEW_OPERATIONS: { label: 'Opérations', path: '/dashboard/operations' },
  VIEW_BALANCE: { label: 'Solde', path: '/dashboard/status-accounts' },
  VIEW_PNL: { label: 'Compte de résultat', path: '/dashboard/pnl' },
  VIEW_REPORTS: { label: 'Rapports', path: '/dashboard/reports' },
  VIEW_MAINTENANCE: { label: 'Entretiens', path: '/dashboard/maintenance' },
  VIEW_PROVIDERS: { label: 'Prestataires', path: '/dashboard/providers' },
  VIEW_CONTRACTS: { label: 'Contrats', path: '/dashboard/contracts' },
  VIEW_COURSES: { label: 'Clients et courses', path: '/dashboard/courses' },
  VIEW_VEHICLE_GPS: { label: 'GPS véhicules', path: '/dashboard/gps/vehicles' },
  VIEW_PHONE_GPS: { label: 'GPS téléphones', path: '/dashboard/gps/phones' },
  VIEW_MESSAGING: { label: 'Messagerie', path: '/dashboard/messaging' },
  VIEW_NOTIFICATIONS: { label: 'Notifications', path: '/dashboard/notifications' },
  VIEW_ACCESS_MANAGEMENT: { label: 'Gestion des accès', path: '/dashboard/access' },
  VIEW_COMPANY_PROFILE: { label: "Profil de l'entreprise", path: '/dashboard/company' },
  VIEW_SUBSCRIPTION: { label: 'Abonnement', path: '/dashboard/subscription' },
  VIEW_LEGAL_NOTICES: { label: 'Mentions légales', path: '/dashboard/legal' },
  VIEW_SUPPORT: { label: 'Support', path: '/dashboard/support' },
  VIEW_SYSTEM: { label: 'Système', path: '/dashboard/system' },
} as const;
export type TabView = keyof typeof TAB_VIEWS;
export const TAB_VIEW_CODES = Object.keys(TAB_VIEWS) as TabView[];

export type Permission = ActionPermission | TabView;
export const ALL_PERMISSIONS: Permission[] = [...ACTION_PERMISSION_CODES, ...TAB_VIEW_CODES];

/**
 * Related permissions: holding the key grants the listed ones too. Kept one level deep and
 * expanded once, so a role never needs to spell out what follows from what it holds.
 */
export const IMPLIED_PERMISSIONS: Partial<Record<Permission, Permission[]>> = {
  // The daily notices tell vehicle managers (papers) and maintenance managers (services): they read them.
  MANAGE_DRIVER_VEHICLE: ['VIEW_DRIVERS', 'VIEW_PLANNING', 'VIEW_NOTIFICATIONS'],
  MANAGE_VEHICLE_GROUPS: ['VIEW_DRIVERS'],
  // Supplier changes are gated by MANAGE_MAINTENANCE (the catalogue has no supplier permission), so its holder sees the screen.
  MANAGE_MAINTENANCE: ['VIEW_MAINTENANCE', 'VIEW_PROVIDERS', 'VIEW_NOTIFICATIONS'],
  MANAGE_CONTRACTS: ['VIEW_CONTRACTS'],
  MANAGE_COURSES: ['VIEW_COURSES'],
  ENCAISSER: ['VIEW_CASH_COLLECTION'],
  MANAGE_AND_UPDATE_RECIPE: ['VIEW_CASH_COLLECTION', 'ENCAISSER'],
  DELETE_OR_CANCEL_RECIPE: ['VIEW_CASH_COLLECTION'],
  CREATE_OPERATION: ['VIEW_OPERATIONS'],
  CANCEL_OPERATION: ['VIEW_OPERATIONS'],
  VALIDATE_EXPENSE: ['VIEW_OPERATIONS'],
  READ_FINANCE: ['VIEW_BALANCE', 'VIEW_PNL', 'VIEW_REPORTS'],
  MANAGE_CAISSE: ['VIEW_BALANCE', 'ACCESS_CAISSE_CASH'],
  RETRAIT_DE_FONDS: ['VIEW_BALANCE'],
  CAISSE_TRANSFERT: ['VIEW_BALANCE'],
  READ_GEOLOCALISATION: ['VIEW_VEHICLE_GPS', 'VIEW_PHONE_GPS'],
  GEOLOCK: ['READ_GEOLOCALISATION', 'VIEW_VEHICLE_GPS'],
  MANAGE_ACCESS: ['VIEW_ACCESS_MANAGEMENT'],
  UPDATE_PARK_INFO: ['VIEW_COMPANY_PROFILE'],
  COMMUNICATION: ['VIEW_MESSAGING'],
  READ_SUBSCRIPTION: ['VIEW_SUBSCRIPTION'],
  UPDATE_SUBSCRIPTION: ['READ_SUBSCRIPTION', 'VIEW_SUBSCRIPTION'],
};

/** Everything a set of held permissions grants, related permissions included. */
export function expandPermissions(held: Iterable<string>): Set<Permission> {
  const out = new Set<Permission>();
  const stack = [...held] as Permission[];
  while (stack.length) {
    const p = stack.pop()!;
    if (out.has(p) || !(p in ACTION_PERMISSIONS || p in TAB_VIEWS)) continue;
    out.add(p);
    for (const implied of IMPLIED_PERMISSIONS[p] ?? []) stack.push(implied);
  }
  return out;
}

export const OWNER_ROLE = 'OWNER';
/** The owner's role as a person reads it: the code OWNER never reaches a screen. */
export const OWNER_ROLE_LABEL = 'Propriétaire';

/** A profile's role on screen: 'Propriétaire' for the owner, else the names of its roles (or 'Aucun rôle'). */
export function profileRoleLabel(role: string | null | undefined, roleNames: readonly string[]): string {
  return role === OWNER_ROLE ? OWNER_ROLE_LABEL : roleNames.join(', ') || 'Aucun rôle';
}

/**
 * How the role editor groups the checkboxes: by the part of the business each permission touches.
 * Every action permission and tab view appears in exactly one group (a unit test checks it).
 */
export const PERMISSION_GROUPS: { code: string; label: string; permissions: Permission[] }[] = [
  { code: 'fleet', label: 'Flotte', permissions: ['MANAGE_DRIVER_VEHICLE', 'MANAGE_VEHICLE_GROUPS', 'MANAGE_MAINTENANCE', 'MANAGE_CONTRACTS', 'MANAGE_COURSES', 'CHECKING'] },
  { code: 'recipes', label: 'Recettes', permissions: ['ENCAISSER', 'MANAGE_AND_UPDATE_RECIPE', 'DELETE_OR_CANCEL_RECIPE'] },
  {
    code: 'finance',
    label: 'Finances',
    permissions: ['CREATE_OPERATION', 'CANCEL_OPERATION', 'VALIDATE_EXPENSE', 'READ_FINANCE', 'ACCESS_CAISSE_CASH', 'MANAGE_CAISSE', 'RETRAIT_DE_FONDS', 'CAISSE_TRANSFERT'],
  },
  { code: 'geolocation', label: 'Géolocalisation', permissions: ['READ_GEOLOCALISATION', 'GEOLOCK'] },
  { code: 'administration', label: 'Administration', permissions: ['MANAGE_ACCESS', 'UPDATE_PARK_INFO', 'RESET_ACCOUNT', 'DELETE_ACCOUNT', 'COMMUNICATION'] },
  { code: 'subscription', label: 'Abonnement', permissions: ['READ_SUBSCRIPTION', 'UPDATE_SUBSCRIPTION'] },
  { code: 'views', label: 'Écrans accessibles', permissions: [...TAB_VIEW_CODES] },
];

/** The permissions a held one implies, directly or not (for 'inclus par …' hints in the editor). */
export function impliedBy(permission: Permission): Permission[] {
  const out = expandPermissions([permission]);
  out.delete(permission);
  return [...out];
}
