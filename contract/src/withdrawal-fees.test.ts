import { describe, expect, it } from 'vitest';
import { percentToBasisPoints, withdrawalFee, withdrawalFeeMinor } from './withdrawal-fees.ts';

describe('withdrawal fee', () => {
  it('is amount x rate in integers, rounded half up', () => {
    expect(withdrawalFeeMinor(10_000, 100)).toBe(100);
    expect(withdrawalFeeMinor(1_030, 150)).toBe(15); // 15.45
    expect(withdrawalFeeMinor(100, 150)).toBe(2); // 1.5
    expect(withdrawalFeeMinor(99, 150)).toBe(1); // 1.485
    expect(withdrawalFeeMinor(0, 150)).toBe(0);
    expect(withdrawalFeeMinor(9_007_199_254_740, 150)).toBe(135_107_988_821);
  });

  it('refuses what is not integer minor units or basis points', () => {
    expect(() => withdrawalFeeMinor(10.5, 150)).toThrow(RangeError);
    expect(() => withdrawalFeeMinor(100, 1.5)).toThrow(RangeError);
  });

  it('works in the units the dialog shows, per currency', () => {
    expect(percentToBasisPoints(1.5)).toBe(150);
    expect(withdrawalFee(10_000, 1, 'XOF')).toEqual({ fee: 100, total: 10_100 });
    expect(withdrawalFee(1_030, 1.5, 'XAF')).toEqual({ fee: 15, total: 1_045 });
    expect(withdrawalFee(10.1, 1.5, 'EUR')).toEqual({ fee: 0.15, total: 10.25 });
    expect(withdrawalFee(0, 1.5, 'XAF')).toBeNull();
    expect(withdrawalFee(Number.NaN, 1.5, 'XAF')).toBeNull();
  });
});
