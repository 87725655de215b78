import { z } from 'zod';
import './formats.ts';
import { ZTransactionValidation, type TTransactionValidation } from './payins.ts';
import { COLLECTION_TYPES } from './vehicle-config.ts';
import { numeric, UUID } from './vehicle-form-values.ts';
import { isCalendarDay } from './wire-date.ts';

/**
 * Recipes: what a driver owes the park for a period, and collecting it (spec 001 sections 2.4 to
 * 2.7, 3, 4, 5, 7). The server validates with these schemas and the recipe dialogs build their
 * bodies from them; `recipePaymentError` is the one payment check both sides run, so the person
 * sees the same first message whichever side finds it.
 */

// ---------------------------------------------------------------- constants and texts

/** Recipe lists load 20 at a time, more while a full page returns (spec 001 section 9). */
export const RECIPE_PAGE_SIZE = 20;
/** A payment is partial when it differs from what is expected by more than this (spec 001 sections 4, 9). */
export const PARTIAL_TOLERANCE = 0.01;
/** A deletion reason must be longer than 1 character (spec 001 section 5). */
export const RECIPE_DELETE_COMMENT_MIN = 2;

/** 'contract': a hire-purchase instalment of a driver contract, collected like any recipe. */
export const RECIPE_KINDS = ['expected', 'unscheduled', 'debt', 'contract'] as const;
export type TRecipeKind = (typeof RECIPE_KINDS)[number];
export const RECIPE_STATUSES = ['paid', 'partially', 'not_collected'] as const;
export type TRecipeStatus = (typeof RECIPE_STATUSES)[number];
export const RECIPE_STATUS_LABELS: Record<TRecipeStatus, string> = { paid: 'Payé', partially: 'Partiellement encaissé', not_collected: 'Non encaissé' };
/** How a recipe is paid: cash into a caisse, the driver's balance ('sold'), mobile money. */
export const RECIPE_PAYMENT_TYPES = ['cash', 'sold', 'mobile_money'] as const;
export type TRecipePaymentType = (typeof RECIPE_PAYMENT_TYPES)[number];
export const RECIPE_PAYMENT_TYPE_LABELS: Record<TRecipePaymentType, string> = { cash: 'Espèces', sold: 'Solde chauffeur', mobile_money: 'Mobile money' };
/** How a collection was made: the payment types, and a debit of the driver's Yango balance (issue 21, its own route). */
export const RECIPE_PAYMENT_METHODS = [...RECIPE_PAYMENT_TYPES, 'yango'] as const;
export type TRecipePaymentMethod = (typeof RECIPE_PAYMENT_METHODS)[number];
export const RECIPE_PAYMENT_METHOD_LABELS: Record<TRecipePaymentMethod, string> = { ...RECIPE_PAYMENT_TYPE_LABELS, yango: 'Solde Yango' };

/** Spec 001 sections 4, 5 and 8 (the spec's wording, spelled as french.md corrects it); the others of this domain after them. */
export const RECIPE_COLLECTION_MESSAGES = {
  collected: 'Encaissement effectué avec succès',
  mobileMoneyStarted: 'Transaction initiée avec succès',
  deleted: 'Recette supprimée',
  objectiveUpdated: 'Objectif mis à jour',
  driverChanged: 'Chauffeur modifié',
  driverIndebted: 'Chauffeur endetté',
  invalidAmount: 'Entrez un montant valide',
  requiredFields: 'Veuillez remplir tous les champs requis',
  objectiveReached: 'Objectif atteint',
  unpaidTitle: 'Paiements non encaissés',
  expectedTodayTitle: "Paiements attendus aujourd'hui",
  paymentDialogTitle: 'Règlement complet/partiel des recettes',
  proceed: 'Procéder au paiement',
  manualCollection: 'Encaisser manuellement',
  // Beyond the spec's texts.
  deleteReason: 'Vous devez préciser le motif de la suppression (plus de 1 caractère)',
  chooseDriver: 'Choisissez un chauffeur',
  sameDriver: 'Choisissez un chauffeur différent du chauffeur actuel',
  amountAboveRemaining: 'Le montant dépasse le reste à encaisser de la recette',
  soldNotForExpected: "Le solde du chauffeur ne peut pas payer une recette attendue : choisissez espèces ou mobile money",
  chooseRecipes: 'Choisissez au moins une recette',
  operatorAndPhone: "Choisissez l'opérateur et saisissez le numéro de téléphone",
  vehicleRequired: 'Vous devez préciser le véhicule concerné',
  dateRequired: 'Vous devez préciser la date',
  objectiveBelowCollected: "L'objectif ne peut pas être inférieur au montant déjà encaissé",
} as const;
const M = RECIPE_COLLECTION_MESSAGES;

