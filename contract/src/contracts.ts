import { z } from 'zod';
import './formats.ts'; // French zod messages for every schema
import { INT4_MAX } from './constants.ts';
import { DEFAULT_PAGE_SIZE, ZPageQuery } from './pagination.ts';
import { RECIPE_PAYMENT_TYPES } from './recipes.ts';
import { isDayOrWireDate } from './wire-date.ts';

/**
 * Contracts (spec 002 sections 2 to 9, issue 19). PARTNER: the park pays a vehicle owner an amount
 * per period for his car. DRIVER (hire purchase, "work and pay"): the driver pays the vehicle in
 * instalments and owns it when paid off. A contract is PENDING until signed, ACTIVE once signed,
 * EXPIRED when its end has passed with nothing due (or, for a driver, once fully paid), CANCELLED
 * with a reason (irreversible). The schedule is a pure function (`contract-schedule.ts`) the form's
 * preview and the server share. Amounts on the wire are in the park's currency (numbers); the
 * schedule works in integer minor units.
 */

// ---------------------------------------------------------------- constants and texts

export const CONTRACT_TYPES = ['PARTNER', 'DRIVER'] as const;
export type TContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_TYPE_LABELS: Record<TContractType, string> = { PARTNER: 'Contrat partenaire', DRIVER: 'Contrat chauffeur (location-vente)' };

export const CONTRACT_STATUSES = ['PENDING', 'ACTIVE', 'EXPIRED', 'CANCELLED'] as const;
export type TContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<TContractStatus, string> = {
  PENDING: 'En attente de signature',
  ACTIVE: 'Actif',
  EXPIRED: 'Terminé',
  CANCELLED: 'Annulé',
};

/** Spec 002's payment frequencies; the vehicle form's `half_yearly` spelling is the one stored. */
export const CONTRACT_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly', 'quarterly', 'half_yearly', 'annual'] as const;
export type TPaymentFrequency = (typeof CONTRACT_FREQUENCIES)[number];
export const CONTRACT_FREQUENCY_LABELS: Record<TPaymentFrequency, string> = {
  hourly: 'Par heure',
  daily: 'Par jour',
  weekly: 'Par semaine',
  monthly: 'Par mois',
  quarterly: 'Par trimestre',
  half_yearly: 'Par semestre',
  annual: 'Par an',
};

/** due: not (fully) paid yet; paid; cancelled: dropped when the contract was cancelled; written_off. */
export const INSTALMENT_STATUSES = ['due', 'paid', 'cancelled', 'written_off'] as const;
export type TInstalmentStatus = (typeof INSTALMENT_STATUSES)[number];
/** What a person sees of an instalment, from its status, its payments and today. */
export const INSTALMENT_STATES = ['upcoming', 'due_today', 'overdue', 'partially', 'paid', 'cancelled', 'written_off'] as const;
export type TInstalmentState = (typeof INSTALMENT_STATES)[number];
export const INSTALMENT_STATE_LABELS: Record<TInstalmentState, string> = {
  upcoming: 'À venir',
  due_today: "Due aujourd'hui",
  overdue: 'En retard',
  partially: 'Partiellement payée',
  paid: 'Payée',
  cancelled: 'Annulée',
  written_off: 'Abandonnée',
};

export const CONTRACT_EVENT_KINDS = ['created', 'updated', 'signed', 'regenerated', 'payment', 'cancelled', 'expired', 'paid_off', 'handover', 'document'] as const;
export type TContractEventKind = (typeof CONTRACT_EVENT_KINDS)[number];
export const CONTRACT_EVENT_LABELS: Record<TContractEventKind, string> = {
  created: 'Contrat créé',
  updated: 'Contrat modifié',
  signed: 'Contrat signé',
  regenerated: 'Échéancier régénéré',
  payment: 'Paiement enregistré',
  cancelled: 'Contrat annulé',
  expired: 'Contrat terminé',
  paid_off: 'Contrat soldé',
  handover: 'Véhicule remis au chauffeur',
  document: 'Document généré',
};

