import { OPERATION_MESSAGES } from '@flotte/contract/operations';
import { mobileMoneyPayerError } from '@flotte/contract/payins';
import {
  RECIPE_COLLECTION_MESSAGES,
  RECIPE_PAYMENT_METHOD_LABELS,
  RECIPE_PAYMENT_TYPES,
  recipePaymentError,
  type RecipePaymentDraft,
  type RecipePaymentField,
  type TPayExpectedInput,
  type TPayRecipesInput,
  type TRecipe,
  type TRecipePaymentMethod,
  type TRecipePaymentType,
} from '@flotte/contract/recipes';
import { CASH_OPTION } from '../operations/fund-movement-form.ts';

/**
 * The recipe payment dialog 'Règlement complet/partiel des recettes' (spec 001 sections 2.6, 4, 5):
 * which payment modes a selection allows, the checks (the contract's `recipePaymentError`, the one
 * the server runs, then the caisse and phone rules), which route pays it and the body sent.
 */

export type PaymentRecipe = Pick<TRecipe, 'id' | 'kind' | 'date' | 'objective' | 'toEncaiss' | 'collection_type'>;

export interface RecipePaymentValues {
  /** 'yango': a debit of the driver's Yango balance (its own route, see features/yango). */
  payment_type: TRecipePaymentMethod | null;
  /** A caisse id, CASH_OPTION for the default cash account, or null (= the default with ACCESS_CAISSE_CASH). */
  caisse: string | null;
  operator_id: string | null;
  phone: string;
  /** Pays only `amount` instead of everything that remains. */
  partial: boolean;
  amount: number | null;
  comment: string;
}

export const emptyPaymentValues = (): RecipePaymentValues => ({ payment_type: 'cash', caisse: null, operator_id: null, phone: '', partial: false, amount: null, comment: '' });

export const PAYMENT_DIALOG_TITLE = RECIPE_COLLECTION_MESSAGES.paymentDialogTitle;

/**
 * Payment modes for a selection: cash always; the driver's balance (sold) only when no selected
 * recipe is an expected one (spec 001 sections 4 and 9); mobile money when the recipes are one
 * driver's (one request goes to one phone); 'Solde Yango' (issue 21) for one recipe whose driver
 * is linked to Yango (`yango`, which the caller knows).
 */
export function availablePaymentTypes(recipes: readonly Pick<TRecipe, 'kind' | 'driver'>[], opts: { yango?: boolean } = {}): TRecipePaymentMethod[] {
  const expected = recipes.some((r) => r.kind === 'expected');
  const drivers = new Set(recipes.map((r) => r.driver.id));
  const types: TRecipePaymentMethod[] = RECIPE_PAYMENT_TYPES.filter((t) => (t === 'sold' ? !expected : t === 'mobile_money' ? drivers.size <= 1 : true));
  return opts.yango && recipes.length === 1 ? [...types, 'yango'] : types;
}

export const paymentTypeOptions = (types: readonly TRecipePaymentMethod[]) => types.map((t) => ({ value: t, label: RECIPE_PAYMENT_METHOD_LABELS[t] }));

/** A mode the selection no longer allows falls back to cash. */
export function keepAvailable(values: RecipePaymentValues, types: readonly TRecipePaymentMethod[]): RecipePaymentValues {
  return values.payment_type && !types.includes(values.payment_type) ? { ...values, payment_type: 'cash' } : values;
}

/**
 * A recipe whose objective is set by what is collected (without_recipe_objective, objective still
 * 0): nothing "remains" on it, so its payment always names an amount, with no upper bound.
 */
export const isOpenEnded = (r: Pick<TRecipe, 'objective' | 'collection_type'>) => r.collection_type === 'without_recipe_objective' && r.objective === 0;

/** The amount must be typed: a partial payment, or a selection holding an open-ended recipe. */
export const needsAmount = (values: Pick<RecipePaymentValues, 'partial'>, recipes: readonly PaymentRecipe[]) => values.partial || recipes.some(isOpenEnded);

const cents = (v: number) => Math.round(v * 100);

/** What the selection can take at most (Infinity with an open-ended recipe). */
export function paymentCapacity(recipes: readonly PaymentRecipe[]): number {
  if (recipes.some(isOpenEnded)) return Number.POSITIVE_INFINITY;
  return recipes.reduce((s, r) => s + cents(r.toEncaiss), 0) / 100;
}

/**
 * Spreads an amount over the selection, oldest recipe first, each up to what remains on it; what is
 * left goes to the first open-ended recipe. Recipes the amount doesn't reach are left out.
 */
export function allocate(recipes: readonly PaymentRecipe[], amount: number): { recette_id: string; amount: number }[] {
  let left = cents(amount);
  const byAge = [...recipes].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const out = new Map<string, number>();
  for (const r of byAge) {
    if (left <= 0) break;
    if (isOpenEnded(r)) continue;
    const take = Math.min(left, cents(r.toEncaiss));
    if (take > 0) {
      out.set(r.id, take);
      left -= take;
    }
  }
  const open = byAge.find(isOpenEnded);
  if (left > 0 && open) out.set(open.id, left);
  return byAge.filter((r) => out.has(r.id)).map((r) => ({ recette_id: r.id, amount: out.get(r.id)! / 100 }));
}

