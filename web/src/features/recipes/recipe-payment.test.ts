import { describe, expect, it } from 'vitest';
import { OPERATION_MESSAGES } from '@flotte/contract/operations';
import { RECIPE_COLLECTION_MESSAGES as M } from '@flotte/contract/recipes';
import { CASH_OPTION } from '../operations/fund-movement-form.ts';
import { recipe } from './recipe-fixtures.ts';
import {
  allocate,
  availablePaymentTypes,
  emptyPaymentValues,
  keepAvailable,
  paymentBody,
  paymentCapacity,
  paymentError,
  paymentRoute,
  validationOf,
  type RecipePaymentValues,
} from './recipe-payment.ts';

const CAISSE = '01a20413-6454-7e59-b6cc-68e9af825598';
const values = (over: Partial<RecipePaymentValues> = {}): RecipePaymentValues => ({ ...emptyPaymentValues(), caisse: CAISSE, ...over });
const error = (v: RecipePaymentValues, recipes = [recipe({ id: 'a' })], cashAccess = false) => paymentError(v, recipes, { cashAccess })?.message ?? null;

const expected = recipe({ id: 'e', objective: 10_000, actual_recipe: 4000 });
const debt = recipe({ id: 'd', kind: 'debt', date: '2026-03-10T00:00:00', objective: 3000 });
const unscheduled = recipe({ id: 'u', kind: 'unscheduled', date: '2026-03-12T00:00:00', objective: 5000 });

describe('payment modes', () => {
  it("offers the driver's balance only when no selected recipe is expected", () => {
    expect(availablePaymentTypes([debt, unscheduled])).toEqual(['cash', 'sold', 'mobile_money']);
    expect(availablePaymentTypes([debt, expected])).toEqual(['cash', 'mobile_money']);
  });

  it("offers mobile money only for one driver's recipes (one request to one phone)", () => {
    const other = recipe({ id: 'x', kind: 'debt', driver: { id: 'd2', first_name: 'Ibrahim', last_name: 'Diallo', image: null, yango_linked: false } });
    expect(availablePaymentTypes([debt, other])).toEqual(['cash', 'sold']);
  });

  it("offers the driver's Yango balance for one recipe of a driver linked to Yango only", () => {
    expect(availablePaymentTypes([expected], { yango: true })).toEqual(['cash', 'mobile_money', 'yango']);
    expect(availablePaymentTypes([expected])).toEqual(['cash', 'mobile_money']);
    expect(availablePaymentTypes([debt, unscheduled], { yango: true })).toEqual(['cash', 'sold', 'mobile_money']);
    expect(keepAvailable(values({ payment_type: 'yango' }), ['cash', 'mobile_money']).payment_type).toBe('cash');
  });

  it('falls back to cash when the selection no longer allows the chosen mode', () => {
    expect(keepAvailable(values({ payment_type: 'sold' }), ['cash', 'mobile_money']).payment_type).toBe('cash');
    expect(keepAvailable(values({ payment_type: 'mobile_money' }), ['cash', 'mobile_money']).payment_type).toBe('mobile_money');
  });
});

