/**
 * The numeric error catalogue shared by server and web.
 * Every API answer is `{code, message, data}`; `code` 5000 is success. A failure also sets the HTTP
 * status, and its `message` is French and fit to show a person.
 */
import { INTERNAL_ERROR, REFRESH_FAILED } from './envelope.ts';

export { NOTICE_CODE, SUCCESS_CODE, type ApiEnvelope, type FieldError } from './envelope.ts';

export const ErrorCodes = {
  VALIDATION_FAILED: { code: 4001, status: 400, message: 'Certaines informations sont invalides.' },
  BAD_REQUEST: { code: 4002, status: 400, message: 'Requête invalide.' },
  UNAUTHENTICATED: { code: 4011, status: 401, message: 'Veuillez vous connecter.' },
  TOKEN_INVALID: { code: 4012, status: 401, message: 'Session expirée, veuillez vous reconnecter.' },
  REFRESH_FAILED,
  INVALID_CREDENTIALS: { code: 4014, status: 401, message: 'Identifiant ou mot de passe incorrect.' },
  WRONG_PASSWORD: { code: 4015, status: 422, message: 'Mot de passe incorrect.' },
  OLD_PASSWORD_INCORRECT: { code: 4016, status: 422, message: 'Ancien mot de passe incorrect' },
  OTP_INVALID: { code: 4221, status: 422, message: 'Code OTP incorrect.' },
  OTP_EXPIRED: { code: 4222, status: 422, message: 'Code OTP expiré ou déjà utilisé. Demandez un nouveau code.' },
  OTP_LOCKED: { code: 4291, status: 429, message: 'Trop de tentatives. Demandez un nouveau code.' },
  OTP_SEND_LIMIT: { code: 4292, status: 429, message: 'Trop de codes envoyés. Réessayez dans quelques minutes.' },
  PIN_INCORRECT: { code: 4223, status: 422, message: 'Code PIN incorrect. Veuillez réessayer.' },
  PIN_NOT_SET: { code: 4224, status: 422, message: "Vous n'avez pas encore défini de code PIN." },
  PIN_LOCKED: { code: 4293, status: 429, message: 'Code PIN bloqué après 5 essais. Redéfinissez-le avec votre mot de passe.' },
  PIN_PASSWORD_REQUIRED: { code: 4225, status: 422, message: 'Entrez votre mot de passe pour changer le code PIN.' },
  STEP_UP_REQUIRED: { code: 4031, status: 403, message: "Vérification d'identité requise : entrez votre code PIN." },
  FORBIDDEN: { code: 4030, status: 403, message: "Vous n'avez pas les permissions necessaires pour effectuer cette action" },
  PROFILE_REQUIRED: { code: 4032, status: 403, message: 'Choisissez un profil pour continuer.' },
  PROFILE_NOT_YOURS: { code: 4033, status: 403, message: "Ce profil n'appartient pas à votre compte." },
  PARK_MISMATCH: { code: 4034, status: 403, message: "Vous n'avez pas accès à ce parc." },
  ACCOUNT_DISABLED: { code: 4035, status: 403, message: 'Ce compte est désactivé.' },
  NO_PROFILE_FOR_TYPE: { code: 4036, status: 403, message: "Aucun profil de ce type n'est associé à ce compte." },
  NOT_FOUND: { code: 4041, status: 404, message: 'Élément introuvable.' },
  ROUTE_NOT_FOUND: { code: 4042, status: 404, message: 'Cette adresse n’existe pas.' },
  PARK_CODE_UNKNOWN: { code: 4043, status: 404, message: 'Aucune entreprise ne correspond à ce code' },
  CONFLICT: { code: 4091, status: 409, message: 'Cette action est en conflit avec une autre.' },
  // Roles and park administrators (issue 3).
  ROLE_NAME_TAKEN: { code: 4092, status: 409, message: 'Un rôle porte déjà ce nom' },
  ROLE_IN_USE: { code: 4093, status: 409, message: 'Ce rôle est attribué à des administrateurs : retirez-le-leur avant de le supprimer.' },
  ADMIN_EXISTS: { code: 4094, status: 409, message: 'Cet administrateur existe déjà dans ce parc' },
  CONTACTS_OF_TWO_ACCOUNTS: { code: 4095, status: 409, message: 'Cet email et ce téléphone appartiennent à deux comptes différents' },
  CONTACTS_LOCKED: { code: 4096, status: 409, message: 'Seul le titulaire du compte peut modifier ses coordonnées' },
  CONTACT_TAKEN: { code: 4097, status: 409, message: 'Cet email ou ce numéro de téléphone est déjà utilisé par un autre compte' },
  CANNOT_REMOVE_SELF: { code: 4098, status: 409, message: 'Vous ne pouvez pas vous retirer vous-même' },
  OWNER_NOT_EDITABLE: { code: 4037, status: 403, message: 'Le propriétaire du parc ne peut pas être modifié ici' },
  OWNER_NOT_REMOVABLE: { code: 4038, status: 403, message: 'Le propriétaire du parc ne peut pas être retiré' },
  PAYLOAD_TOO_LARGE: { code: 4131, status: 413, message: 'Fichier ou requête trop volumineux.' },
  UNSUPPORTED_FILE: { code: 4151, status: 415, message: 'Type de fichier non accepté (jpg, jpeg, png, svg).' },
  BUSINESS_RULE: { code: 4220, status: 422, message: 'Action impossible.' },
  RATE_LIMITED: { code: 4290, status: 429, message: 'Trop de requêtes. Réessayez dans un instant.' },
  // Reference data and vehicle owners (issue 4, codes 4100-4119).
  BRAND_NOT_FOUND: { code: 4100, status: 404, message: 'Marque introuvable' },
  CONTRACT_TYPE_EXISTS: { code: 4101, status: 409, message: 'Ce type de contrat existe déjà' },
  DOCUMENT_TYPE_EXISTS: { code: 4102, status: 409, message: 'Ce type de document existe déjà' },
  DRIVER_GROUP_EXISTS: { code: 4103, status: 409, message: 'Ce groupe de chauffeurs existe déjà' },
  // Vehicle documents and groups (issue 4, codes 4170-4189).
  VEHICLE_GROUP_NOT_FOUND: { code: 4170, status: 404, message: 'Groupe introuvable' },
  VEHICLE_GROUP_TITLE_TAKEN: { code: 4171, status: 409, message: 'Un groupe porte déjà ce nom' },
  VEHICLE_IN_OTHER_GROUP: { code: 4172, status: 409, message: 'Ce véhicule est déjà dans un autre groupe' },
  VEHICLE_GROUP_ADMIN_INVALID: { code: 4173, status: 422, message: 'Les administrateurs du groupe doivent être des administrateurs de ce parc' },
  VEHICLE_DOCUMENT_TYPE_UNKNOWN: { code: 4174, status: 404, message: 'Type de document introuvable' },
  // Drivers (issue 4, codes 4120-4139).
  DRIVER_NOT_FOUND: { code: 4120, status: 404, message: 'Chauffeur introuvable' },
  DRIVER_PHONE_TAKEN: { code: 4121, status: 409, message: 'Un chauffeur de ce parc utilise déjà ce numéro de téléphone' },
  DRIVER_STATUS_CONFLICT: { code: 4122, status: 409, message: 'Le statut de ce chauffeur ne permet pas cette action' },
  // Vehicles (issue 4, codes 4140-4169).
  VEHICLE_NOT_FOUND: { code: 4140, status: 404, message: 'Véhicule introuvable' },
  VEHICLE_REGISTRATION_TAKEN: { code: 4141, status: 409, message: "Un véhicule du parc porte déjà ce numéro d'immatriculation" },
  VEHICLE_DRIVER_BUSY: { code: 4142, status: 409, message: 'Ce chauffeur travaille déjà sur un autre véhicule ces jours-là' },
  VEHICLE_DRIVER_NOT_ASSIGNABLE: { code: 4143, status: 409, message: 'Ce chauffeur est suspendu ou désactivé : il ne peut pas être affecté à un véhicule' },
  VEHICLE_DRIVER_UNKNOWN: { code: 4144, status: 404, message: 'Chauffeur introuvable dans ce parc' },
  VEHICLE_SECTION_MISMATCH: { code: 4145, status: 400, message: "Ce champ n'appartient pas à la section modifiée" },
  // Money (issue 5, codes 4300-4399): ledger 4300-4309, idempotency 4310-4319, caisses and
  // transfers 4320-4339, operations 4340-4359, withdrawals and the park balance 4360-4379,
  // accounting 4380-4399.
  INSUFFICIENT_FUNDS: { code: 4300, status: 409, message: 'Solde insuffisant pour cette opération' },
  ALREADY_REVERSED: { code: 4301, status: 409, message: 'Cette opération a déjà été annulée' },
  REVERSAL_NOT_REVERSIBLE: { code: 4302, status: 409, message: "Une annulation ne peut pas être annulée" },
  IDEMPOTENCY_KEY_REUSED: { code: 4310, status: 422, message: "Cette clé d'idempotence a déjà servi pour une autre requête" },
  IDEMPOTENCY_IN_PROGRESS: { code: 4311, status: 409, message: 'Cette opération est déjà en cours de traitement. Patientez un instant.' },
  CAISSE_NOT_FOUND: { code: 4320, status: 404, message: 'Caisse introuvable' },
  CAISSE_NAME_TAKEN: { code: 4321, status: 409, message: 'Une caisse de ce parc porte déjà ce nom' },
  CAISSE_NAME_RESERVED: { code: 4322, status: 422, message: 'Les noms « cash » et « principale » sont réservés : choisissez un autre nom' },
  CAISSE_NOT_EDITABLE: { code: 4323, status: 409, message: 'Cette caisse ne peut pas être modifiée : le compte cash par défaut et les caisses « cash » ou « principale » sont protégés' },
  CAISSE_NOT_DELETABLE: { code: 4324, status: 409, message: 'Cette caisse ne peut pas être supprimée : le compte cash par défaut et les caisses « cash » ou « principale » sont protégés' },
  CAISSE_HAS_BALANCE: { code: 4325, status: 409, message: "Cette caisse contient encore de l'argent : transférez son solde avant de la supprimer" },
  CAISSE_HAS_HISTORY: { code: 4326, status: 409, message: "Cette caisse a un historique d'opérations : elle ne peut pas être supprimée" },
  CAISSE_ADMIN_INVALID: { code: 4327, status: 422, message: 'Les administrateurs de la caisse doivent être des administrateurs de ce parc' },
  CAISSE_OPERATOR_UNKNOWN: { code: 4328, status: 422, message: "Cet opérateur n'est pas proposé dans le pays du parc" },
  TRANSFER_SAME_CAISSE: { code: 4329, status: 422, message: 'Choisissez deux caisses différentes' },
  CAISSE_CASH_FORBIDDEN: { code: 4330, status: 403, message: "Vous n'avez pas accès au compte cash par défaut" },
  OPERATION_NOT_FOUND: { code: 4340, status: 404, message: 'Opération introuvable' },
  OPERATION_OWNER_ONLY: { code: 4341, status: 403, message: 'Seul le propriétaire du parc peut confirmer une opération' },
  OPERATION_ALREADY_CONFIRMED: { code: 4342, status: 409, message: 'Cette opération a déjà été confirmée' },
  OPERATION_CANCELED: { code: 4343, status: 409, message: 'Cette opération a été annulée : elle ne peut plus être confirmée' },
  OPERATION_SUB_ACCOUNT_NOT_FOUND: { code: 4344, status: 404, message: 'Sous-compte introuvable' },
  FUEL_TYPE_NOT_FOUND: { code: 4345, status: 404, message: 'Type de carburant introuvable' },
  CAR_COMPONENT_NOT_FOUND: { code: 4346, status: 404, message: 'Élément introuvable' },
  CAR_COMPONENT_EXISTS: { code: 4347, status: 409, message: 'Cet élément existe déjà' },
  OPERATION_FILE_NOT_FOUND: { code: 4348, status: 404, message: 'Justificatif introuvable' },
  WITHDRAW_MEANS_NOT_FOUND: { code: 4360, status: 404, message: 'Moyen de retrait introuvable' },
  WITHDRAW_MODE_UNAVAILABLE: { code: 4361, status: 422, message: "Ce mode de retrait n'est pas proposé dans le pays du parc" },
  PARK_TRANSACTION_NOT_FOUND: { code: 4362, status: 404, message: 'Transaction introuvable' },
  WITHDRAWAL_FAILED: { code: 4363, status: 422, message: "Le retrait a été refusé par l'opérateur : le montant et les frais ont été remis sur le solde." },
  PAYMENT_PROVIDER_UNAVAILABLE: { code: 4364, status: 422, message: "Ce moyen de retrait n'est pas disponible pour le moment. Réessayez plus tard." },
  ACCOUNTING_PERIOD_INVALID: { code: 4380, status: 400, message: 'La date de fin doit suivre la date de début' },
  ACCOUNTING_PERIOD_TOO_LONG: { code: 4381, status: 400, message: 'Choisissez une période de 36 mois au plus' },
  IDEMPOTENCY_KEY_INVALID: { code: 4312, status: 400, message: "La clé d'idempotence doit compter de 8 à 128 caractères (lettres, chiffres, - et _)" },
  // Planning (issue 6, codes 4400-4429).
  // Recipes (issue 6, codes 4430-4469).
  // Mobile-money pay-ins (issue 6, codes 4470-4484).
  // Salary (issue 6, codes 4485-4499).
  INTERNAL: INTERNAL_ERROR,
} as const satisfies Record<string, { code: number; status: number; message: string }>;

export type ErrorName = keyof typeof ErrorCodes;