export const CANCEL_DEBT_MODES = ['write_off', 'keep_debt'] as const;
export type TCancelDebtMode = (typeof CANCEL_DEBT_MODES)[number];
export const CANCEL_DEBT_MODE_LABELS: Record<TCancelDebtMode, string> = {
  write_off: 'Abandonner ce qui reste dû',
  keep_debt: 'Garder ce qui reste dû comme dette du chauffeur',
};

/** A schedule holds at most this many instalments (an hourly contract of a year is 8,760). */
export const CONTRACT_MAX_INSTALMENTS = 10_000;

/** Spec 002 section 8's success texts (spelled as french.md corrects them), then ours. */
export const CONTRACT_MESSAGES = {
  driverCreated: 'Contrat ajouté avec succès',
  partnerCreated: 'Contrat partenaire ajouté avec succès',
  cancelled: 'Contrat annulé',
  updated: 'Contrat mis à jour',
  signed: 'Contrat signé',
  regenerated: 'Échéancier régénéré',
  paid: 'Paiement enregistré',
  handedOver: 'Remise du véhicule confirmée',
  // Form checks, in the form's order.
  vehicle: 'Veuillez sélectionner le véhicule',
  driver: 'Veuillez sélectionner le chauffeur',
  owner: 'Veuillez sélectionner le propriétaire du véhicule',
  frequency: 'Veuillez choisir la fréquence de paiement',
  frequencyAmount: 'Entrez un montant par échéance valide',
  totalAmount: 'Entrez un montant total valide',
  startDate: 'Veuillez renseigner la date de début',
  startTime: "Veuillez renseigner l'heure de la première échéance (HH:mm)",
  endDate: 'Veuillez renseigner la date de fin',
  endBeforeStart: 'La date de fin doit être postérieure ou égale à la date de début',
  totalNotReached: "Le montant total n'est pas atteint à la date de fin : allongez la durée ou augmentez le montant par échéance",
  tooManyInstalments: `L'échéancier dépasse ${CONTRACT_MAX_INSTALMENTS.toLocaleString('fr-FR')} échéances : choisissez une fréquence plus longue ou une durée plus courte`,
  noInstalment: "L'échéancier ne contient aucune échéance : vérifiez les dates",
  cancelReason: "Vous devez préciser le motif de l'annulation (plus de 1 caractère)",
  cancelConfirm: 'Êtes-vous sûr de vouloir annuler ce contrat ? Cette action est irréversible.',
  cancelKeep: 'Ne pas annuler',
  cancelButton: 'Annuler le contrat',
  chooseCaisse: 'Veuillez sélectionner une caisse',
} as const;

// ---------------------------------------------------------------- inputs

const zText = z.string().trim();
const zUuidish = zText.regex(/^[0-9a-f-]{36}$/i, 'Identifiant invalide');
const zIntId = z.coerce.number({ error: 'Identifiant invalide' }).int('Identifiant invalide').min(1, 'Identifiant invalide').max(INT4_MAX, 'Identifiant invalide');
const zDay = (message: string) => zText.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isDayOrWireDate(v), message).describe('yyyy-MM-dd, jour du parc');
const zAmount = (message: string) =>
  z.union([z.number(), zText.regex(/^\d+(\.\d+)?$/, message).transform(Number)], { error: message }).refine((v) => Number.isFinite(v) && v > 0 && v <= 1e12, message);
const zHour = zText.regex(/^([01]\d|2[0-3]):[0-5]\d$/, CONTRACT_MESSAGES.startTime).describe('HH:mm');
/** 'half-yearly' (spec 002's spelling) reads as 'half_yearly'. */
const zFrequency = z.preprocess((v) => (v === 'half-yearly' ? 'half_yearly' : v), z.enum(CONTRACT_FREQUENCIES, { error: CONTRACT_MESSAGES.frequency }));
const zClauses = zText.max(5000, 'Les clauses ne peuvent pas dépasser 5000 caractères');
const zDescription = zText.max(2000, 'La description ne peut pas dépasser 2000 caractères');