/** 'Aujourd'hui', 'Hier' or dd/MM/yyyy: how the unpaid lists title a day (yyyy-MM-dd, the park's today). */
export function recipeDayLabel(day: string, today: string): string {
  if (day === today) return "Aujourd'hui";
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  if (day === d.toISOString().slice(0, 10)) return 'Hier';
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** Whether an amount pays only part of what is expected (both in the park currency). */
export const isPartialPayment = (amount: number, expected: number) => Math.abs(amount - expected) > PARTIAL_TOLERANCE + 1e-9;

// ---------------------------------------------------------------- the shared payment check

/** What the payment check looks at; amounts in the park currency, as the dialog shows them. */
export interface RecipePaymentDraft {
  payment_type?: TRecipePaymentType | string | null;
  operator_id?: string | number | null;
  phone?: string | null;
  /** Each recipe paid, with what remains on it and, for a partial payment, the amount given. */
  recipes: readonly { kind?: TRecipeKind | string | null; remaining: number; amount?: number | string | null }[];
  /** The amount of a partial payment (one recipe), when the dialog's partial field is used. */
  partial?: boolean;
}
export type RecipePaymentField = 'payment_type' | 'operator_id' | 'phone' | 'amount' | 'recettes_id';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Spec 001 section 5 'Recipe payment', in order: a payment mode; mobile money needs an operator and
 * a phone; each amount above 0 and at most what remains of its recipe; the driver's balance only
 * for recipes that are not expected (section 4). Answers the first failure, or null.
 */
export function recipePaymentError(d: RecipePaymentDraft): { field: RecipePaymentField; message: string } | null {
  if (d.recipes.length === 0) return { field: 'recettes_id', message: M.chooseRecipes };
  if (blank(d.payment_type) || !(RECIPE_PAYMENT_TYPES as readonly string[]).includes(String(d.payment_type))) return { field: 'payment_type', message: M.requiredFields };
  if (d.payment_type === 'mobile_money') {
    if (blank(d.operator_id)) return { field: 'operator_id', message: M.requiredFields };
    if (blank(d.phone)) return { field: 'phone', message: M.requiredFields };
  }
  for (const r of d.recipes) {
    if (r.amount === undefined || r.amount === null) continue; // the whole remainder
    const amount = typeof r.amount === 'string' ? Number(r.amount.trim() || NaN) : r.amount;
    if (!Number.isFinite(amount) || amount <= 0) return { field: 'amount', message: M.requiredFields };
    if (amount > r.remaining + 1e-9) return { field: 'amount', message: M.amountAboveRemaining };
  }
  if (d.payment_type === 'sold' && d.recipes.some((r) => r.kind === 'expected')) return { field: 'payment_type', message: M.soldNotForExpected };
  return null;
}

// ---------------------------------------------------------------- read model

export const ZRecipeDriverRef = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  image: z.string().nullable(),
  yango_linked: z.boolean().describe('Linked to a Yango profile: the recipe can be collected from his Yango balance'),
});
export const ZRecipeVehicleRef = z.object({ id: z.string(), label: z.string().nullable(), registration_number: z.string(), brand: z.string().nullable(), model: z.string().nullable() });

/**
 * A recipe. Amounts in the park currency. amount = objective; actual_recipe = actualRecipe = what
 * was collected; toEncaiss = objective - collected. status: 'paid' once fully paid, 'partially'
 * while 0 < collected < objective, else 'not_collected'.
 */
