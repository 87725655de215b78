import { describe, expect, it } from 'vitest';
import { OPERATION_MESSAGES as M } from '@flotte/contract';
import {
  CASH_OPTION,
  firstFundMovementError,
  fundMovementBody,
  fundMovementDefaults,
  fundMovementTitle,
  operationDate,
  toggleComponent,
  withType,
  type FundMovementValues,
} from './fund-movement-form.ts';

const SUB = '01a20413-6454-7e59-b6cc-68e9af825598';
const base = (over: Partial<FundMovementValues> = {}): FundMovementValues => ({ ...fundMovementDefaults({ today: '2026-03-14' }), ...over });
const error = (v: FundMovementValues, cashAccess = false, transactionId?: string) => firstFundMovementError(v, { cashAccess, transactionId })?.message ?? null;

describe('the dialog’s modes and reset', () => {
  it('has the three titles of the spec', () => {
    expect(fundMovementTitle('expense')).toBe('Enregistrer une dépense');
    expect(fundMovementTitle('operation')).toBe('Enregistrer une opération');
    expect(fundMovementTitle(undefined)).toBe('Enregistrez un mouvement de fonds');
  });

  it('resets to a revenue dated today, or to an expense with a transaction or in expense mode', () => {
    expect(fundMovementDefaults({ today: '2026-03-14' })).toMatchObject({ type: 'profit', day: '2026-03-14', sub_account: null, amount: null, components: [] });
    expect(fundMovementDefaults({ today: '2026-03-14', transactionId: 'tx' }).type).toBe('perte');
    expect(fundMovementDefaults({ today: '2026-03-14', mode: 'expense' }).type).toBe('perte');
  });

  it('clears the sub-account when the type changes, and ticks components at 2000', () => {
    const v = withType(base({ sub_account: `recette/${SUB}`, sub_account_code: 'recette' }), 'perte');
    expect(v).toMatchObject({ type: 'perte', sub_account: null, sub_account_code: null });
    const ticked = toggleComponent([], 3);
    expect(ticked).toEqual([{ id: 3, amount: 2000 }]);
    expect(toggleComponent(ticked, 3)).toEqual([]);
  });
});

describe('the 8 checks, in the spec’s order', () => {
  it('names the first missing thing as the form is filled in', () => {
    let v = base({ day: null });
    expect(error(v)).toBe(M.caisse);
    expect(error(v, true)).toBe(M.date); // cash access: the default cash account stands in
    v = { ...v, caisse: 'c1' };
    expect(error(v)).toBe(M.date);
    v = { ...v, day: '2026-03-14' };
    expect(error(v)).toBe(M.amount);
    v = { ...v, amount: 5000 };
    expect(error(v)).toBe(M.subAccount);
    v = { ...v, sub_account: `recette/${SUB}`, sub_account_code: 'recette' };
    expect(error(v)).toBe(M.driverAndVehicle);
    v = { ...v, driver_id: 'd1' };
    expect(error(v)).toBe(M.driverAndVehicle);
    v = { ...v, vehicle_id: 'v1' };
    expect(error(v)).toBeNull();

    const insurance = base({ caisse: 'c1', amount: 1, sub_account: `assurance/${SUB}`, sub_account_code: 'assurance' });
    expect(error(insurance)).toBe(M.vehicle);
    const fuel = base({ caisse: 'c1', amount: 1, sub_account: `carburant/${SUB}`, sub_account_code: 'carburant' });
    expect(error(fuel)).toBe(M.fuelType);
    expect(error({ ...fuel, type_carburant_id: '1' })).toBe(M.litres);
    expect(error({ ...fuel, type_carburant_id: '1', litre_carburant: 20 })).toBeNull();
    const oil = base({ caisse: 'c1', sub_account: `vidange/${SUB}`, sub_account_code: 'vidange' });
    expect(error(oil)).toBe(M.components); // no amount needed: the components make it
    expect(error({ ...oil, components: [{ id: 1, amount: 2000 }] })).toBeNull();
  });

  it('answers the first of several failures, and needs no amount with a transaction', () => {
    expect(error(base({ day: null, amount: null }))).toBe(M.caisse);
    expect(error(base({ caisse: 'c1', amount: 0 }))).toBe(M.amount);
    expect(error(base({ caisse: 'c1', sub_account: `/${SUB}` }), false, 'tx1')).toBeNull();
    expect(error(base({ caisse: CASH_OPTION, amount: 10, sub_account: `/${SUB}` }), true)).toBeNull();
  });
});

describe('the body sent', () => {
  const now = new Date('2026-03-14T15:42:07Z');

  it('dates the operation on the chosen day at the current time in the park’s zone', () => {
    expect(operationDate('2026-03-10', 'Africa/Douala', now)).toBe('2026-03-10T16:42:07');
    expect(operationDate('2026-03-10', 'Africa/Abidjan', now)).toBe('2026-03-10T15:42:07');
  });

  it('sends the sub-account id, no caisse for the cash account, and fuel fields only for fuel', () => {
    const body = fundMovementBody(
      base({ caisse: CASH_OPTION, amount: 15000, sub_account: `carburant/${SUB}`, sub_account_code: 'carburant', type_carburant_id: '2', litre_carburant: 18.5, vehicle_id: 'v1', comment: '  plein  ' }),
      { timeZone: 'Africa/Douala', now },
    );
    expect(body).toMatchObject({ sub_account_id: SUB, caisse_id: undefined, amount: 15000, date: '2026-03-14T16:42:07', type_carburant_id: '2', litre_carburant: 18.5, vehicle_id: 'v1', comment: 'plein' });
    expect(body.car_component).toBeUndefined();
    const other = fundMovementBody(base({ caisse: 'c1', amount: 10, sub_account: `/${SUB}`, type_carburant_id: '2', litre_carburant: 3 }), { timeZone: 'Africa/Douala', now });
    expect(other).toMatchObject({ caisse_id: 'c1', type_carburant_id: undefined, litre_carburant: undefined });
  });

  it('makes a maintenance amount the sum of its components', () => {
    const body = fundMovementBody(
      base({ caisse: 'c1', amount: 999, sub_account: `vidange/${SUB}`, sub_account_code: 'vidange', components: [{ id: 1, amount: 2000 }, { id: 4, amount: 3500 }] }),
      { timeZone: 'Africa/Douala', now },
    );
    expect(body.amount).toBe(5500);
    expect(body.car_component).toEqual([{ id: 1, amount: 2000 }, { id: 4, amount: 3500 }]);
  });
});