/** POST /contract/driver: total and amount per instalment; the end follows from the schedule. */
export const ZDriverContractCreate = z.object({
  vehicle_id: zUuidish.describe('Le véhicule acheté'),
  driver_id: zUuidish.describe('Le chauffeur acheteur'),
  total_amount: zAmount(CONTRACT_MESSAGES.totalAmount).describe('Prix total du véhicule, dans la devise du parc'),
  frequency_amount: zAmount(CONTRACT_MESSAGES.frequencyAmount).describe('Montant de chaque échéance (la dernière prend le reste)'),
  payment_frequency: zFrequency,
  start_date: zDay(CONTRACT_MESSAGES.startDate).describe('Jour de la première échéance'),
  start_time: zHour.optional().describe('Fréquence horaire : heure de la première échéance'),
  end_date: zDay(CONTRACT_MESSAGES.endDate).optional().describe("Facultative : l'échéancier doit atteindre le total avant"),
  contract_type_id: zIntId.optional().describe('Type de contrat du véhicule (GET /vehicle-contract)'),
  clauses: zClauses.optional(),
  description: zDescription.optional(),
  park_id: z.string().optional(),
});
export type TDriverContractCreate = z.input<typeof ZDriverContractCreate>;

/** POST /contract/partner: amount per period from start to end; the total follows (or caps it). */
export const ZPartnerContractCreate = z.object({
  vehicle_id: zUuidish.describe('Le véhicule mis à disposition'),
  vehicle_owner_id: zUuidish.optional().describe('Le propriétaire payé ; celui du véhicule par défaut'),
  frequency_amount: zAmount(CONTRACT_MESSAGES.frequencyAmount).describe('Montant payé au propriétaire par période'),
  payment_frequency: zFrequency,
  start_date: zDay(CONTRACT_MESSAGES.startDate),
  start_time: zHour.optional(),
  end_date: zDay(CONTRACT_MESSAGES.endDate),
  total_amount: zAmount(CONTRACT_MESSAGES.totalAmount).optional().describe('Facultatif : plafond des paiements'),
  contract_type_id: zIntId.optional(),
  clauses: zClauses.optional(),
  description: zDescription.optional(),
  park_id: z.string().optional(),
});
export type TPartnerContractCreate = z.input<typeof ZPartnerContractCreate>;

/**
 * PUT /contract/{id}: the terms that may change. A PENDING contract may change anything of its
 * kind's form; an ACTIVE one its amounts, frequency and end (the unpaid instalments are rebuilt,
 * paid ones stay), its clauses and description. Nothing changes once EXPIRED or CANCELLED.
 */
export const ZContractUpdate = z.object({
  vehicle_id: zUuidish.optional(),
  driver_id: zUuidish.optional(),
  vehicle_owner_id: zUuidish.optional(),
  total_amount: zAmount(CONTRACT_MESSAGES.totalAmount).optional(),
  frequency_amount: zAmount(CONTRACT_MESSAGES.frequencyAmount).optional(),
  payment_frequency: zFrequency.optional(),
  start_date: zDay(CONTRACT_MESSAGES.startDate).optional(),
  start_time: zHour.optional(),
  end_date: zDay(CONTRACT_MESSAGES.endDate).optional(),
  contract_type_id: zIntId.optional(),
  clauses: zClauses.optional(),
  description: zDescription.optional(),
  park_id: z.string().optional(),
});
export type TContractUpdate = z.input<typeof ZContractUpdate>;

/** POST /contract/{id}/sign: the document version signed (the current one by default). */
export const ZContractSign = z.object({
  document_version: z.coerce.number({ error: 'Version invalide' }).int('Version invalide').min(1, 'Version invalide').max(INT4_MAX, 'Version invalide').optional(),
  park_id: z.string().optional(),
});