export const ZRecipe = z.object({
  id: z.string(),
  kind: z.enum(RECIPE_KINDS),
  date: z.string().describe('yyyy-MM-ddT00:00:00: the recipe day, in the park time zone'),
  period_start: z.string().describe('yyyy-MM-dd'),
  period_end: z.string().describe('yyyy-MM-dd'),
  frequency: z.string().nullable(),
  collection_type: z.enum(COLLECTION_TYPES).nullable(),
  objective: z.number(),
  amount: z.number(),
  actual_recipe: z.number(),
  actualRecipe: z.number(),
  toEncaiss: z.number(),
  salary_amount: z.number(),
  isPaid: z.boolean(),
  status: z.enum(RECIPE_STATUSES),
  salary_is_paid: z.boolean(),
  driver: ZRecipeDriverRef,
  vehicle: ZRecipeVehicleRef.nullable(),
  deleted_at: z.string().nullable(),
  delete_comment: z.string().nullable(),
  comment: z.string().nullable(),
});
export type TRecipe = z.infer<typeof ZRecipe>;

export const ZRecipePayment = z.object({ id: z.string(), amount: z.number(), method: z.enum(RECIPE_PAYMENT_METHODS), created_at: z.string() });
export const ZRecipeWithPayments = ZRecipe.extend({ payments: z.array(ZRecipePayment) });
export type TRecipeWithPayments = z.infer<typeof ZRecipeWithPayments>;

export const ZDeletedRecipe = ZRecipe.extend({ deleted_by: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }).nullable() });
export type TDeletedRecipe = z.infer<typeof ZDeletedRecipe>;

/** GET /transaction/recipes/expected-today: today's unpaid expected recipes; total = what remains on them. */
export const ZExpectedToday = z.object({ items: z.array(ZRecipe), total: z.number(), count: z.number() });
export type TExpectedToday = z.infer<typeof ZExpectedToday>;

export const ZRecipeDayGroup = z.object({
  day: z.string().describe('yyyy-MM-dd'),
  label: z.string().describe("Aujourd'hui, Hier ou dd/MM/yyyy"),
  /** Over the whole day (all its unpaid recipes for the filter), not only this page's. */
  total_objective: z.number(),
  total_remaining: z.number(),
  recipes: z.array(ZRecipe),
});
export type TRecipeDayGroup = z.infer<typeof ZRecipeDayGroup>;
export const ZKeysetMeta = z.object({ page: z.number(), itemPerPage: z.number(), has_more: z.boolean() });

/**
 * GET /transaction/unpaid/recipes/history: unpaid recipes, newest day first, a page being
 * itemPerPage recipes (a day may continue on the next page, under the same day key).
 */
export const ZUnpaidHistory = z.object({ items: z.array(ZRecipeDayGroup), meta: ZKeysetMeta, total_remaining: z.number() });
export type TUnpaidHistory = z.infer<typeof ZUnpaidHistory>;

export const ZRecipeHistoryPage = z.object({
  items: z.array(ZRecipeWithPayments),
  /** total is exact up to 10,000 recipes past the page; beyond, total_is_lower_bound says there are more. */
  meta: z.object({ page: z.number(), itemPerPage: z.number(), total: z.number(), total_is_lower_bound: z.boolean(), has_more: z.boolean() }),
});
export type TRecipeHistoryPage = z.infer<typeof ZRecipeHistoryPage>;
export const ZDeletedRecipesPage = z.object({
  items: z.array(ZDeletedRecipe),
  meta: z.object({ page: z.number(), itemPerPage: z.number(), total: z.number() }),
});
export type TDeletedRecipesPage = z.infer<typeof ZDeletedRecipesPage>;

// ---------------------------------------------------------------- queries

