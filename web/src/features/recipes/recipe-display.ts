import { RECIPE_COLLECTION_MESSAGES, RECIPE_PAYMENT_TYPE_LABELS, type TRecipe, type TRecipePaymentType, type TRecipeStatus } from '@flotte/contract/recipes';

/**
 * How a recipe reads on the receipts page, in the dialogs and in the exported file. Pure: the
 * unit tests and the export use the same words as the screen.
 */

/** The history's status badge (short words: the column is narrow on a phone). */
export const RECIPE_STATUS_BADGES: Record<TRecipeStatus, { label: string; color: string }> = {
  paid: { label: 'Payé', color: 'teal' },
  partially: { label: 'Partiel', color: 'orange' },
  not_collected: { label: 'Non encaissé', color: 'red' },
};

export const RECIPE_KIND_LABELS: Record<TRecipe['kind'], string> = {
  expected: 'Recette attendue',
  unscheduled: 'Recette non programmée',
  debt: 'Dette',
  contract: 'Échéance de contrat',
};

export const personName = (p: { first_name: string; last_name: string } | null | undefined) => (p ? `${p.last_name} ${p.first_name}`.trim() : '');

/** 'LT-777-ZZ · Toyota Corolla' (or the vehicle's label when it has one). */
export function recipeVehicleName(v: TRecipe['vehicle']): string {
  if (!v) return '';
  const model = [v.brand, v.model].filter(Boolean).join(' ');
  return [v.registration_number, v.label || model].filter(Boolean).join(' · ');
}

/** dd/MM/yyyy of a wire date or a yyyy-MM-dd day, read as it is (the park's calendar day). */
export function dayText(wireOrDay: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(wireOrDay ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** The recipe's day, yyyy-MM-dd. */
export const recipeDay = (r: Pick<TRecipe, 'date'>) => r.date.slice(0, 10);

/** The period it pays for, when it is more than its own day ('du 01/03/2026 au 07/03/2026'). */
export function periodText(r: Pick<TRecipe, 'period_start' | 'period_end'>): string {
  if (!r.period_start || r.period_start === r.period_end) return '';
  return `du ${dayText(r.period_start)} au ${dayText(r.period_end)}`;
}

/** A recipe someone can still collect: neither fully paid nor deleted. A paid one reads 'Objectif atteint'. */
export const isCollectable = (r: Pick<TRecipe, 'isPaid' | 'deleted_at'>) => !r.isPaid && r.deleted_at === null;

export const OBJECTIVE_REACHED = RECIPE_COLLECTION_MESSAGES.objectiveReached;

export function paymentMethodLabel(method: TRecipePaymentType | string): string {
  return RECIPE_PAYMENT_TYPE_LABELS[method as TRecipePaymentType] ?? method;
}

/** Percentage of the objective collected, 0 to 100 (a paid recipe shows 100 %, spec 001 section 4). */
export function collectedPercent(r: Pick<TRecipe, 'objective' | 'actual_recipe' | 'isPaid'>): number {
  if (r.isPaid) return 100;
  if (r.objective <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((r.actual_recipe / r.objective) * 100)));
}