/** What `recipePaymentError` is given: each recipe with what remains and, when typed, its part of the amount. */
export function paymentDraft(values: RecipePaymentValues, recipes: readonly PaymentRecipe[]): RecipePaymentDraft {
  const means = { payment_type: values.payment_type, operator_id: values.operator_id, phone: values.phone };
  const remainingOf = (r: PaymentRecipe) => (isOpenEnded(r) ? Number.POSITIVE_INFINITY : r.toEncaiss);
  if (!needsAmount(values, recipes)) return { ...means, recipes: recipes.map((r) => ({ kind: r.kind, remaining: remainingOf(r) })) };
  if (recipes.length === 1) {
    const r = recipes[0]!;
    // An empty amount is sent as '' so the check reads it as missing, not as "all that remains".
    return { ...means, partial: true, recipes: [{ kind: r.kind, remaining: remainingOf(r), amount: values.amount ?? '' }] };
  }
  const capacity = paymentCapacity(recipes);
  const amount = values.amount;
  if (amount === null || !Number.isFinite(amount) || amount <= 0 || amount > capacity + 1e-9) {
    // One line for the whole selection: the check then says 'required' or 'above what remains'.
    return { ...means, partial: true, recipes: [{ kind: recipes.some((r) => r.kind === 'expected') ? 'expected' : recipes[0]?.kind, remaining: capacity, amount: amount ?? '' }] };
  }
  const kinds = new Map(recipes.map((r) => [r.id, r]));
  return {
    ...means,
    partial: true,
    recipes: allocate(recipes, amount).map((a) => ({ kind: kinds.get(a.recette_id)!.kind, remaining: remainingOf(kinds.get(a.recette_id)!), amount: a.amount })),
  };
}

export type PaymentField = RecipePaymentField | 'caisse_id';

/**
 * The first failure the dialog shows as an error toast, or null: the contract's checks (a mode;
 * operator and phone for mobile money; an amount above 0 and at most what remains; no driver
 * balance for an expected recipe), then the phone's format and the caisse (without
 * ACCESS_CAISSE_CASH a named caisse must be chosen, as for any operation).
 */
export function paymentError(values: RecipePaymentValues, recipes: readonly PaymentRecipe[], opts: { cashAccess: boolean }): { field: PaymentField; message: string } | null {
  const failed = recipePaymentError(paymentDraft(values, recipes));
  if (failed) return failed;
  if (values.payment_type === 'mobile_money') {
    const phone = mobileMoneyPayerError({ operator_id: values.operator_id, phone: values.phone });
    if (phone) return { field: 'phone', message: phone };
  }
  if (values.payment_type === 'cash' && !opts.cashAccess && (!values.caisse || values.caisse === CASH_OPTION)) return { field: 'caisse_id', message: OPERATION_MESSAGES.caisse };
  return null;
}

/**
 * Which call pays the selection: one expected recipe goes to paid-recipe-expected-today (the spec's
 * "expected recipe payment"), the driver dialog's 'Encaisser manuellement' to accept-cash-payment,
 * anything else to resolve-debt.
 */
export type PaymentRoute = 'expected' | 'resolve-debt' | 'accept-cash-payment';

export function paymentRoute(recipes: readonly Pick<TRecipe, 'kind'>[], source: 'unpaid' | 'manual'): PaymentRoute {
  if (source === 'manual') return 'accept-cash-payment';
  return recipes.length === 1 && recipes[0]!.kind === 'expected' ? 'expected' : 'resolve-debt';
}

function means(values: RecipePaymentValues) {
  // A Yango debit has its own route (features/yango): these routes never see 'yango'.
  const type: TRecipePaymentType = values.payment_type === null || values.payment_type === 'yango' ? 'cash' : values.payment_type;
  return {
    payment_type: type,
    caisse_id: type === 'cash' && values.caisse && values.caisse !== CASH_OPTION ? values.caisse : undefined,
    operator_id: type === 'mobile_money' ? (values.operator_id ?? undefined) : undefined,
    phone: type === 'mobile_money' ? values.phone.trim() || undefined : undefined,
    comment: values.comment.trim() || undefined,
  };
}

/** The body of the route: whole recipes by id, or the typed amount spread over them. */
export function paymentBody(values: RecipePaymentValues, recipes: readonly PaymentRecipe[], route: PaymentRoute): TPayExpectedInput | TPayRecipesInput {
  const typed = needsAmount(values, recipes) && values.amount !== null;
  if (route === 'expected') {
    const m = means(values);
    return { recette_id: recipes[0]!.id, amount: typed ? values.amount! : undefined, ...m, payment_type: m.payment_type === 'sold' ? 'cash' : m.payment_type };
  }
  return typed ? { recettes_partials: allocate(recipes, values.amount!), ...means(values) } : { recettes_id: recipes.map((r) => r.id), ...means(values) };
}

/** A mobile-money payment answers the validation card's data instead of the recipes. */
export function validationOf<T>(answer: unknown): T | null {
  if (answer && typeof answer === 'object' && 'validation' in answer) return (answer as { validation: T }).validation;
  return null;
}
