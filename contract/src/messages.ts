/**
 * Success messages, worded as the spec words them, spelled as shared/reference/french.md corrects them. The server answers them in the
 * envelope and the web shows them in its toasts: one list, so the two never drift apart.
 * Zod-free, so the sign-in screens can import it.
 */
export const SUCCESS_MESSAGES = {
  OTP_SENT: 'Code OTP envoyé avec succès',
  PASSWORD_RESET: 'Mot de passe réinitialisé avec succès',
  PIN_SET: 'Code PIN défini avec succès !',
  PASSWORD_CHANGED: 'Mot de passe mis à jour.',
  ROLE_ADDED: 'Rôle ajouté avec succès',
  ROLE_UPDATED: 'Rôle modifié avec succès',
  ROLE_DELETED: 'Rôle supprimé avec succès',
  ADMIN_SAVED: 'Administrateur mis à jour avec succès',
  ADMIN_REMOVED: 'Administrateur supprimé avec succès',
  COMPANY_SAVED: "Données de l'entreprise mises à jour.",
  ACCOUNT_RESET: 'Compte réinitialisé avec succès',
  ACCOUNT_DELETED: 'Compte supprimé avec succès',
  // Reference data and vehicle owners (issue 4).
  CONTRACT_TYPE_ADDED: 'Type de contrat ajouté avec succès',
  DOCUMENT_TYPE_ADDED: 'Type de document ajouté avec succès',
  DRIVER_GROUP_ADDED: 'Groupe de chauffeurs ajouté avec succès',
  OWNER_ADDED: 'Propriétaire ajouté avec succès',
  // Vehicle documents and groups (issue 4).
  VEHICLE_DOCUMENT_ADDED: 'Document ajouté avec succès',
  VEHICLE_GROUP_ADDED: 'Groupe ajouté avec succès',
  VEHICLE_GROUP_UPDATED: 'Groupe mis à jour avec succès',
  VEHICLE_GROUP_DELETED: 'Groupe supprimé',
  // Drivers (issue 4).
  DRIVER_ADDED: 'Chauffeur ajouté avec succès',
  DRIVER_UPDATED: 'Chauffeur mis à jour avec succès !',
  DRIVER_MODIFIED: 'Chauffeur modifié',
  LICENCE_ADDED: 'Type de permis ajouté',
  // Vehicles (issue 4).
  VEHICLE_ADDED: 'Véhicule ajouté avec succès',
  VEHICLE_UPDATED: 'Véhicule mis à jour avec succès',
  VEHICLE_ACTIVATED: 'Véhicule activé',
  VEHICLE_DEACTIVATED: 'Véhicule désactivé',
} as const;
