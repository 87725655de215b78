import { describe, expect, it } from 'vitest';
import { driverMoneyFields, hasMoney } from './driver-money.ts';

describe("a driver's money fields", () => {
  it('reads sold, debts, their count and this month, under either count name', () => {
    expect(driverMoneyFields({ sold: 1500, dettes: 12_000.5, nbDettesRecipes: 3, ca_this_month: 90_000 })).toEqual({ sold: 1500, dettes: 12_000.5, nbDettesRecipes: 3, ca_this_month: 90_000 });
    expect(driverMoneyFields({ nb_recipes_not_collected: 2 }).nbDettesRecipes).toBe(2);
  });

  it('shows a record without them as unknown, not as zero', () => {
    const none = driverMoneyFields({ first_name: 'Awa' });
    expect(none).toEqual({ sold: null, dettes: null, nbDettesRecipes: null, ca_this_month: null });
    expect(hasMoney(none)).toBe(false);
    expect(hasMoney(driverMoneyFields({ sold: 0 }))).toBe(true);
  });
});
