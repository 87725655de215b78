import { describe, expect, it } from 'vitest';
import { ZPageQuery } from '@flotte/contract';
import { fromWireDate, toWireDate } from './dates.ts';
import { fromMinor, toMinor } from './money.ts';
import { pageWindow, toPage } from './pagination.ts';

describe('wire dates in the park time zone', () => {
  it('reads Douala wall-clock time as the right instant and writes it back', () => {
    const instant = fromWireDate('2026-11-22T08:30:00', 'Africa/Douala');
    expect(instant.toISOString()).toBe('2026-11-22T07:30:00.000Z');
    expect(toWireDate(instant, 'Africa/Douala')).toBe('2026-11-22T08:30:00');
    expect(toWireDate(instant, 'Africa/Abidjan')).toBe('2026-11-22T07:30:00');
  });

  it('refuses anything but yyyy-MM-ddTHH:mm:ss, naming the field', () => {
    for (const bad of ['22/11/2026', '2026-11-22', '2026-13-40T99:00:00']) {
      expect(() => fromWireDate(bad, 'Africa/Douala', 'start_date')).toThrowError(/Date invalide/);
    }
  });
});

describe('money in minor units', () => {
  it('keeps CFA francs whole and cents for 2-decimal currencies', () => {
    expect(toMinor(15000, 'XAF')).toBe(15000);
    expect(toMinor('2500', 'XOF')).toBe(2500);
    expect(toMinor(12.34, 'EUR')).toBe(1234);
    expect(toMinor('0.1', 'EUR') + toMinor('0.2', 'EUR')).toBe(toMinor('0.3', 'EUR'));
    expect(fromMinor(1234, 'EUR')).toBe(12.34);
    expect(fromMinor(15000, 'XAF')).toBe(15000);
  });

  it('refuses decimals the currency does not have instead of rounding', () => {
    expect(() => toMinor('100.5', 'XAF')).toThrow(RangeError);
    expect(() => toMinor('1.234', 'EUR')).toThrow(RangeError);
    expect(toMinor('100.00', 'XAF')).toBe(100);
  });
});

describe('pagination', () => {
  it('defaults to page 1 of 5 and answers {items, meta}', () => {
    const q = ZPageQuery.parse({});
    expect(q).toMatchObject({ page: 1, itemPerPage: 5 });
    expect(pageWindow({ page: 3, itemPerPage: 20 })).toEqual({ limit: 20, offset: 40 });
    expect(toPage(['a'], 41, { page: 3, itemPerPage: 20 })).toEqual({ items: ['a'], meta: { page: 3, itemPerPage: 20, total: 41 } });
  });
});
