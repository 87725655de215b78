import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, toWireDate } from './format.ts';

describe('formatMoney', () => {
  it('uses comma thousands separators and at most 2 decimals (spec example)', () => {
    expect(formatMoney(1234567.5, 'XAF')).toBe('1,234,567.5 XAF');
    expect(formatMoney(1000, 'XOF')).toBe('1,000 XOF');
    expect(formatMoney(12.345)).toBe('12.35');
    expect(formatMoney(-2500.1, 'XAF')).toBe('-2,500.1 XAF');
    expect(formatMoney(null, 'XAF')).toBe('');
  });
});

describe('dates', () => {
  it('formats dd/MM/yyyy for display', () => {
    expect(formatDate(new Date(2025, 0, 5, 10, 30))).toBe('05/01/2025');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats yyyy-MM-ddTHH:mm:ss for the wire', () => {
    expect(toWireDate(new Date(2025, 0, 5, 9, 3, 7))).toBe('2025-01-05T09:03:07');
  });

  it('takes the wall-clock time of the park time zone when given', () => {
    expect(toWireDate(new Date(Date.UTC(2025, 5, 1, 23, 30, 0)), 'Africa/Douala')).toBe('2025-06-02T00:30:00');
    expect(toWireDate(new Date(Date.UTC(2025, 5, 1, 23, 30, 0)), 'Africa/Abidjan')).toBe('2025-06-01T23:30:00');
  });

  it('falls back to now for an invalid input', () => {
    expect(toWireDate('garbage')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });
});