const zUuidOf = (message: string) => z.string({ error: message }).trim().regex(UUID, message).transform((s) => s.toLowerCase());
const zId = zUuidOf('Identifiant invalide');
const zDayParam = z
  .string()
  .trim()
  .transform((v) => v.slice(0, 10))
  .pipe(z.string().refine(isCalendarDay, 'Date invalide (format attendu yyyy-MM-dd)'))
  .describe('yyyy-MM-dd (un yyyy-MM-ddTHH:mm:ss est coupé à sa journée)');
const zPage = z.coerce.number().int().min(1).default(1);
const zPerPage = z.coerce.number().int().min(1).max(1000).default(RECIPE_PAGE_SIZE);

export const ZExpectedTodayQuery = z.object({ driver_id: zId.optional(), park_id: z.string().optional() });
export const ZUnpaidHistoryQuery = z.object({
  driver_id: zId.optional(),
  start_date: zDayParam.optional(),
  end_date: zDayParam.optional(),
  page: zPage,
  itemPerPage: zPerPage,
  park_id: z.string().optional(),
});
export type TUnpaidHistoryQuery = z.input<typeof ZUnpaidHistoryQuery>;
export const ZRecipeHistoryQuery = ZUnpaidHistoryQuery.extend({
  vehicle_id: zId.optional(),
  status: z.enum(RECIPE_STATUSES, { error: 'Statut invalide (paid, partially ou not_collected)' }).optional(),
});
export type TRecipeHistoryQuery = z.input<typeof ZRecipeHistoryQuery>;
export const ZDeletedRecipesQuery = z.object({ page: zPage, itemPerPage: zPerPage, driver_id: zId.optional(), park_id: z.string().optional() });

// ---------------------------------------------------------------- bodies

/** An amount as forms send it (number or numeric string), above zero, at most 2 decimals. */
const zPositive = (message: string = M.invalidAmount) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : numeric(v)),
    z.number({ error: message }).finite(message).positive(message).refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, message),
  );
const zOptText = (max: number) => z.string().trim().max(max, `Le texte ne peut pas dépasser ${max} caractères`).optional();
const zOperatorId = z.union([z.string().trim(), z.number().transform(String)]).optional();
const zPaymentType = (types: readonly [string, ...string[]]) => z.enum(types as [TRecipePaymentType, ...TRecipePaymentType[]], { error: M.requiredFields });

const paymentMeans = {
  caisse_id: zUuidOf('Caisse introuvable').optional().describe('Espèces : sans caisse, le compte cash par défaut (ACCESS_CAISSE_CASH)'),
  operator_id: zOperatorId.describe('Mobile money : opérateur (GET /operator)'),
  phone: z.string().trim().optional().describe('Mobile money : numéro du chauffeur'),
  comment: zOptText(1000),
  park_id: z.string().optional(),
};

/** POST /transaction/paid-recipe-expected-today: one recipe, all that remains unless amount says less. */
export const ZPayExpectedInput = z.object({
  recette_id: zUuidOf('Recette introuvable'),
  amount: zPositive().optional(),
  payment_type: zPaymentType(['cash', 'mobile_money']),
  ...paymentMeans,
});
export type TPayExpectedInput = z.input<typeof ZPayExpectedInput>;

/**
 * POST /transaction/accept-cash-payment and /transaction/resolve-debt: whole recipes (recettes_id)
 * and/or parts of recipes (recettes_partials). 'sold' pays only recipes that are not expected.
 */
export const ZPayRecipesInput = z
  .object({
    recettes_id: z.array(zUuidOf('Recette introuvable')).max(500, 'Au plus 500 recettes à la fois').optional(),
    recettes_partials: z
      .array(z.object({ recette_id: zUuidOf('Recette introuvable'), amount: zPositive() }))
      .max(500, 'Au plus 500 recettes à la fois')
      .optional(),
    payment_type: zPaymentType(RECIPE_PAYMENT_TYPES),
    ...paymentMeans,
  })
  .refine((b) => (b.recettes_id?.length ?? 0) + (b.recettes_partials?.length ?? 0) > 0, { message: M.chooseRecipes, path: ['recettes_id'] });
export type TPayRecipesInput = z.input<typeof ZPayRecipesInput>;

