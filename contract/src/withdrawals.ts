import { z } from 'zod';
import { zPhone } from './formats.ts';
import { numeric, zUuid } from './vehicle-form-values.ts';
import { INT4_MAX } from './constants.ts';

/**
 * The park balance and withdrawals (spec 001 sections 2.3, 3, 4, 5, 7): withdrawal modes per
 * country, the park's withdrawal means, the park balance and its transactions, withdrawing to a
 * means, and topping up a caisse from the balance. The server validates with these schemas and the
 * withdrawal dialog builds its bodies from them.
 */

export const WITHDRAW_MODE_TYPES = ['wave', 'mobile_money'] as const;
export const PARK_TRANSACTION_TYPES = ['withdraw', 'credit_account', 'transfer', 'bank_deposit', 'payment', 'credit_sold', 'course_payment'] as const;
export type TParkTransactionType = (typeof PARK_TRANSACTION_TYPES)[number];
export const PARK_TRANSACTION_STATUSES = ['init', 'pending', 'success', 'failed', 'cancelled'] as const;
export type TParkTransactionStatus = (typeof PARK_TRANSACTION_STATUSES)[number];

export const PARK_TRANSACTION_TYPE_LABELS: Record<TParkTransactionType, string> = {
  withdraw: 'Retrait',
  credit_account: 'Approvisionnement de caisse',
  transfer: 'Transfert entre caisses',
  bank_deposit: 'Opération bancaire',
  payment: 'Paiement reçu',
  credit_sold: 'Crédit du solde',
  course_payment: "Règlement d'une course client",
};
export const PARK_TRANSACTION_STATUS_LABELS: Record<TParkTransactionStatus, string> = {
  init: 'Initiée',
  pending: 'En attente',
  success: 'Réussie',
  failed: 'Échouée',
  cancelled: 'Annulée',
};

export const WITHDRAW_MESSAGES = {
  /** Spec 001 section 5 (withdrawal method). */
  titleRequired: 'Le titre est requis',
  titleTooLong: 'Le titre ne peut pas dépasser 100 caractères',
  modeRequired: 'Choisissez le mode de retrait',
  meansRequired: 'Choisissez le moyen de retrait',
  amountRequired: 'Vous devez saisir le montant',
  amountInvalid: 'Montant invalide',
  amountPositive: 'Le montant doit être supérieur à 0',
  reasonTooLong: 'Le motif ne peut pas dépasser 500 caractères',
  caisseRequired: 'Veuillez sélectionner une caisse',
  /** Spec 001 section 5: the withdrawal dialog's warning. */
  checkFields: 'Vérifiez que tous les champs sont corrects !',
  /** Spec 001 sections 6 and 8. */
  noPermission: "Vous n'avez pas les permissions nécessaires pour effectuer cette action",
  noMeans: 'Aucun moyen de paiement trouvé',
  addMeansFirst: "Ajoutez d'abord un moyen de retrait",
  multipleOf5: 'Le montant doit être un multiple de 5 pour cet opérateur',
} as const;
const M = WITHDRAW_MESSAGES;

/** Spec 001 section 8: the spec's wording, spelled as french.md corrects it. */
export const WITHDRAW_SUCCESS = {
  meansAdded: 'Moyen de retrait ajouté',
  meansUpdated: 'Mise à jour effectuée',
  meansDeleted: 'Suppression du moyen de retrait réussie !',
  withdrawn: 'Retrait effectué',
  /** A payout the operator has not confirmed yet. */
  initiated: 'Transaction initiée',
  creditInitiated: 'Transaction initiée avec succès',
  credited: 'Opération réussie !',
} as const;

/** GET /vtc-withdraw: the modes of a country (the park's by default). */
export const ZWithdrawModesQuery = z.object({ country_iso_code: z.string().trim().toUpperCase().length(2).optional(), park_id: z.string().optional() });

export const ZWithdrawMode = z.object({
  id: z.number(),
  title: z.string(),
  /** Percent of the amount (1.5 = 1.5 %). */
  fees: z.number(),
  type: z.enum(WITHDRAW_MODE_TYPES),
  country_id: z.number().nullable().describe('ISO 3166-1 numeric code of the country'),
  country_iso_code: z.string(),
  image: z.string().nullable(),
});
export type TWithdrawMode = z.infer<typeof ZWithdrawMode>;

/** GET /operator: the mobile-money operators (of the park's country unless country_iso_code says). */
export const ZOperatorQuery = ZWithdrawModesQuery;
export const ZOperator = z.object({ id: z.number(), name: z.string(), image: z.string().nullable(), country_iso_code: z.string() });
export type TOperator = z.infer<typeof ZOperator>;