describe('the checks before paying (spec 001 section 5)', () => {
  it('needs a mode, then an operator and a phone for mobile money', () => {
    expect(error(values({ payment_type: null }))).toBe(M.requiredFields);
    expect(error(values({ payment_type: 'mobile_money' }))).toBe(M.requiredFields);
    expect(error(values({ payment_type: 'mobile_money', operator_id: '2' }))).toBe(M.requiredFields);
    expect(error(values({ payment_type: 'mobile_money', operator_id: '2', phone: '12' }))).toBe('Format de numéro de téléphone invalide');
    expect(error(values({ payment_type: 'mobile_money', operator_id: '2', phone: '+2250701020304' }))).toBeNull();
  });

  it('takes a partial amount above 0 and at most what remains of the recipe', () => {
    expect(error(values({ partial: true, amount: null }), [expected])).toBe(M.requiredFields);
    expect(error(values({ partial: true, amount: 0 }), [expected])).toBe(M.requiredFields);
    expect(error(values({ partial: true, amount: 6000.01 }), [expected])).toBe(M.amountAboveRemaining);
    expect(error(values({ partial: true, amount: 6000 }), [expected])).toBeNull();
    expect(error(values({ partial: true, amount: 0.5 }), [expected])).toBeNull();
  });

  it('spreads a partial amount over several recipes, at most what remains on them all', () => {
    expect(paymentCapacity([debt, unscheduled])).toBe(8000);
    expect(error(values({ partial: true, amount: 8000.5 }), [debt, unscheduled])).toBe(M.amountAboveRemaining);
    expect(error(values({ partial: true, amount: 8000 }), [debt, unscheduled])).toBeNull();
    expect(error(values({ partial: true, amount: -1 }), [debt, unscheduled])).toBe(M.requiredFields);
  });

  it('wants a caisse for cash unless the person has ACCESS_CAISSE_CASH', () => {
    expect(error(values({ caisse: null }))).toBe(OPERATION_MESSAGES.caisse);
    expect(error(values({ caisse: CASH_OPTION }))).toBe(OPERATION_MESSAGES.caisse);
    expect(error(values({ caisse: null }), undefined, true)).toBeNull();
    expect(error(values({ caisse: null, payment_type: 'sold' }), [debt])).toBeNull();
  });

  it("refuses the driver's balance for an expected recipe", () => {
    expect(error(values({ payment_type: 'sold' }), [expected])).toBe(M.soldNotForExpected);
  });

  it('always asks the amount of a recipe whose objective is set by what is collected', () => {
    const open = recipe({ id: 'o', collection_type: 'without_recipe_objective', objective: 0 });
    expect(error(values(), [open])).toBe(M.requiredFields);
    expect(error(values({ amount: 25_000 }), [open])).toBeNull();
    expect(paymentBody(values({ amount: 25_000 }), [open], 'expected')).toMatchObject({ recette_id: 'o', amount: 25_000 });
  });
});

describe('the call and its body', () => {
  it('pays one expected recipe through paid-recipe-expected-today, the rest through resolve-debt, the driver dialog through accept-cash-payment', () => {
    expect(paymentRoute([expected], 'unpaid')).toBe('expected');
    expect(paymentRoute([expected, debt], 'unpaid')).toBe('resolve-debt');
    expect(paymentRoute([debt], 'unpaid')).toBe('resolve-debt');
    expect(paymentRoute([expected], 'manual')).toBe('accept-cash-payment');
  });

  it('sends all that remains by default, the typed amount for a partial payment', () => {
    expect(paymentBody(values({ comment: '  reçu  ' }), [expected], 'expected')).toEqual({
      recette_id: 'e',
      amount: undefined,
      payment_type: 'cash',
      caisse_id: CAISSE,
      operator_id: undefined,
      phone: undefined,
      comment: 'reçu',
    });
    expect(paymentBody(values({ partial: true, amount: 2500 }), [expected], 'expected')).toMatchObject({ recette_id: 'e', amount: 2500 });
    expect(paymentBody(values({ caisse: CASH_OPTION }), [debt, unscheduled], 'resolve-debt')).toMatchObject({ recettes_id: ['d', 'u'], caisse_id: undefined });
  });

  it('spreads a partial amount oldest recipe first', () => {
    expect(allocate([unscheduled, debt], 4000.5)).toEqual([
      { recette_id: 'd', amount: 3000 },
      { recette_id: 'u', amount: 1000.5 },
    ]);
    expect(allocate([unscheduled, debt], 2000)).toEqual([{ recette_id: 'd', amount: 2000 }]);
    expect(paymentBody(values({ partial: true, amount: 4000 }), [unscheduled, debt], 'resolve-debt')).toMatchObject({
      recettes_partials: [
        { recette_id: 'd', amount: 3000 },
        { recette_id: 'u', amount: 1000 },
      ],
    });
  });

  it('sends operator and phone only for mobile money, and reads the validation card from the answer', () => {
    const body = paymentBody(values({ payment_type: 'mobile_money', operator_id: '3', phone: ' +2250701020304 ' }), [debt], 'resolve-debt');
    expect(body).toMatchObject({ payment_type: 'mobile_money', operator_id: '3', phone: '+2250701020304', caisse_id: undefined });
    expect(validationOf({ validation: { transaction_id: 't' } })).toEqual({ transaction_id: 't' });
    expect(validationOf({ recipes: [] })).toBeNull();
  });
});
