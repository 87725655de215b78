import { describe, expect, it } from 'vitest';
import type { Permission } from '@flotte/contract';
import { OPERATION_MESSAGES } from '@flotte/contract/operations';
import { RECIPE_COLLECTION_MESSAGES as M } from '@flotte/contract/recipes';
import { recipe } from './recipe-fixtures.ts';
import { changeDriverError, decreasedObjective, decreaseError, deleteError, recipeAbilities } from './recipe-actions.ts';
import { debtBody, exceptionalBody, exceptionalDefaults, exceptionalError, exceptionalModes, type ExceptionalValues } from './exceptional-payment.ts';
import { collectedPercent, dayText, isCollectable, periodText, RECIPE_STATUS_BADGES, recipeVehicleName } from './recipe-display.ts';

const holding = (...held: Permission[]) => (p: Permission) => held.includes(p);

describe('the recipe collection dialog actions (spec 001 section 5 "Recipe actions")', () => {
  it('gives each action its permission, and nothing without ENCAISSER', () => {
    expect(recipeAbilities(holding('ENCAISSER'))).toEqual({ collect: true, decrease: false, changeDriver: false, delete: false });
    expect(recipeAbilities(holding('ENCAISSER', 'MANAGE_AND_UPDATE_RECIPE', 'DELETE_OR_CANCEL_RECIPE'))).toEqual({ collect: true, decrease: true, changeDriver: true, delete: true });
    expect(recipeAbilities(holding('MANAGE_AND_UPDATE_RECIPE')).collect).toBe(false);
  });

  it('decreases the objective by a nonzero amount, never below what was collected', () => {
    const r = recipe({ id: 'a', objective: 10_000, actual_recipe: 4000 });
    expect(decreaseError(r, 0)).toBe(M.invalidAmount);
    expect(decreaseError(r, null)).toBe(M.invalidAmount);
    expect(decreaseError(r, 6000.01)).toBe(M.objectiveBelowCollected);
    expect(decreaseError(r, 6000)).toBeNull();
    expect(decreasedObjective(r, 2500.5)).toBe(7499.5);
  });

  it('deletes with a reason longer than 1 character, and changes to another driver', () => {
    expect(deleteError(' a ')).toBe(M.deleteReason);
    expect(deleteError('ok')).toBeNull();
    expect(changeDriverError(null, 'd1')).toBe(M.chooseDriver);
    expect(changeDriverError('d1', 'd1')).toBe(M.sameDriver);
    expect(changeDriverError('d2', 'd1')).toBeNull();
  });
});

describe('exceptional payment, unscheduled recipe, debt (spec 001 section 5 "Exceptional payment")', () => {
  const CAISSE = '01a20413-6454-7e59-b6cc-68e9af825598';
  const v = (over: Partial<ExceptionalValues>): ExceptionalValues => ({ ...exceptionalDefaults('exceptional', '2026-03-14'), caisse: CAISSE, ...over });
  const err = (values: ExceptionalValues, cashAccess = false) => exceptionalError(values, { cashAccess });

  it('offers the payments with ENCAISSER and the debt with MANAGE_DRIVER_VEHICLE', () => {
    expect(exceptionalModes(holding('ENCAISSER'))).toEqual(['exceptional', 'unscheduled']);
    expect(exceptionalModes(holding('MANAGE_DRIVER_VEHICLE'))).toEqual(['debt']);
  });

  it('needs an amount above 0 and a driver', () => {
    expect(err(v({ driver_id: 'd', amount: 0 }))).toBe(M.requiredFields);
    expect(err(v({ amount: 5000 }))).toBe(M.requiredFields);
    expect(err(v({ driver_id: 'd', amount: 5000 }))).toBeNull();
  });

  it('needs a date and a vehicle for an unscheduled recipe, and for a debt', () => {
    expect(err(v({ mode: 'unscheduled', driver_id: 'd', amount: 5000 }))).toBe(M.requiredFields);
    expect(err(v({ mode: 'unscheduled', driver_id: 'd', amount: 5000, vehicle_id: 'v', date: null }))).toBe(M.requiredFields);
    expect(err(v({ mode: 'unscheduled', driver_id: 'd', amount: 5000, vehicle_id: 'v' }))).toBeNull();
    expect(err(v({ mode: 'debt', driver_id: 'd', amount: 5000 }))).toBe(M.requiredFields);
    expect(err(v({ mode: 'debt', driver_id: 'd', amount: 5000, vehicle_id: 'v', caisse: null }))).toBeNull();
  });

  it('checks the payment means: operator and phone for mobile money, a caisse for cash', () => {
    expect(err(v({ driver_id: 'd', amount: 5000, payment_type: 'mobile_money' }))).toBe(M.requiredFields);
    expect(err(v({ driver_id: 'd', amount: 5000, payment_type: 'mobile_money', operator_id: '1', phone: '+2250701020304' }))).toBeNull();
    expect(err(v({ driver_id: 'd', amount: 5000, caisse: null }))).toBe(OPERATION_MESSAGES.caisse);
    expect(err(v({ driver_id: 'd', amount: 5000, caisse: null }), true)).toBeNull();
  });

  it('builds the bodies of the two calls', () => {
    const values = v({ mode: 'unscheduled', driver_id: 'd', vehicle_id: 'v', amount: 5000, description: ' lavage ' });
    expect(exceptionalBody(values)).toMatchObject({ amount: 5000, driver_id: 'd', vehicle_id: 'v', date: '2026-03-14', payment_type: 'cash', caisse_id: CAISSE, description: 'lavage' });
    expect(debtBody({ ...values, mode: 'debt', salary_amount: 1000 })).toEqual({ driver_id: 'd', vehicle_id: 'v', date: '2026-03-14', objective: 5000, salary_amount: 1000, comment: 'lavage' });
  });
});

describe('how a recipe reads', () => {
  it('has the badges Payé, Partiel, Non encaissé and shows paid ones as reached', () => {
    expect(Object.values(RECIPE_STATUS_BADGES).map((b) => b.label)).toEqual(['Payé', 'Partiel', 'Non encaissé']);
    expect(isCollectable(recipe({ id: 'a', isPaid: true }))).toBe(false);
    expect(isCollectable(recipe({ id: 'a', deleted_at: '2026-03-14T10:00:00' }))).toBe(false);
    expect(collectedPercent(recipe({ id: 'a', isPaid: true, objective: 0 }))).toBe(100);
    expect(collectedPercent(recipe({ id: 'a', objective: 8000, actual_recipe: 2000 }))).toBe(25);
  });

  it('formats days, periods and vehicles', () => {
    expect(dayText('2026-03-14T00:00:00')).toBe('14/03/2026');
    expect(periodText({ period_start: '2026-03-09', period_end: '2026-03-15' })).toBe('du 09/03/2026 au 15/03/2026');
    expect(periodText({ period_start: '2026-03-14', period_end: '2026-03-14' })).toBe('');
    expect(recipeVehicleName({ id: 'v', label: null, registration_number: 'LT-777-ZZ', brand: 'Toyota', model: 'Corolla' })).toBe('LT-777-ZZ · Toyota Corolla');
  });
});
