import { eq, inArray, sql } from 'drizzle-orm';
import {
  SALARY_MESSAGES,
  SALARY_PENALTIES_LIMIT,
  type TSalaryCalculation,
  type TSalaryLine,
  type TSalaryPaymentInput,
  type TSalaryPaymentRecord,
  type TSalaryPaymentResult,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { findDriverRow } from '../drivers/drivers.queries.ts';
import { postOperation } from '../operations/operation-posting.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { caisseOfPark, defaultCashCaisse } from '../treasury/caisse-accounts.ts';
import { assertCaisseUsable } from '../treasury/caisse-access.ts';
import { deductiblePenalties, overlappingPayments, salaryAccounts, salaryDays, salarySubAccount, uncountedRecipes, type SalaryPaymentRow } from './salary-sources.ts';
import { salaryPeriod } from './salary.period.ts';
import { salaryPayments, salaryPenalties } from './salary.tables.ts';

/**
 * Driver salaries (spec 001 sections 2.11, 3, 4; issue 6 section 3).
 * - Gross for a period: the salary_amount of the driver's recipes of that period (by recipe day)
 *   that are fully paid (paid_at set) and not yet counted in a salary. A recipe not fully paid
 *   shows as a line that doesn't count yet; salary days of the confirmed planning show for
 *   information (the driver kept that day's revenue, so no recipe was expected).
 * - Penalties: the driver's confirmed, not cancelled contravention losses up to the period's end,
 *   not yet deducted; each can be deducted once (salary_penalties' primary key).
 * - Net = gross - the selected penalties, floored at 0. Paying locks the recipes it counts, marks
 *   them with the payment and posts the net as one salary expense, in one transaction: the same
 *   recipe is never paid twice, whoever pays at the same time.
 */

export interface SalaryDeps {
  db: Db;
}

const driverRef = async (db: Db, parkId: string, driverId: string) => {
  const row = await findDriverRow(db, parkId, driverId);
  if (!row) throw new AppError('DRIVER_NOT_FOUND');
  return row.driver;
};

const vehicleOf = (r: { vehicle_id: string | null; label: string | null; registration_number: string | null }) =>
  r.vehicle_id ? { id: r.vehicle_id, label: r.label, registration_number: r.registration_number ?? '' } : null;

function paymentRecord(r: SalaryPaymentRow, currency: string, timeZone: string): TSalaryPaymentRecord {
  return {
    id: r.id,
    start_date: r.period_start,
    end_date: r.period_end,
    gross: fromMinor(r.gross, currency),
    penalties: fromMinor(r.penalties, currency),
    net: fromMinor(r.net, currency),
    payment_type: r.payment_type,
    reason: r.reason,
    fund_movement_id: r.fund_movement_id,
    created_at: toWireDate(r.created_at, timeZone),
  };
}

/** GET /park/calculate-salary: the figure line by line, the deductible penalties and what was already paid. */
export async function calculateSalary(deps: SalaryDeps, actor: ActingProfile, q: { driver_id: string; start_date: string; end_date: string }): Promise<TSalaryCalculation> {
  const { db } = deps;
  const { currency, timeZone } = actor.park;
  const period = salaryPeriod(q.start_date, q.end_date, timeZone);
  const driver = await driverRef(db, actor.parkId, q.driver_id);
  const accounts = await salaryAccounts(db, actor.parkId);
  // One after the other: on the embedded database the pool shares one session anyway.
  const recipeRows = await uncountedRecipes(db, actor.parkId, driver.id, period);
  const days = await salaryDays(db, actor.parkId, driver.id, period);
  const penalties = await deductiblePenalties(db, actor.parkId, driver.id, accounts.contravention, period, { limit: SALARY_PENALTIES_LIMIT });
  const paid = await overlappingPayments(db, actor.parkId, driver.id, period);

  const money = (minor: number) => fromMinor(minor, currency);
  let gross = 0;
  let pending = 0;
  const lines: TSalaryLine[] = recipeRows.map((r) => {
    if (r.paid) gross += r.salary_amount;
    else pending += r.salary_amount;
    return {
      kind: 'recipe',
      recipe_id: r.id,
      date: r.day,
      vehicle: vehicleOf(r),
      objective: money(r.objective),
      collected: money(r.collected),
      salary_amount: money(r.salary_amount),
      counted: r.paid,
      note: r.paid ? null : SALARY_MESSAGES.notSettled,
    };
  });
  for (const d of days) {
    lines.push({
      kind: 'salary_day',
      recipe_id: null,
      date: d.day,
      vehicle: vehicleOf(d),
      objective: null,
      collected: null,
      salary_amount: 0,
      counted: false,
      note: SALARY_MESSAGES.salaryDay,
    });
  }
  // By day, a day's recipes before its salary-day line (a stable sort keeps each group's order).
  lines.sort((a, b) => a.date.localeCompare(b.date));

  return {
    currency,
    driver: { id: driver.id, first_name: driver.firstName, last_name: driver.lastName },
    start_date: period.from,
    end_date: period.to,
    gross: money(gross),
    pending: money(pending),
    lines,
    penalties: penalties.map((p) => ({ id: p.id, amount: money(p.amount), comment: p.comment, date: toWireDate(p.operation_date, timeZone), vehicle: vehicleOf(p) })),
    already_paid: paid.map((r) => paymentRecord(r, currency, timeZone)),
  };
}

/**
 * POST /park/paid-salary (the owner only). In one transaction: lock the recipes it counts (a
 * second payment of the same period waits, then finds them counted), recompute the gross, take
 * the selected penalties (locked; each at most once), refuse a net of 0, write the payment and its
 * penalties, mark the recipes, and post the net as a salary expense through the operations'
 * posting: from a caisse (cash) or onto the driver's balance (sold), where an expense of A is
 * holder -A: his balance account drops by A, so his sold (= -balance) grows by A.
 */
export async function paySalary(deps: SalaryDeps, actor: ActingProfile, input: TSalaryPaymentInput): Promise<TSalaryPaymentResult> {
  if (!actor.isOwner) throw new AppError('SALARY_OWNER_ONLY');
  const { db } = deps;
  const parkId = actor.parkId;
  const { currency, timeZone } = actor.park;
  const period = salaryPeriod(input.start_date, input.end_date, timeZone);
  const driver = await driverRef(db, parkId, input.driver_id);
  const accounts = await salaryAccounts(db, parkId);
  const salaryAccount = await salarySubAccount(db, parkId);
  const caisse = input.payment_type === 'cash' ? (input.caisse_id ? await caisseOfPark(db, parkId, input.caisse_id) : await defaultCashCaisse(db, parkId)) : null;
  // Only the owner pays today, and he uses every caisse; the check stays for when that changes.
  if (caisse) await assertCaisseUsable(db, actor, caisse);
  const penaltyIds = [...new Set((input.contraventions_to_reduct_on_salary ?? []).map((id) => id.toLowerCase()))];
  const reason = input.reason?.trim() || null;

  try {
    const row = await db.transaction(async (tx) => {
      const { rows: locked } = await tx.execute<{ id: string; salary_amount: number }>(sql`
        select id, salary_amount from recipes
         where driver_id = ${driver.id} and park_id = ${parkId}
           and day >= ${period.from}::date and day <= ${period.to}::date
           and deleted_at is null and paid_at is not null and salary_payment_id is null
         order by id
         for update`);
      const gross = locked.reduce((s, r) => s + Number(r.salary_amount), 0);

      const penalties = await deductiblePenalties(tx, parkId, driver.id, accounts.contravention, period, { ids: penaltyIds });
      if (penalties.length !== penaltyIds.length) {
        // Either not a deductible contravention of this driver, or already deducted: say which.
        const { rows: taken } = penaltyIds.length
          ? await tx.execute<{ id: string }>(sql`select fund_movement_id as id from salary_penalties where fund_movement_id = any(${sql.param(penaltyIds)}::uuid[])`)
          : { rows: [] };
        throw new AppError(taken.length ? 'SALARY_PENALTY_ALREADY_DEDUCTED' : 'SALARY_PENALTY_INVALID');
      }
      const deducted = penalties.reduce((s, p) => s + p.amount, 0);
      const net = Math.max(0, gross - deducted);
      if (net <= 0) throw new AppError('SALARY_NOTHING_TO_PAY');

      const now = new Date();
      const [payment] = await tx
        .insert(salaryPayments)
        .values({
          parkId,
          driverId: driver.id,
          periodStart: period.from,
          periodEnd: period.to,
          gross,
          penalties: deducted,
          net,
          paymentType: input.payment_type,
          reason,
          createdBy: actor.id,
        })
        .returning();
      if (penalties.length) await tx.insert(salaryPenalties).values(penalties.map((p) => ({ salaryPaymentId: payment.id, fundMovementId: p.id, amount: p.amount })));
      if (locked.length) await tx.update(recipes).set({ salaryPaymentId: payment.id }).where(inArray(recipes.id, locked.map((r) => r.id)));

      const comment = reason ?? `Salaire de ${driver.lastName} ${driver.firstName} du ${frenchDay(period.from)} au ${frenchDay(period.to)}`;
      const [op] = await tx
        .insert(fundMovements)
        .values({
          parkId,
          type: 'perte',
          subAccountId: salaryAccount.id,
          caisseId: caisse?.id ?? null,
          funding: caisse ? 'caisse' : 'driver_balance',
          amount: net,
          operationDate: now,
          comment,
          collectMethod: input.payment_type,
          driverId: driver.id,
          createdBy: actor.id,
          confirmedAt: now,
          confirmedBy: actor.id,
        })
        .returning({ id: fundMovements.id });
      const postingId = await postOperation(
        tx,
        { id: op.id, parkId, type: 'perte', amount: net, caisseId: caisse?.id ?? null, funding: caisse ? 'caisse' : 'driver_balance', driverId: driver.id, subAccountId: salaryAccount.id },
        { createdBy: actor.id, memo: salaryAccount.name },
      );
      await tx.update(fundMovements).set({ postingId }).where(eq(fundMovements.id, op.id));
      await tx.update(salaryPayments).set({ fundMovementId: op.id }).where(eq(salaryPayments.id, payment.id));
      return { payment: { ...payment, fundMovementId: op.id }, recipesCount: locked.length, penaltyIds: penalties.map((p) => p.id) };
    });
    const p = row.payment;
    return {
      salary_payment: paymentRecord(
        {
          id: p.id,
          period_start: p.periodStart,
          period_end: p.periodEnd,
          gross: p.gross,
          penalties: p.penalties,
          net: p.net,
          payment_type: p.paymentType as 'cash' | 'sold',
          reason: p.reason,
          fund_movement_id: p.fundMovementId,
          created_at: p.createdAt,
        },
        currency,
        timeZone,
      ),
      recipes_count: row.recipesCount,
      penalty_ids: row.penaltyIds,
    };
  } catch (err) {
    // Two payments deducting the same penalty at once: the primary key lets one through.
    if (isUniqueViolation(err)) throw new AppError('SALARY_PENALTY_ALREADY_DEDUCTED');
    throw err;
  }
}

const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
