import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { chartOf } from '../operations/sub-accounts.ts';
import type { SalaryPeriod } from './salary.period.ts';

/**
 * What a salary is made of, read from the recipes, the confirmed planning, the operations and
 * earlier salary payments. Read-only except where the payment locks (salary-payment.service.ts).
 * Amounts stay minor units here.
 */

type Reader = Db | Tx;

export type RecipeRow = {
  id: string;
  day: string;
  objective: number;
  collected: number;
  salary_amount: number;
  paid: boolean;
  vehicle_id: string | null;
  label: string | null;
  registration_number: string | null;
};

/** The driver's recipes of the period not yet counted in a salary (deleted ones never count), by day. */
export async function uncountedRecipes(db: Reader, parkId: string, driverId: string, p: SalaryPeriod): Promise<RecipeRow[]> {
  const { rows } = await db.execute<RecipeRow>(sql`
    select r.id, r.day::text as day, r.objective, r.collected, r.salary_amount, (r.paid_at is not null) as paid,
           v.id as vehicle_id, v.label, v.registration_number
      from recipes r
      left join vehicles v on v.id = r.vehicle_id
     where r.driver_id = ${driverId} and r.park_id = ${parkId}
       and r.day >= ${p.from}::date and r.day <= ${p.to}::date
       and r.deleted_at is null and r.salary_payment_id is null
     order by r.day, r.period_start, r.id`);
  return rows.map((r) => ({ ...r, objective: Number(r.objective), collected: Number(r.collected), salary_amount: Number(r.salary_amount) }));
}

export type SalaryDayRow = {
  day: string;
  vehicle_id: string;
  label: string | null;
  registration_number: string;
};

/** The salary days of the driver in the confirmed planning (he kept that day's revenue). */
export async function salaryDays(db: Reader, parkId: string, driverId: string, p: SalaryPeriod): Promise<SalaryDayRow[]> {
  const { rows } = await db.execute<SalaryDayRow>(sql`
    select pe.day::text as day, v.id as vehicle_id, v.label, v.registration_number
      from planning_entries pe
      join vehicles v on v.id = pe.vehicle_id
     where pe.driver_id = ${driverId} and pe.park_id = ${parkId}
       and pe.day >= ${p.from}::date and pe.day <= ${p.to}::date and pe.is_salary_day
     order by pe.day, pe.starts_at`);
  return rows;
}

/**
 * The sub-accounts of the default chart the salary needs, by code: 'contravention' (its own
 * sub-accounts too) for penalties, 'salary' for the expense.
 */
export async function salaryAccounts(db: Db, parkId: string): Promise<{ contravention: string[]; salary: { id: string; name: string } | null }> {
  const chart = await chartOf(db, parkId);
  const contravention = new Set<string>();
  let salary: { id: string; name: string } | null = null;
  for (const node of chart.values()) {
    if (node.code === 'contravention' && node.type === 'perte') node.subtree.forEach((id) => contravention.add(id));
    if (node.code === 'salary' && node.type === 'perte' && node.depth >= 2) salary = { id: node.id, name: node.name };
  }
  return { contravention: [...contravention], salary };
}

export async function salarySubAccount(db: Db, parkId: string): Promise<{ id: string; name: string }> {
  const { salary } = await salaryAccounts(db, parkId);
  if (!salary) throw new AppError('SALARY_SUB_ACCOUNT_MISSING');
  return salary;
}

export type PenaltyRow = {
  id: string;
  amount: number;
  comment: string | null;
  operation_date: Date;
  vehicle_id: string | null;
  label: string | null;
  registration_number: string | null;
};

/**
 * Penalties deductible from the driver's salary: his contravention losses up to the end of the
 * period, confirmed and not cancelled (reversing rows never), not yet deducted from a salary.
 * With `ids`, only those (the payment's selection), locked so a cancellation waits for the payment.
 */
export async function deductiblePenalties(
  db: Reader,
  parkId: string,
  driverId: string,
  subAccounts: string[],
  p: SalaryPeriod,
  opts: { ids?: string[]; limit?: number } = {},
): Promise<PenaltyRow[]> {
  if (subAccounts.length === 0 || (opts.ids && opts.ids.length === 0)) return [];
  const only = opts.ids ? sql` and fm.id = any(${sql.param(opts.ids)}::uuid[])` : sql``;
  const { rows } = await db.execute<PenaltyRow>(sql`
    select fm.id, fm.amount, fm.comment, fm.operation_date, v.id as vehicle_id, v.label, v.registration_number
      from fund_movements fm
      left join vehicles v on v.id = fm.vehicle_id
     where fm.driver_id = ${driverId} and fm.park_id = ${parkId}
       and fm.operation_date < ${p.endInstant.toISOString()}::timestamptz
       and fm.type = 'perte' and fm.sub_account_id = any(${sql.param(subAccounts)}::uuid[])
       and fm.confirmed_at is not null and fm.canceled_at is null and fm.reverses_id is null
       and not exists (select 1 from salary_penalties sp where sp.fund_movement_id = fm.id)${only}
     order by ${opts.ids ? sql`fm.id` : sql`fm.operation_date desc, fm.id`}
     ${opts.limit ? sql`limit ${opts.limit}` : sql``}
     ${opts.ids ? sql`for update of fm` : sql``}`);
  return rows.map((r) => ({ ...r, amount: Number(r.amount), operation_date: new Date(r.operation_date) }));
}

export type SalaryPaymentRow = {
  id: string;
  period_start: string;
  period_end: string;
  gross: number;
  penalties: number;
  net: number;
  payment_type: 'cash' | 'sold';
  reason: string | null;
  fund_movement_id: string | null;
  created_at: Date;
};

/** Salaries already paid to the driver whose period overlaps this one. */
export async function overlappingPayments(db: Reader, parkId: string, driverId: string, p: SalaryPeriod): Promise<SalaryPaymentRow[]> {
  const { rows } = await db.execute<SalaryPaymentRow>(sql`
    select id, period_start::text as period_start, period_end::text as period_end, gross, penalties, net,
           payment_type, reason, fund_movement_id, created_at
      from salary_payments
     where driver_id = ${driverId} and park_id = ${parkId}
       and period_start <= ${p.to}::date and period_end >= ${p.from}::date
     order by period_start, created_at`);
  return rows.map((r) => ({ ...r, gross: Number(r.gross), penalties: Number(r.penalties), net: Number(r.net), created_at: new Date(r.created_at) }));
}
