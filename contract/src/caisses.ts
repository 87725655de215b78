import { z } from 'zod';
import { zPhone } from './formats.ts';
import { formList } from './form-list.ts';
import { numeric, zUuid } from './vehicle-form-values.ts';
import { INT4_MAX } from './constants.ts';

/**
 * Caisses (cash registers), transfers between them and the bank operation (spec 001 sections 2.2,
 * 3, 5, 6, 7). The server validates with these schemas and the caisse, transfer and bank-operation
 * dialogs build their bodies from them.
 */

export const CAISSE_MESSAGES = {
  /** Spec 001 section 5, checked after trimming. */
  nameRequired: 'Vous devez définir le nom du compte',
  nameTooLong: 'Le nom du compte ne peut pas dépasser 100 caractères',
  descriptionTooLong: 'La description ne peut pas dépasser 500 caractères',
  operator: 'Opérateur invalide',
  adminId: "Identifiant d'administrateur invalide",
  /** Spec 001 section 5, bank operation. */
  caisseRequired: 'Veuillez sélectionner une caisse',
  fromRequired: 'Veuillez sélectionner la caisse à débiter',
  toRequired: 'Veuillez sélectionner la caisse à créditer',
  amountRequired: 'Vous devez saisir le montant',
  amountPositive: 'Le montant doit être supérieur à 0',
  amountInvalid: 'Montant invalide',
  commentTooLong: 'Le commentaire ne peut pas dépasser 500 caractères',
} as const;
const M = CAISSE_MESSAGES;

/** Spec 001 section 8: the spec's wording, spelled as french.md corrects it. */
export const CAISSE_SUCCESS = {
  added: 'Caisse ajoutée avec succès',
  updated: 'Caisse mise à jour avec succès',
  deleted: 'Caisse supprimée avec succès',
  transferred: 'Opération prise en compte',
  bankOperation: 'Opération réussie !',
} as const;

/** Ids sent as an array, a JSON array string or a comma list; each once, lower case. */
const zProfileIds = z.preprocess(
  formList,
  z.array(zUuid(M.adminId), { error: M.adminId }).transform((ids) => [...new Set(ids)]),
);

/**
 * POST /caisse and PUT /caisse/update/{id}: the whole form. On update the description, phone and
 * operator become what is sent (absent clears them); profile_ids replaces the administrators only
 * when sent ([] removes them all).
 */
export const ZCaisseInput = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, { error: M.nameRequired, abort: true }).max(100, M.nameTooLong),
  description: z.string().trim().max(500, M.descriptionTooLong).optional(),
  phone: zPhone.optional(),
  vtc_withdraw_id: z.preprocess(numeric, z.number({ error: M.operator }).int(M.operator).positive(M.operator).max(INT4_MAX, M.operator)).optional(),
  profile_ids: zProfileIds.optional(),
  park_id: z.string().optional(),
});
export type TCaisseInput = z.input<typeof ZCaisseInput>;
export type TCaisseInputParsed = z.output<typeof ZCaisseInput>;

export const ZCaisseListQuery = z.object({
  park_id: z.string().optional(),
  /** Only the caisses the acting profile administers (all of them for MANAGE_CAISSE and the owner). */
  filter_by_profile: z
    .preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean())
    .optional(),
});

/** An amount as forms send it (number or numeric string), above zero; the park currency says how many decimals. */
const zPositiveAmount = z.preprocess(
  numeric,
  z.number({ error: (issue) => (issue.input === undefined ? M.amountRequired : M.amountInvalid) }).finite(M.amountInvalid).positive(M.amountPositive),
);

/** POST /caisse/transfer (path not in the spec): from one caisse of the park to another. */
export const ZCaisseTransferInput = z.object({
  from_caisse_id: zUuid(M.fromRequired),
  to_caisse_id: zUuid(M.toRequired),
  amount: zPositiveAmount,
  comment: z.string().trim().max(500, M.commentTooLong).optional(),
  park_id: z.string().optional(),
});
export type TCaisseTransferInput = z.input<typeof ZCaisseTransferInput>;

/** POST /transaction/bank-operation (path not in the spec): cash brought from the bank into a caisse. */
export const ZBankOperationInput = z.object({
  amount: zPositiveAmount,
  description: z.string().trim().max(500, M.descriptionTooLong).optional(),
  caisse_id: zUuid(M.caisseRequired),
  park_id: z.string().optional(),
});
export type TBankOperationInput = z.input<typeof ZBankOperationInput>;

export const ZCaisseAdmin = z.object({
  profile_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** 'Propriétaire' for the owner, else the names of the profile's roles, or null. */
  role: z.string().nullable(),
  image: z.string().nullable(),
});
export type TCaisseAdmin = z.infer<typeof ZCaisseAdmin>;

export const ZCaisse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  /** The balance, in the park currency. */
  sold: z.number(),
  vtc_withdraw: z.object({ id: z.number(), title: z.string(), image: z.string().nullable() }).nullable(),
  vtc_withdraw_id: z.number().nullable(),
  admin_profiles: z.array(ZCaisseAdmin).describe('By last then first name; cards show 3 and a count'),
  profile_ids: z.array(z.string()),
  park_id: z.string(),
  /** The default cash account ('Compte cash par défaut'). */
  is_default: z.boolean(),
  /** False for the default cash account and the caisses named cash or principale. */
  editable: z.boolean(),
});
export type TCaisse = z.infer<typeof ZCaisse>;

/** What a transfer or a bank operation answers: the park transaction it recorded. */
export const ZCaisseMovement = z.object({
  id: z.string(),
  type: z.enum(['transfer', 'bank_deposit']),
  status: z.literal('success'),
  amount: z.number(),
  caisse_id: z.string().describe('The caisse debited by a transfer, credited by a bank operation'),
  target_caisse_id: z.string().nullable().describe('The caisse credited by a transfer'),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type TCaisseMovement = z.infer<typeof ZCaisseMovement>;
