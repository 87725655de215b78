import type { TRecipe } from '@flotte/contract/recipes';

/** A recipe for the unit tests: an expected one of 10,000, nothing collected, unless told otherwise. */
export function recipe(over: Partial<TRecipe> & { id: string }): TRecipe {
  const objective = over.objective ?? 10_000;
  const collected = over.actual_recipe ?? 0;
  return {
    kind: 'expected',
    date: '2026-03-14T00:00:00',
    period_start: '2026-03-14',
    period_end: '2026-03-14',
    frequency: 'daily',
    collection_type: 'recipe_objective',
    objective,
    amount: objective,
    actual_recipe: collected,
    actualRecipe: collected,
    toEncaiss: objective - collected,
    salary_amount: 0,
    isPaid: false,
    status: collected > 0 ? 'partially' : 'not_collected',
    salary_is_paid: false,
    driver: { id: 'd1', first_name: 'Awa', last_name: 'Koné', image: null, yango_linked: false },
    vehicle: { id: 'v1', label: null, registration_number: 'LT-777-ZZ', brand: 'Toyota', model: 'Corolla' },
    deleted_at: null,
    delete_comment: null,
    comment: null,
    ...over,
  };
}