/** POST /transaction/exceptional-payment: an unscheduled recipe, collected at once. */
export const ZExceptionalPaymentInput = z.object({
  amount: zPositive(M.requiredFields),
  driver_id: zUuidOf(M.requiredFields),
  vehicle_id: zUuidOf('Véhicule introuvable').optional(),
  payment_type: zPaymentType(RECIPE_PAYMENT_TYPES),
  date: zDayParam.optional().describe("yyyy-MM-dd ou yyyy-MM-ddTHH:mm:ss ; aujourd'hui par défaut"),
  description: zOptText(1000),
  ...paymentMeans,
});
export type TExceptionalPaymentInput = z.input<typeof ZExceptionalPaymentInput>;

/** POST /park/create-driver-account-history: a debt put on a driver ('Chauffeur endetté'). */
export const ZDebtInput = z.object({
  driver_id: zUuidOf(M.requiredFields),
  vehicle_id: zUuidOf(M.requiredFields),
  date: z.preprocess((v) => (blank(v) ? undefined : v), zDayParam.optional()).refine((v) => v !== undefined, M.requiredFields),
  objective: zPositive(M.requiredFields),
  salary_amount: z.preprocess((v) => (blank(v) ? undefined : numeric(v)), z.number({ error: M.invalidAmount }).min(0, M.invalidAmount).optional()),
  comment: zOptText(1000),
  park_id: z.string().optional(),
});
export type TDebtInput = z.input<typeof ZDebtInput>;

/**
 * PUT /park/manage-recipe: the objective's new value (amount), or with reduce true how much to
 * take off it (the dialog's decrease mode). reduce_salary: the new salary amount, when given.
 * driver_account_id (the spec's other way to name a recipe) is read as recette_id.
 */
export const ZManageRecipeInput = z
  .object({
    recette_id: zUuidOf('Recette introuvable').optional(),
    driver_account_id: zUuidOf('Recette introuvable').optional(),
    amount: zPositive(M.invalidAmount),
    reduce: z.preprocess((v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v), z.boolean().optional()),
    reduce_salary: z.preprocess((v) => (blank(v) || typeof v === 'boolean' ? undefined : numeric(v)), z.number({ error: M.invalidAmount }).min(0, M.invalidAmount).optional()),
    park_id: z.string().optional(),
  })
  .refine((b) => b.recette_id || b.driver_account_id, { message: 'Recette introuvable', path: ['recette_id'] })
  .transform(({ driver_account_id, ...b }) => ({ ...b, recette_id: (b.recette_id ?? driver_account_id) as string }));
export type TManageRecipeInput = z.input<typeof ZManageRecipeInput>;

/** POST /driver/change-driver-on-recipe. */
export const ZChangeRecipeDriverInput = z.object({
  recipe_id: zUuidOf('Recette introuvable'),
  driver_id: zUuidOf(M.chooseDriver),
  park_id: z.string().optional(),
});
export type TChangeRecipeDriverInput = z.input<typeof ZChangeRecipeDriverInput>;

/** DELETE /park/delete-recipe/{id}: the reason, longer than 1 character. */
export const ZDeleteRecipeInput = z.object({
  comment: z.string({ error: M.deleteReason }).trim().min(RECIPE_DELETE_COMMENT_MIN, M.deleteReason).max(500, 'Le motif ne peut pas dépasser 500 caractères'),
  park_id: z.string().optional(),
});
export type TDeleteRecipeInput = z.input<typeof ZDeleteRecipeInput>;

// ---------------------------------------------------------------- answers of the mutations

/** Cash or sold: the recipes as they are now. Mobile money: the validation card's data. */
export const ZRecipeAnswer = z.object({ recipe: ZRecipe });
export const ZRecipesAnswer = z.object({ recipes: z.array(ZRecipe) });
export const ZRecipeValidationAnswer = z.object({ validation: ZTransactionValidation });
export type TRecipesAnswer = z.infer<typeof ZRecipesAnswer>;
export type TRecipeValidationAnswer = { validation: TTransactionValidation };
