import { describe, expect, it } from 'vitest';
import { netSalary, type TSalaryPenalty } from '@flotte/contract/salary';
import { salaryFigure } from './salary-net.ts';

const penalty = (id: string, amount: number): TSalaryPenalty => ({ id, amount, comment: null, date: '2025-03-10T10:00:00', vehicle: null });

describe('the net salary', () => {
  it('is the gross minus the ticked penalties', () => {
    const penalties = [penalty('a', 1_500), penalty('b', 2_000)];
    expect(salaryFigure(6_000, penalties, new Set(['a']))).toEqual({ gross: 6_000, deducted: 1_500, net: 4_500, penaltyIds: ['a'], canPay: true });
    expect(salaryFigure(6_000, penalties, new Set(['a', 'b']))).toMatchObject({ deducted: 3_500, net: 2_500 });
    expect(salaryFigure(6_000, penalties, new Set())).toMatchObject({ deducted: 0, net: 6_000, penaltyIds: [] });
  });

  it('never goes below 0, and 0 cannot be paid', () => {
    const figure = salaryFigure(1_000, [penalty('a', 2_500)], new Set(['a']));
    expect(figure).toMatchObject({ net: 0, deducted: 2_500, canPay: false });
    expect(salaryFigure(0, [], new Set()).canPay).toBe(false);
    expect(salaryFigure(2_500, [penalty('a', 2_500)], new Set(['a'])).canPay).toBe(false);
  });

  it('ignores ticks on penalties no longer offered', () => {
    expect(salaryFigure(3_000, [penalty('a', 500)], new Set(['a', 'gone']))).toMatchObject({ net: 2_500, penaltyIds: ['a'] });
  });

  it('counts in hundredths: no stray cent from floating point', () => {
    expect(netSalary(0.3, [0.1, 0.2])).toBe(0);
    expect(netSalary(100.1, [0.2])).toBe(99.9);
    expect(netSalary(1_234_567.89, [0.01])).toBe(1_234_567.88);
  });
});