/**
 * POST /mean-withdraw-on-park and PUT /mean-withdraw-on-park/{id}: title, the phone number with
 * its country calling code in front ('+237' + '690000001'), and the mode. `id` (sent by the add
 * form, spec 001 section 3) is ignored: the server names records.
 */
export const ZWithdrawMeansInput = z.object({
  title: z.string({ error: M.titleRequired }).trim().min(1, { error: M.titleRequired, abort: true }).max(100, M.titleTooLong),
  phone_number: zPhone,
  vct_withdraw_id: z.preprocess(numeric, z.number({ error: M.modeRequired }).int(M.modeRequired).positive(M.modeRequired).max(INT4_MAX, M.modeRequired)),
  id: z.unknown().optional(),
  park_id: z.string().optional(),
});
export type TWithdrawMeansInput = z.input<typeof ZWithdrawMeansInput>;
export type TWithdrawMeansInputParsed = z.output<typeof ZWithdrawMeansInput>;

export const ZParkQuery = z.object({ park_id: z.string().optional() });

export const ZWithdrawMeans = z.object({
  id: z.string(),
  park_id: z.string(),
  title: z.string(),
  /** The mode's fee percent. */
  fees: z.number(),
  /** Last four digits of the phone number, for lists. */
  last4Digit: z.string(),
  /** E.164 with '+'. */
  phone_number: z.string(),
  /** The provider that pays out (wave, orange, mtn, moov). */
  card_processor: z.string(),
  account_number: z.string(),
  vct_withdraw: ZWithdrawMode,
});
export type TWithdrawMeans = z.infer<typeof ZWithdrawMeans>;

/** An amount as forms send it (number or numeric string), above zero; the park currency says how many decimals. */
const zPositiveAmount = z.preprocess(
  numeric,
  z.number({ error: (issue) => (issue.input === undefined ? M.amountRequired : M.amountInvalid) }).finite(M.amountInvalid).positive(M.amountPositive),
);

/**
 * POST /transaction/withdraw: the amount leaves with its fee. With caisse_id the payout is funded
 * from that caisse instead of the park balance. confirme_operation_id (sent by the spec's client)
 * is ignored.
 */
export const ZWithdrawInput = z.object({
  withdraw_on_park_id: zUuid(M.meansRequired),
  amount: zPositiveAmount,
  caisse_id: zUuid(M.caisseRequired).optional(),
  reason: z.string().trim().max(500, M.reasonTooLong).optional(),
  confirme_operation_id: z.unknown().optional(),
  park_id: z.string().optional(),
});
export type TWithdrawInput = z.input<typeof ZWithdrawInput>;

/** POST /transaction/credit-account: the park balance tops up a caisse. */
export const ZCreditAccountInput = z.object({
  caisse_id: zUuid(M.caisseRequired),
  amount: zPositiveAmount,
  comment: z.string().trim().max(500, M.reasonTooLong).optional(),
  description: z.string().trim().max(500, M.reasonTooLong).optional(),
  park_id: z.string().optional(),
});
export type TCreditAccountInput = z.input<typeof ZCreditAccountInput>;

/** GET /park/transactions. exclude_type takes one type or a comma list (credit_sold by the spec's client). */
export const ZParkTransactionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  itemPerPage: z.coerce.number().int().min(1).max(1000).default(10),
  park_id: z.string().optional(),
  exclude_type: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [])),
  type: z.enum(PARK_TRANSACTION_TYPES).optional(),
  status: z.enum(PARK_TRANSACTION_STATUSES).optional(),
});

export const ZParkAmount = z.object({
  /** What the park balance holds, in the park currency. */
  amount: z.number(),
  currency: z.object({ name: z.string() }),
});
export type TParkAmount = z.infer<typeof ZParkAmount>;

export const ZParkSold = z.object({
  sold: z.number().describe('Available on the park balance'),
  pending_withdrawals: z.number().describe('Sent to an operator, not yet confirmed (already off the balance)'),
  currency: z.object({ name: z.string() }),
});
export type TParkSold = z.infer<typeof ZParkSold>;

export const ZParkTransaction = z.object({
  id: z.string(),
  type: z.enum(PARK_TRANSACTION_TYPES),
  status: z.enum(PARK_TRANSACTION_STATUSES),
  amount: z.number(),
  fees: z.number(),
  /** amount + fees: what left (or reached) the balance. */
  total: z.number(),
  currency: z.string(),
  reason: z.string().nullable(),
  phone: z.string().nullable(),
  provider: z.string().nullable(),
  provider_ref: z.string().nullable(),
  caisse: z.object({ id: z.string(), name: z.string() }).nullable(),
  withdraw_means: z.object({ id: z.string(), title: z.string() }).nullable(),
  initiator: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** The funds came back with a reversing entry (a failed payout). */
  refunded: z.boolean(),
});
export type TParkTransaction = z.infer<typeof ZParkTransaction>;