/** POST and PUT /contract/{id}/cancel. */
export const ZContractCancel = z.object({
  reason: zText.min(2, CONTRACT_MESSAGES.cancelReason).max(1000, 'Le motif ne peut pas dépasser 1000 caractères'),
  debt_mode: z.enum(CANCEL_DEBT_MODES, { error: 'Choisissez ce que devient le reste dû' }).default('keep_debt').describe('Ce qui est dû et impayé : write_off ou keep_debt'),
  park_id: z.string().optional(),
});
export type TContractCancel = z.input<typeof ZContractCancel>;

/**
 * POST /contract/{id}/collect (DRIVER): the driver pays `amount`, applied to the oldest unpaid
 * instalments (those not yet due too: he may pay ahead), through the recipes' collection.
 */
export const ZContractCollect = z.object({
  amount: zAmount('Entrez un montant valide'),
  payment_type: z.enum(RECIPE_PAYMENT_TYPES, { error: 'Choisissez le mode de paiement' }),
  caisse_id: zUuidish.optional(),
  operator_id: zText.optional(),
  phone: zText.optional(),
  comment: zText.max(500).optional(),
  park_id: z.string().optional(),
});
export type TContractCollect = z.input<typeof ZContractCollect>;

/** POST /contract/{id}/instalments/{seq}/pay (PARTNER): the park pays the owner from a caisse. */
export const ZPartnerInstalmentPay = z.object({
  caisse_id: zUuidish.optional().describe('Sans caisse, avec ACCESS_CAISSE_CASH : le compte cash par défaut'),
  comment: zText.max(500).optional(),
  park_id: z.string().optional(),
});

const zPeriodBound = zText.refine(isDayOrWireDate, 'Date invalide (format attendu yyyy-MM-dd)');

export const ZContractListQuery = ZPageQuery.extend({
  itemPerPage: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  park_id: z.string().optional(),
  contract_type: z.enum(CONTRACT_TYPES, { error: 'Type de contrat invalide' }).optional(),
  contract_status: z.enum(CONTRACT_STATUSES, { error: 'Statut invalide' }).optional(),
  vehicle_id: zUuidish.optional(),
  driver_id: zUuidish.optional(),
  vehicle_owner_id: zUuidish.optional(),
  start_date: zPeriodBound.optional().describe("Contrats qui finissent à partir de ce jour (inclus)"),
  end_date: zPeriodBound.optional().describe("Contrats qui commencent jusqu'à ce jour (inclus)"),
});
export type TContractListQuery = z.input<typeof ZContractListQuery>;

export const ZContractStatsQuery = z.object({ park_id: z.string().optional() });

// ---------------------------------------------------------------- read models

const zRef = z.object({ id: z.string(), name: z.string() });

export const ZContractInstalment = z.object({
  id: z.string(),
  seq: z.number(),
  due_date: z.string().describe('yyyy-MM-dd'),
  due_time: z.string().nullable().describe('HH:mm (horaire)'),
  amount: z.number(),
  paid_amount: z.number(),
  remaining: z.number(),
  status: z.enum(INSTALMENT_STATUSES),
  state: z.enum(INSTALMENT_STATES),
  paid_at: z.string().nullable(),
  recipe_id: z.string().nullable().describe('DRIVER : la recette qui encaisse cette échéance'),
  operation_id: z.string().nullable().describe("PARTNER : l'opération qui a payé le propriétaire"),
});
export type TContractInstalment = z.infer<typeof ZContractInstalment>;

