import { describe, expect, it } from 'vitest';
import { minorToYangoAmount, yangoAmountToMinor, yangoKmToMetres } from './yango-amounts.ts';

describe('Yango amounts', () => {
  it('reads exact amounts into minor units of the currency', () => {
    expect(yangoAmountToMinor('700.0000', 'XOF')).toBe(700);
    expect(yangoAmountToMinor('50', 'XOF')).toBe(50);
    expect(yangoAmountToMinor('50', 'EUR')).toBe(5000);
    expect(yangoAmountToMinor('123.45', 'EUR')).toBe(12345);
    expect(yangoAmountToMinor('123.4500', 'EUR')).toBe(12345);
    expect(yangoAmountToMinor(' 1500.0000 ', 'xaf')).toBe(1500);
    expect(yangoAmountToMinor('+3', 'CDF')).toBe(3);
    expect(yangoAmountToMinor('0.0000', 'XOF')).toBe(0);
  });

  it('reads negative amounts (fees, debits)', () => {
    expect(yangoAmountToMinor('-12.5', 'EUR')).toBe(-1250);
    expect(yangoAmountToMinor('-1500.0000', 'XOF')).toBe(-1500);
    expect(yangoAmountToMinor('-0.0500', 'EUR')).toBe(-5);
  });

  it('rounds digits beyond the currency decimals half away from zero', () => {
    expect(yangoAmountToMinor('1250.5000', 'XOF')).toBe(1251);
    expect(yangoAmountToMinor('-1250.5000', 'XOF')).toBe(-1251);
    expect(yangoAmountToMinor('1250.4999', 'XOF')).toBe(1250);
    expect(yangoAmountToMinor('-1250.4999', 'XOF')).toBe(-1250);
    expect(yangoAmountToMinor('1.005', 'EUR')).toBe(101);
    expect(yangoAmountToMinor('-1.005', 'EUR')).toBe(-101);
    expect(yangoAmountToMinor('1.0049', 'EUR')).toBe(100);
    // No negative zero.
    expect(Object.is(yangoAmountToMinor('-0.4', 'XOF'), 0)).toBe(true);
    // Far beyond float precision, still exact.
    expect(yangoAmountToMinor('90071992547409.905', 'EUR')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses what is not a plain decimal number', () => {
    for (const junk of ['', '  ', 'abc', '1,5', '1e3', '1.2.3', '--1', '12 500', 'NaN', 'Infinity', '0x10', '.', '-', '99999999999999999999']) {
      expect(() => yangoAmountToMinor(junk, 'XOF'), junk).toThrow(RangeError);
    }
    expect(() => yangoAmountToMinor(12 as unknown as string, 'XOF')).toThrow(RangeError);
  });

  it('writes minor units as 4-decimal text, and reads it back', () => {
    expect(minorToYangoAmount(12345, 'EUR')).toBe('123.4500');
    expect(minorToYangoAmount(-1500, 'XOF')).toBe('-1500.0000');
    expect(minorToYangoAmount(5, 'EUR')).toBe('0.0500');
    expect(minorToYangoAmount(-5, 'EUR')).toBe('-0.0500');
    expect(minorToYangoAmount(0, 'XOF')).toBe('0.0000');
    for (const [minor, currency] of [[987654321, 'XOF'], [-1, 'EUR'], [100, 'USD']] as const) {
      expect(yangoAmountToMinor(minorToYangoAmount(minor, currency), currency)).toBe(minor);
    }
    expect(() => minorToYangoAmount(1.5, 'XOF')).toThrow(RangeError);
  });

  it('reads a mileage in km into metres', () => {
    expect(yangoKmToMetres('19.594')).toBe(19594);
    expect(yangoKmToMetres('12.3456')).toBe(12346);
    expect(yangoKmToMetres('7')).toBe(7000);
  });
});
