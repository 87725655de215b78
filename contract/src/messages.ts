/**
 * Success messages, worded as the spec words them (typos included). The server answers them in the
 * envelope and the web shows them in its toasts: one list, so the two never drift apart.
 * Zod-free, so the sign-in screens can import it.
 */
export const SUCCESS_MESSAGES = {
  OTP_SENT: 'Code OTP envoyé avec succès',
  PASSWORD_RESET: 'Mot de passe réinitialisé avec succès',
  PIN_SET: 'Code PIN défini avec succès !',
  PASSWORD_CHANGED: 'Mot de passe MAJ.',
  ROLE_ADDED: 'Rôle ajouté avec succès',
  ROLE_UPDATED: 'Rôle Modifier avec succès',
  ROLE_DELETED: 'Rôle supprimé avec succès',
  ADMIN_SAVED: 'Admin MAJ avec success.',
  ADMIN_REMOVED: 'Administrateur suprimé avec succès',
  COMPANY_SAVED: "Données de l'entreprise MAJ.",
  ACCOUNT_RESET: 'Compte réinitialisé avec succès',
  ACCOUNT_DELETED: 'Compte supprimé avec succès',
} as const;
