import type { Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { RECIPE_DEFAULTS, ZRecipeConfig, type TRecipeConfigParsed, type TRecipeConfigView } from '@flotte/contract/vehicles';

/**
 * The automatic revenue form (wizard step 3 and the 'recipe' update), validated by the contract's
 * ZRecipeConfig. Defaults of spec 000 section 9: collected daily at 20:30, cash or mobile money.
 */
export interface RecipeFormValues {
  manage_in_vtc: boolean;
  collection_method: 'cash' | 'mobile_money' | 'both';
  collection_type: 'recipe_objective' | 'without_recipe_objective' | 'yango_recipe';
  amount: number | null;
  salary_amount: number | null;
  freequency: 'daily' | 'weekly' | 'monthly';
  monthly_day: string | null;
  collect_day: string | null;
  collect_time: string;
}

export const RECIPE_FIELDS = ['manage_in_vtc', 'collection_method', 'collection_type', 'amount', 'salary_amount', 'freequency', 'monthly_day', 'collect_day', 'collect_time'] as const;

export function recipeDefaults(): RecipeFormValues {
  return {
    manage_in_vtc: true,
    collection_method: RECIPE_DEFAULTS.collection_method,
    collection_type: 'recipe_objective',
    amount: null,
    salary_amount: null,
    freequency: RECIPE_DEFAULTS.freequency,
    monthly_day: null,
    collect_day: null,
    collect_time: RECIPE_DEFAULTS.collect_time,
  };
}

const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

export function recipeFromView(view: TRecipeConfigView): RecipeFormValues {
  const freequency = (FREQUENCIES as readonly string[]).includes(view.freequency) ? (view.freequency as RecipeFormValues['freequency']) : 'daily';
  return {
    manage_in_vtc: view.manage_in_vtc,
    collection_method: view.collection_method,
    collection_type: view.collection_type,
    amount: view.amount,
    salary_amount: view.salary_amount,
    freequency,
    monthly_day: view.monthly_day != null ? String(view.monthly_day) : null,
    collect_day: view.collect_day != null ? String(view.collect_day) : null,
    collect_time: view.collect_time || RECIPE_DEFAULTS.collect_time,
  };
}

export const COLLECTION_METHOD_LABELS = { cash: 'Espèces', mobile_money: 'Mobile money', both: 'Espèces et mobile money' } as const;
export const COLLECTION_TYPE_LABELS = {
  recipe_objective: 'Objectif de recette',
  without_recipe_objective: 'Sans objectif',
  yango_recipe: 'Recette Yango',
} as const;
/** 'Recette Yango' stays disabled until the park's Yango connection is saved (company page). */
export const YANGO_NOT_CONFIGURED = "Yango n'est pas encore configuré pour ce parc";
/** A Yango recipe has no objective to type: it is the driver's Yango revenue of the period. */
export const YANGO_OBJECTIVE_TEXT =
  "Pas d'objectif à saisir : à l'heure de collecte, l'objectif de la recette est le revenu Yango du chauffeur sur la période, relevé chez Yango.";
export const FREQUENCY_LABELS: Record<string, string> = { daily: 'Journalière', weekly: 'Hebdomadaire', monthly: 'Mensuelle', hourly: 'Horaire' };
/** 'par jour' for an objective of 15,000 XAF par jour. */
export const FREQUENCY_PERIOD: Record<string, string> = { daily: 'par jour', weekly: 'par semaine', monthly: 'par mois', hourly: 'par heure' };

/** The schema's input is `unknown` (it coerces multipart strings): typed here with the form's shape. */
export const recipeResolver: Resolver<RecipeFormValues, unknown, TRecipeConfigParsed> = zodResolver(
  ZRecipeConfig as unknown as ZodType<TRecipeConfigParsed, RecipeFormValues>,
);
