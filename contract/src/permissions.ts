/**
 * The permission catalogue (spec 000 section 6): action permissions gate what a profile may do,
 * tab views gate which screens it may open. Roles group them per park; the owner holds them all.
 */
export const ACTION_PERMISSIONS = {
  MANAGE_DRIVER_VEHICLE: { label: 'Gérer véhicules et chauffeurs', description: 'Créer et modifier les véhicules et chauffeurs, leurs salaires, retraits et dettes.' },
  MANAGE_MAINTENANCE: { label: 'Gérer les entretiens', description: 'Programmer, clôturer et annuler les entretiens.' },
  // Not in the spec's catalogue (contract gating is not shown there): who creates, signs, changes and cancels contracts.
  MANAGE_CONTRACTS: { label: 'Gérer les contrats', description: 'Créer, signer, modifier et annuler les contrats partenaires et chauffeurs.' },
  // Not in the spec's catalogue either (its rides have no gating shown): who books, changes, finishes and cancels courses and edits clients.
  MANAGE_COURSES: { label: 'Gérer les clients et courses', description: 'Ajouter et modifier les clients, programmer, terminer et annuler les courses.' },
  CHECKING: { label: 'Pointage', description: 'Pointer les véhicules et chauffeurs.' },
  MANAGE_VEHICLE_GROUPS: { label: 'Gérer les groupes de véhicules', description: 'Créer, modifier et supprimer les groupes de véhicules.' },
  ENCAISSER: { label: 'Encaisser', description: 'Encaisser manuellement les recettes des chauffeurs.' },
  MANAGE_AND_UPDATE_RECIPE: { label: 'Gérer les recettes', description: 'Modifier les objectifs et les recettes.' },
  DELETE_OR_CANCEL_RECIPE: { label: 'Supprimer ou annuler une recette', description: 'Supprimer ou annuler une recette.' },
  CREATE_OPERATION: { label: 'Créer une opération', description: 'Enregistrer des revenus et des dépenses.' },
  CANCEL_OPERATION: { label: 'Annuler une opération', description: 'Annuler une opération enregistrée.' },
  VALIDATE_EXPENSE: { label: 'Valider les dépenses', description: 'Confirmer les opérations en attente.' },
  READ_FINANCE: { label: 'Consulter les finances', description: 'Voir les soldes, le compte de résultat et les rapports.' },
  ACCESS_CAISSE_CASH: { label: 'Accès à la caisse cash', description: 'Utiliser le compte cash par défaut.' },
  MANAGE_CAISSE: { label: 'Gérer les caisses', description: 'Créer, modifier et supprimer les caisses.' },
  RETRAIT_DE_FONDS: { label: 'Retrait de fonds', description: 'Retirer des fonds du solde du parc.' },
  CAISSE_TRANSFERT: { label: 'Transferts entre caisses', description: 'Transférer des fonds entre caisses.' },
  READ_GEOLOCALISATION: { label: 'Géolocalisation', description: 'Voir les positions GPS des véhicules et téléphones.' },
  GEOLOCK: { label: 'Blocage à distance', description: 'Bloquer ou débloquer un véhicule à distance.' },
  MANAGE_ACCESS: { label: 'Gérer les accès', description: 'Gérer les administrateurs, les rôles et les permissions.' },
  UPDATE_PARK_INFO: { label: "Modifier l'entreprise", description: "Modifier les informations de l'entreprise." },
  RESET_ACCOUNT: { label: 'Réinitialiser le compte', description: 'Effacer les données du parc.' },
  DELETE_ACCOUNT: { label: 'Supprimer le compte', description: 'Supprimer définitivement le compte.' },
  COMMUNICATION: { label: 'Communication', description: 'Envoyer des messages aux chauffeurs.' },
  READ_SUBSCRIPTION: { label: "Consulter l'abonnement", description: "Voir l'abonnement et les factures." },
  UPDATE_SUBSCRIPTION: { label: "Modifier l'abonnement", description: "Changer, prolonger ou payer l'abonnement." },
} as const;
export type ActionPermission = keyof typeof ACTION_PERMISSIONS;
export const ACTION_PERMISSION_CODES = Object.keys(ACTION_PERMISSIONS) as ActionPermission[];

/** Tab views: one per screen family of the navigation, each with its route under /dashboard. */
export const TAB_VIEWS = {
  VIEW_DASHBOARD: { label: 'Tableau de bord', description: "Page d'accueil du parc.", path: '/dashboard' },
  VIEW_DRIVERS: { label: 'Chauffeurs', description: 'Liste et fiches des chauffeurs.', path: '/dashboard/drivers' },
  VIEW_PLANNING: { label: 'Planning', description: 'Programme de travail des véhicules et chauffeurs.', path: '/dashboard/schedule' },
  VIEW_CASH_COLLECTION: { label: 'Encaissements', description: 'Recettes attendues et encaissements.', path: '/dashboard/receipts' },
  VIEW_OPERATIONS: { label: 'Opérations', description: 'Revenus et dépenses du parc.', path: '/dashboard/operations' },
  VIEW_BALANCE: { label: 'Solde', description: 'Solde du parc et caisses.', path: '/dashboard/status-accounts' },
  VIEW_PNL: { label: 'Compte de résultat', description: 'Comptes et sous-comptes P&L.', path: '/dashboard/pnl' },
  VIEW_REPORTS: { label: 'Rapports', description: 'Rapports et comptabilité.', path: '/dashboard/reports' },
  VIEW_MAINTENANCE: { label: 'Entretiens', description: 'Entretiens des véhicules.', path: '/dashboard/maintenance' },
  VIEW_PROVIDERS: { label: 'Prestataires', description: 'Fournisseurs et garages.', path: '/dashboard/providers' },
  VIEW_CONTRACTS: { label: 'Contrats', description: 'Contrats partenaires et chauffeurs.', path: '/dashboard/contracts' },
  VIEW_COURSES: { label: 'Clients et courses', description: 'Clients professionnels et courses programmées.', path: '/dashboard/courses' },
  VIEW_VEHICLE_GPS: { label: 'GPS véhicules', description: 'Positions et historique des véhicules.', path: '/dashboard/gps/vehicles' },
  VIEW_PHONE_GPS: { label: 'GPS téléphones', description: 'Positions des téléphones des chauffeurs.', path: '/dashboard/gps/phones' },
  VIEW_MESSAGING: { label: 'Messagerie', description: 'Messages aux chauffeurs.', path: '/dashboard/messaging' },
  VIEW_NOTIFICATIONS: { label: 'Notifications', description: 'Notifications du parc.', path: '/dashboard/notifications' },
  VIEW_ACCESS_MANAGEMENT: { label: 'Gestion des accès', description: 'Administrateurs, rôles et permissions.', path: '/dashboard/access' },
  VIEW_COMPANY_PROFILE: { label: "Profil de l'entreprise", description: "Informations et logo de l'entreprise.", path: '/dashboard/company' },
  VIEW_SUBSCRIPTION: { label: 'Abonnement', description: 'Forfait et factures.', path: '/dashboard/subscription' },
  VIEW_LEGAL_NOTICES: { label: 'Mentions légales', description: 'Mentions légales du parc.', path: '/dashboard/legal' },
  VIEW_SUPPORT: { label: 'Support', description: "Demandes d'assistance.", path: '/dashboard/support' },
  VIEW_SYSTEM: { label: 'Système', description: 'Paramètres du système.', path: '/dashboard/system' },
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
