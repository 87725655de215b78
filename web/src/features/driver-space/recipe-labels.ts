import type { TRecipe } from '@flotte/contract';

/** What each of his recipes is, in his words (the park's screens say 'Recette attendue' too). */
export const RECIPE_KIND_LABELS: Record<TRecipe['kind'], string> = {
  expected: 'Recette du jour',
  unscheduled: 'Recette non programmée',
  debt: 'Dette',
  contract: 'Échéance de contrat',
};
