import { netSalary, type TSalaryPenalty } from '@flotte/contract/salary';

/**
 * The figure the salary tab shows while penalties are ticked: the gross, the sum of the ticked
 * penalties (ids no longer offered are ignored, so a refreshed list never deducts a stale one)
 * and the net, floored at 0 (spec 001 section 4). The pay button needs a net above 0.
 */
export interface SalaryFigure {
  gross: number;
  deducted: number;
  net: number;
  penaltyIds: string[];
  canPay: boolean;
}

export function salaryFigure(gross: number, penalties: readonly TSalaryPenalty[], selected: ReadonlySet<string>): SalaryFigure {
  const chosen = penalties.filter((p) => selected.has(p.id));
  const amounts = chosen.map((p) => p.amount);
  const net = netSalary(gross, amounts);
  const deducted = amounts.reduce((s, a) => s + Math.round(a * 100), 0) / 100;
  return { gross, deducted, net, penaltyIds: chosen.map((p) => p.id), canPay: net > 0 };
}