export const ZContract = z.object({
  id: z.string(),
  number: z.number(),
  reference: z.string().describe('C-2026-0007'),
  park_id: z.string(),
  contract_type: z.enum(CONTRACT_TYPES),
  contract_status: z.enum(CONTRACT_STATUSES),
  vehicle_contract_type: zRef.extend({ id: z.number() }).nullable(),
  total_amount: z.number(),
  frequency_amount: z.number(),
  payment_frequency: z.enum(CONTRACT_FREQUENCIES),
  start_date: z.string(),
  end_date: z.string(),
  start_time: z.string().nullable(),
  next_due_date: z.string().nullable(),
  total_paid: z.number(),
  remaining_amount: z.number(),
  /** What is due today or earlier and not paid. */
  overdue_amount: z.number(),
  instalments_count: z.number(),
  vehicle: z.object({ id: z.string(), registration_number: z.string(), label: z.string().nullable() }),
  vehicle_owner: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }).nullable(),
  driver: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }).nullable(),
  clauses: z.string().nullable(),
  description: z.string().nullable(),
  document_version: z.number(),
  signed_at: z.string().nullable(),
  signed_by: z.string().nullable().describe('Le nom du signataire'),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  cancel_debt_mode: z.enum(CANCEL_DEBT_MODES).nullable(),
  paid_off_at: z.string().nullable(),
  handover_confirmed_at: z.string().nullable(),
  created_at: z.string(),
});
export type TContract = z.infer<typeof ZContract>;

/** GET /contract/{id}: the contract, its schedule, its payments and its documents. */
export const ZContractDetail = ZContract.extend({
  instalments: z.array(ZContractInstalment),
  payments: z.array(
    z.object({
      id: z.string().describe("L'opération"),
      amount: z.number(),
      method: z.string().describe('cash, sold, mobile_money (DRIVER) ou caisse (PARTNER)'),
      caisse: zRef.nullable(),
      date: z.string(),
      instalment_seq: z.number().nullable(),
    }),
  ),
  documents: z.array(z.object({ version: z.number(), created_at: z.string(), url: z.string().describe('GET /api/contract/{id}/document/{version}') })),
  signatures: z.array(z.object({ signer_name: z.string(), profile_id: z.string().nullable(), document_version: z.number(), signed_at: z.string() })),
  can: z.object({ sign: z.boolean(), update: z.boolean(), cancel: z.boolean(), regenerate: z.boolean(), collect: z.boolean(), pay: z.boolean(), handover: z.boolean() }),
});
export type TContractDetail = z.infer<typeof ZContractDetail>;

export const ZContractEvent = z.object({
  id: z.string(),
  kind: z.enum(CONTRACT_EVENT_KINDS),
  label: z.string(),
  // An open object rather than z.record: z.record would pull its code into the sign-in chunk, where the shared zod core lives.
  detail: z.object({}).catchall(z.unknown()),
  actor: z.string().nullable(),
  created_at: z.string(),
});
export type TContractEvent = z.infer<typeof ZContractEvent>;

/** GET /contract/stats (spec 002 section 3), amounts in the park's currency. */
export const ZContractStats = z.object({
  total: z.number(),
  active: z.number(),
  pending: z.number(),
  expired: z.number(),
  cancelled: z.number(),
  total_amount: z.number().describe('Somme des contrats actifs'),
  contracts_by_type: z.object({ PARTNER: z.number(), DRIVER: z.number() }),
  active_vehicles: z.number(),
  active_drivers: z.number(),
  montant_encaisse: z.number().describe('Payé par les chauffeurs sur leurs contrats (tous statuts)'),
  montant_restant: z.number().describe('Reste à payer des contrats actifs (chauffeurs et partenaires)'),
  echeances_ce_mois: z.object({ count: z.number(), amount: z.number() }).describe('Échéances impayées dues ce mois-ci'),
});
export type TContractStats = z.infer<typeof ZContractStats>;

/** A page of contracts; the total is exact (a park holds thousands, not millions). */
export const ZContractPage = z.object({
  items: z.array(ZContract),
  meta: z.object({ page: z.number(), itemPerPage: z.number(), total: z.number() }),
});
export type TContractPage = z.infer<typeof ZContractPage>;

/** Answer of POST /contract/{id}/collect: what was applied, or the mobile-money validation card. */
export const ZContractCollectResult = z.object({
  contract: ZContractDetail,
  applied: z.array(z.object({ seq: z.number(), amount: z.number() })),
  /** Mobile money: the pay-in to follow with the validation card (GET /transaction/check-status/{id}). */
  transaction: z.object({}).catchall(z.unknown()).nullable(),
});
export type TContractCollectResult = z.infer<typeof ZContractCollectResult>;
