import { describe, expect, it } from 'vitest';
import { isCalendarDay, isDayOrWireDate, isWireDateTime } from './wire-date.ts';
import { zWireDate } from './wire-date-schema.ts';
import { ZAccountingStateQuery } from './accounting.ts';
import { ZDebtInput, ZUnpaidHistoryQuery } from './recipes.ts';
import { ZSalaryQuery } from './salary.ts';

describe('calendar checks of wire dates', () => {
  it('accepts real days, leap days included, and refuses impossible ones', () => {
    for (const ok of ['2026-01-31', '2024-02-29', '2000-02-29', '2026-12-31']) expect(isCalendarDay(ok), ok).toBe(true);
    for (const bad of ['2026-02-30', '2026-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-01-00', '2026-1-01', '26-01-01'])
      expect(isCalendarDay(bad), bad).toBe(false);
  });

  it('refuses years no fleet means, whose time-zone or month shifts leave the ranges dates support', () => {
    for (const bad of ['0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31']) expect(isCalendarDay(bad), bad).toBe(false);
    expect(isWireDateTime('0001-01-01T00:00:00')).toBe(false);
    for (const ok of ['1900-01-01', '2999-12-31']) expect(isCalendarDay(ok), ok).toBe(true);
  });

  it('accepts real wall-clock times and refuses hour 24, minute or second 60', () => {
    expect(isWireDateTime('2026-02-28T23:59:59')).toBe(true);
    for (const bad of ['2026-02-30T08:00:00', '2026-02-10T24:00:00', '2026-02-10T25:00:00', '2026-02-10T10:60:00', '2026-02-10T10:00:60', '2026-02-10 10:00:00', '2026-02-10'])
      expect(isWireDateTime(bad), bad).toBe(false);
    expect(isDayOrWireDate('2026-02-10')).toBe(true);
    expect(isDayOrWireDate('2026-02-10T10:00:00')).toBe(true);
    expect(isDayOrWireDate('2026-02-30')).toBe(false);
  });

  it('makes the date schemas refuse them with a French message on the field', () => {
    const wire = zWireDate.safeParse('2026-02-30T10:00:00');
    expect(wire.success).toBe(false);
    expect(wire.error?.issues[0].message).toBe('Date invalide (format attendu yyyy-MM-ddTHH:mm:ss)');
    const state = ZAccountingStateQuery.safeParse({ start_date: '2026-13-01' });
    expect(state.error?.issues.map((i) => i.path.join('.'))).toEqual(['start_date']);
    const unpaid = ZUnpaidHistoryQuery.safeParse({ end_date: '2026-02-30' });
    expect(unpaid.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['end_date', 'Date invalide (format attendu yyyy-MM-dd)']]);
    const debt = ZDebtInput.safeParse({ driver_id: '0190d2a4-1111-7000-8000-000000000001', vehicle_id: '0190d2a4-1111-7000-8000-000000000002', date: '2026-02-30', objective: 10 });
    expect(debt.error?.issues.map((i) => i.path.join('.'))).toEqual(['date']);
    expect(ZSalaryQuery.safeParse({ driver_id: '0190d2a4-1111-7000-8000-000000000001', start_date: '2026-02-01', end_date: '2026-02-31' }).success).toBe(false);
    expect(ZUnpaidHistoryQuery.safeParse({ start_date: '2026-02-28T10:00:00' }).success).toBe(true);
  });
});
