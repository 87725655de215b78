import { describe, expect, it } from 'vitest';
import { isPartialPayment, recipeDayLabel, recipePaymentError, RECIPE_COLLECTION_MESSAGES as M } from './recipes.ts';

describe('the recipe payment check (dialog and server)', () => {
  const recipe = { kind: 'expected', remaining: 10_000 };
  it('answers the first thing to fix, in the spec order', () => {
    expect(recipePaymentError({ recipes: [] })?.message).toBe(M.chooseRecipes);
    expect(recipePaymentError({ recipes: [recipe] })).toEqual({ field: 'payment_type', message: M.requiredFields });
    expect(recipePaymentError({ payment_type: 'mobile_money', recipes: [recipe] })).toEqual({ field: 'operator_id', message: M.requiredFields });
    expect(recipePaymentError({ payment_type: 'mobile_money', operator_id: 3, recipes: [recipe] })).toEqual({ field: 'phone', message: M.requiredFields });
    expect(recipePaymentError({ payment_type: 'cash', recipes: [{ ...recipe, amount: 0 }] })).toEqual({ field: 'amount', message: M.requiredFields });
    expect(recipePaymentError({ payment_type: 'cash', recipes: [{ ...recipe, amount: 10_000.5 }] })?.message).toBe(M.amountAboveRemaining);
    expect(recipePaymentError({ payment_type: 'sold', recipes: [recipe] })?.message).toBe(M.soldNotForExpected);
    expect(recipePaymentError({ payment_type: 'sold', recipes: [{ kind: 'debt', remaining: 500, amount: '500' }] })).toBeNull();
    expect(recipePaymentError({ payment_type: 'cash', recipes: [recipe] })).toBeNull();
  });

  it('counts a payment as partial beyond 0.01 of what is expected', () => {
    expect(isPartialPayment(99.99, 100)).toBe(false);
    expect(isPartialPayment(99.98, 100)).toBe(true);
  });

  it("labels days Aujourd'hui, Hier or dd/MM/yyyy", () => {
    expect(recipeDayLabel('2026-03-01', '2026-03-01')).toBe("Aujourd'hui");
    expect(recipeDayLabel('2026-02-28', '2026-03-01')).toBe('Hier');
    expect(recipeDayLabel('2025-12-24', '2026-03-01')).toBe('24/12/2025');
  });
});
