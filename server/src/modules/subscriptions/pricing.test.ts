import { describe, expect, it } from 'vitest';
import { annualDiscountPercent, changeAmount, dayAfter, daysLeft, fullPrice, migrationAmount, payableUnit, periodDays, roundDownToUnit, upgradeAmount } from './pricing.ts';

/** The amounts of issue 23 in minor units, and the one rounding rule (down to the payable unit, never below 0). */

// A 30-day period with 10 days left on 2026-11-21 (the 21st to the 30th, both counted).
const november = { startsOn: '2026-11-01', endsOn: '2026-11-30' };
const today = '2026-11-21';

describe('the rounding rule', () => {
  it('rounds down to 5 francs for XAF and XOF, 10 for CDF, 1 minor unit otherwise', () => {
    expect([payableUnit('XAF'), payableUnit('xof'), payableUnit('CDF'), payableUnit('EUR')]).toEqual([5, 5, 10, 1]);
    expect(roundDownToUnit(12_499n, 1n, 5)).toBe(12_495);
    expect(roundDownToUnit(12_499n, 1n, 10)).toBe(12_490);
    expect(roundDownToUnit(10n, 3n, 1)).toBe(3);
  });

  it('is never below 0 and refuses a zero period', () => {
    expect(roundDownToUnit(-100n, 3n, 5)).toBe(0);
    expect(roundDownToUnit(4n, 1n, 5)).toBe(0);
    expect(() => roundDownToUnit(1n, 0n, 5)).toThrow(RangeError);
  });
});

describe('whole periods', () => {
  it('cost price x vehicles x periods exactly', () => {
    expect(fullPrice(2500, 5)).toBe(12_500);
    expect(fullPrice(4000, 7, 3)).toBe(84_000);
  });
});

describe('days', () => {
  it('count today, and start counting at the first day of a subscription not yet begun', () => {
    expect(periodDays(november)).toBe(30);
    expect(daysLeft(november, today)).toBe(10);
    expect(daysLeft(november, '2026-11-30')).toBe(1);
    expect(daysLeft(november, '2026-12-01')).toBe(0);
    expect(daysLeft(november, '2026-10-15')).toBe(30);
    expect(dayAfter(november)).toBe('2026-12-01');
  });
});

describe('upgrade: the added vehicles for the days left', () => {
  it('5 vehicles at 4 000 XAF with 10 days left of 30: 20 000 x 10 / 30 = 6 666.66, paid 6 665', () => {
    expect(upgradeAmount({ ...november, currency: 'XAF', pricePerVehicle: 4000 }, 5, today)).toBe(6665);
  });

  it('in CDF rounds down to 10 francs', () => {
    // 3 x 18 500 x 10 / 30 = 18 500 exactly; 1 x 11 500 x 10 / 30 = 3 833.33 -> 3 830.
    expect(upgradeAmount({ ...november, currency: 'CDF', pricePerVehicle: 18_500 }, 3, today)).toBe(18_500);
    expect(upgradeAmount({ ...november, currency: 'CDF', pricePerVehicle: 11_500 }, 1, today)).toBe(3830);
  });

  it('costs nothing once the period is over', () => {
    expect(upgradeAmount({ ...november, currency: 'XAF', pricePerVehicle: 4000 }, 5, '2026-12-01')).toBe(0);
  });
});

describe('migration to professionnel: the price difference for the vehicles and days left', () => {
  const s = { ...november, currency: 'XAF', pricePerVehicle: 2500, vehicleNumber: 6 };

  it('6 vehicles, 3 500 - 2 500, 10 days of 30: 6 000 x 10 / 30 = 2 000', () => {
    expect(migrationAmount(s, 3500, today)).toBe(2000);
  });

  it('rounds down: 7 vehicles give 2 333.33 -> 2 330', () => {
    expect(migrationAmount({ ...s, vehicleNumber: 7 }, 3500, today)).toBe(2330);
  });

  it('is 0 when the professional price is not dearer', () => {
    expect(migrationAmount(s, 2500, today)).toBe(0);
    expect(migrationAmount(s, 2000, today)).toBe(0);
  });
});

describe('change of plan: a whole new period less the value of the days left', () => {
  const current = { ...november, currency: 'XAF', pricePerVehicle: 2500, vehicleNumber: 5, isTrial: false };

  it('starter 5 x 2 500 with 10 days left to premium 5 x 4 000: 20 000 - 4 166.66 = 15 833.33 -> 15 830, credit 4 170', () => {
    const r = changeAmount(current, { pricePerVehicle: 4000, vehicles: 5 }, today);
    expect(r).toEqual({ amount: 15_830, credit: 4170, full: 20_000 });
    expect(r.amount + r.credit).toBe(r.full);
  });

  it('a trial gives no credit', () => {
    expect(changeAmount({ ...current, isTrial: true }, { pricePerVehicle: 4000, vehicles: 5 }, today)).toEqual({ amount: 20_000, credit: 0, full: 20_000 });
  });

  it('is 0 when the credit is worth more than the new plan (no refund)', () => {
    const annual = { startsOn: '2026-01-01', endsOn: '2026-12-31', currency: 'XAF', pricePerVehicle: 40_000, vehicleNumber: 10, isTrial: false };
    const r = changeAmount(annual, { pricePerVehicle: 2500, vehicles: 5 }, '2026-07-01');
    expect(r).toEqual({ amount: 0, credit: 12_500, full: 12_500 });
  });
});

describe('annual discount', () => {
  it('10 months for 12 is 17 %, nothing to compare with is 0', () => {
    expect(annualDiscountPercent(25_000, 2500)).toBe(17);
    expect(annualDiscountPercent(30_000, 2500)).toBe(0);
    expect(annualDiscountPercent(40_000, 0)).toBe(0);
    expect(annualDiscountPercent(40_000, 3000)).toBe(0);
  });
});
