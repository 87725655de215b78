import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { YANGO_MESSAGES, type TYangoDebit } from '@flotte/contract';
import { YangoApiError, type YangoCredentials } from '../../integrations/yango/yango.types.ts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import { fromMinor, toMinor } from '../../platform/money.ts';
import { ledgerAccount, post } from '../ledger/ledger.service.ts';
import { applyRecipePayments, lockAndCheckAllocations } from '../recipes/recipe-collection.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { credentialsOf, yangoFailure } from './yango-credentials.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoDebits, yangoDriverLinks } from './yango.tables.ts';

/**
 * Collecting a recipe by debiting the driver's Yango balance (issue 21 section 4).
 *
 * POST /yango/debit-recipe checks what a payment checks (the recipe's, not deleted, not paid, at
 * most what remains), that the driver is linked and the park connected, that no debit of the recipe
 * is in flight, and reads his live Yango balance (too low: a 'failed' debit records why). It then
 * COMMITS a 'pending' yango_debits row (the unique pending index: one in flight per recipe, so two
 * clicks at once make one debit) and only then calls Yango, outside any transaction, with the
 * debit's id as X-Idempotency-Token: the same token twice is one Yango transaction, so asking
 * again after a lost answer never debits twice.
 *
 * Yango's word settles it:
 * - confirmed: ONE transaction locks the debit (still pending, else someone settled it already)
 *   and collects the recipe (applyRecipePayments, method 'yango': the park's 'yango' account
 *   +A, 'recette' -A, one operation 'Solde Yango du parc'); what the recipe can no longer take
 *   (paid or deleted meanwhile) goes to the driver's sold, as a pay-in's does (yango +R,
 *   driver_balance -R). The ledger is written only here.
 * - refused (a 4xx other than 429): 'failed' with a French reason; the recipe stays unpaid.
 * - no answer (timeout, 5xx, 429 after the client's retries): stays 'pending', asked again with
 *   the same token by GET /yango/debit/{id} and by the minute job (yangoDebitsJob), for a day.
 */

/** What the person reads (French, non-breaking space before the colon). */
export const YANGO_DEBIT_TEXTS = {
  pending: "Yango n'a pas encore confirmé le prélèvement\u00a0: il sera vérifié automatiquement dans quelques minutes",
  refused: (reason: string) => `Yango a refusé le prélèvement\u00a0: ${reason}`,
  balanceTooLow: (balance: string) => `Solde Yango insuffisant (${balance} disponibles)`,
  balanceInsufficient: (balance: string) => `Le solde Yango du chauffeur ne suffit pas pour ce prélèvement\u00a0: ${balance} disponibles`,
  noAccount: "Le compte Yango du chauffeur n'a pas de solde",
  profileNotFound: 'Le compte Yango du chauffeur est introuvable',
  otherCurrency: (currency: string, parkCurrency: string) => `Le solde Yango du chauffeur est en ${currency}, pas en ${parkCurrency}`,
  credentials: 'Yango a refusé les identifiants du parc',
  refusedBalance: 'Solde Yango insuffisant',
  refusedConflict: 'Yango a refusé la transaction (conflit avec une autre transaction)',
  refusedOther: 'Yango a refusé la transaction',
  unlinked: "Le chauffeur n'est plus lié à un compte Yango",
  remainder: (amount: string) => `${amount} n'ont pas pu être affectés à la recette (déjà encaissée ou supprimée)\u00a0: portés au solde du chauffeur`,
  paidNotApplied: (amount: string) => `${amount} prélevés sur Yango n'ont été affectés à aucune recette\u00a0: portés au solde du chauffeur`,
} as const;

/**
 * A debit without Yango's answer is never given up: Yango may have made it and only its answer
 * been lost, and a new debit would then take the money twice. It is asked again with its token
 * (which makes it, or answers the one made) every minute for this long, then once an hour.
 * Meanwhile the recipe can still be collected in cash or by mobile money; a late confirmation
 * then goes to the driver's sold.
 */
export const PENDING_WINDOW_HOURS = 24;

type DebitRow = typeof yangoDebits.$inferSelect;
type Park = { currency: string; timeZone: string };

const money = (minor: number, currency: string) => `${fromMinor(minor, currency).toLocaleString('fr-FR').replace(/\u202f/g, '\u00a0')}\u00a0${currency}`;

const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export function debitView(d: DebitRow, park: Park): TYangoDebit {
  return {
    id: d.id,
    recipe_id: d.recipeId,
    amount: fromMinor(d.amount, park.currency),
    status: d.status,
    reason: d.reason,
    created_at: toWireDate(d.createdAt, park.timeZone),
    settled_at: d.settledAt ? toWireDate(d.settledAt, park.timeZone) : null,
  };
}

/** The Yango transaction's description: the recipe's day, and its period when that is another. */
function descriptionOf(r: { day: string; periodStart: string; periodEnd: string }): string {
  const period = r.periodStart === r.periodEnd ? frenchDay(r.periodStart) : `${frenchDay(r.periodStart)} au ${frenchDay(r.periodEnd)}`;
  return r.periodStart === r.day && r.periodEnd === r.day ? `Flotte\u00a0: recette du ${frenchDay(r.day)}` : `Flotte\u00a0: recette du ${frenchDay(r.day)} (activité du ${period})`;
}

/** A refusal in the person's words; Yango's own message is logged, never shown raw. */
function refusalReason(err: YangoApiError): string {
  if (err.status === 401 || err.status === 403) return YANGO_DEBIT_TEXTS.credentials;
  if (err.status === 404) return YANGO_DEBIT_TEXTS.profileNotFound;
  if (/balance|insufficient|funds|limit/i.test(`${err.code ?? ''} ${err.message}`)) return YANGO_DEBIT_TEXTS.refusedBalance;
  if (err.status === 409) return YANGO_DEBIT_TEXTS.refusedConflict;
  return YANGO_DEBIT_TEXTS.refusedOther;
}

type Outcome = { kind: 'confirmed'; txId: string | null } | { kind: 'refused'; reason: string } | { kind: 'unanswered' };

/** Asks Yango for the debit's transaction (again: the same token is the same transaction). */
async function askYango(deps: YangoDeps, creds: YangoCredentials, yangoId: string, d: DebitRow, recipe: { day: string; periodStart: string; periodEnd: string }, currency: string): Promise<Outcome> {
  try {
    const client = await deps.api.client();
    const { id } = await client.createDriverTransaction(creds, {
      driverProfileId: yangoId,
      categoryId: deps.api.debitCategoryId,
      amount: -d.amount,
      currency,
      description: descriptionOf(recipe),
      idempotencyToken: d.id,
    });
    return { kind: 'confirmed', txId: id };
  } catch (err) {
    if (err instanceof YangoApiError && !err.transient) {
      deps.log?.warn({ debitId: d.id, status: err.status, code: err.code, message: err.message }, 'yango debit refused');
      return { kind: 'refused', reason: refusalReason(err) };
    }
    deps.log?.warn({ err, debitId: d.id }, 'yango debit unanswered');
    return { kind: 'unanswered' };
  }
}

/** A refusal recorded on a pending debit (a debit settled meanwhile is left as it is). */
async function settleFailed(deps: YangoDeps, id: string, reason: string): Promise<DebitRow> {
  const [row] = await deps.db
    .update(yangoDebits)
    .set({ status: 'failed', reason, settledAt: new Date() })
    .where(and(eq(yangoDebits.id, id), eq(yangoDebits.status, 'pending')))
    .returning();
  return row ?? (await deps.db.select().from(yangoDebits).where(eq(yangoDebits.id, id)))[0];
}

/**
 * Yango confirmed: in one transaction, the debit locked and still pending, the recipe collected by
 * what it can still take, the rest onto the driver's sold, the debit paid. Answers the debit as it is now.
 */
async function settleConfirmed(deps: YangoDeps, id: string, txId: string | null, currency: string, comment?: string | null): Promise<DebitRow> {
  return deps.db.transaction(async (tx) => {
    const [d] = await tx.select().from(yangoDebits).where(eq(yangoDebits.id, id)).for('update');
    if (!d || d.status !== 'pending') return d;
    const now = new Date();
    const [r] = await tx.select().from(recipes).where(and(eq(recipes.id, d.recipeId), eq(recipes.parkId, d.parkId))).for('update');
    let can = 0;
    if (r && !r.deletedAt && !r.paidAt) {
      const open = r.objective === 0 && r.collectionType === 'without_recipe_objective';
      can = open ? d.amount : Math.min(d.amount, Math.max(0, r.objective - r.collected));
    }
    let applied = 0;
    let fundMovementId: string | null = null;
    if (can > 0) {
      try {
        // A savepoint: if the recipe refuses it after all, the money still lands on the sold below.
        const { fundMovementIds } = await tx.transaction((sp) =>
          applyRecipePayments(sp, { parkId: d.parkId, actorId: d.createdBy, method: 'yango', allocations: [{ recipeId: d.recipeId, amount: can }], comment: comment ?? null, at: now }),
        );
        fundMovementId = fundMovementIds[0] ?? null;
        applied = can;
      } catch (err) {
        deps.log?.warn({ err, debitId: d.id }, 'yango debit: the recipe could not take it');
      }
    }
    const remainder = d.amount - applied;
    let reason: string | null = null;
    if (remainder > 0) {
      // Nothing taken at Yango is lost: the driver's sold grows by what the recipe could not take.
      await post(tx, {
        parkId: d.parkId,
        sourceKind: 'yango_debit_remainder',
        sourceId: d.id,
        memo: 'Prélèvement Yango non affecté\u00a0: porté au solde du chauffeur',
        createdBy: d.createdBy,
        lines: [
          { accountId: await ledgerAccount(tx, d.parkId, 'yango', null), amount: remainder },
          { accountId: await ledgerAccount(tx, d.parkId, 'driver_balance', d.driverId), amount: -remainder },
        ],
      });
      reason = applied > 0 ? YANGO_DEBIT_TEXTS.remainder(money(remainder, currency)) : YANGO_DEBIT_TEXTS.paidNotApplied(money(remainder, currency));
    }
    const [paid] = await tx
      .update(yangoDebits)
      .set({ status: 'paid', yangoTxId: txId, fundMovementId, reason, settledAt: now })
      .where(eq(yangoDebits.id, d.id))
      .returning();
    return paid;
  });
}

async function parkOf(deps: YangoDeps, parkId: string): Promise<Park> {
  const { rows } = await deps.db.execute<{ currency: string; time_zone: string }>(sql`select currency, time_zone from parks where id = ${parkId}`);
  return { currency: rows[0].currency, timeZone: rows[0].time_zone };
}

/**
 * Asks Yango again for a pending debit (same token) and settles what it says; a debit whose
 * driver is no longer linked, or pending past the window, is given up as failed. Answers it as it is now.
 */
async function recheck(deps: YangoDeps, d: DebitRow, park: Park, now: Date = new Date()): Promise<DebitRow> {
  if (d.status !== 'pending') return d;
  const [link] = await deps.db.select().from(yangoDriverLinks).where(and(eq(yangoDriverLinks.driverId, d.driverId), eq(yangoDriverLinks.parkId, d.parkId)));
  // Unlinked meanwhile: his Yango id is gone, so it can't be asked; it stays pending (never failed
  // without Yango's word) until he is linked again.
  if (!link) return d;
  let creds: YangoCredentials;
  try {
    creds = await credentialsOf(deps, d.parkId);
  } catch {
    return d; // the connection removed or its key unreadable: asked again once it is back, within the window
  }
  const [recipe] = await deps.db.select({ day: recipes.day, periodStart: recipes.periodStart, periodEnd: recipes.periodEnd }).from(recipes).where(eq(recipes.id, d.recipeId));
  const outcome = await askYango(deps, creds, link.yangoId, d, recipe ?? { day: '', periodStart: '', periodEnd: '' }, park.currency);
  if (outcome.kind === 'confirmed') return settleConfirmed(deps, d.id, outcome.txId, park.currency);
  if (outcome.kind === 'refused') return settleFailed(deps, d.id, outcome.reason);
  return d;
}

function messageOf(d: DebitRow): string {
  if (d.status === 'paid') return YANGO_MESSAGES.debitPaid;
  if (d.status === 'pending') return YANGO_DEBIT_TEXTS.pending;
  return YANGO_DEBIT_TEXTS.refused(d.reason ?? YANGO_DEBIT_TEXTS.refusedOther);
}

export interface YangoDebitInput {
  recipe_id: string;
  amount: number;
  comment?: string;
}

/** POST /yango/debit-recipe (see the header). Answers the debit and the message to show; a refusal throws. */
export async function debitRecipe(deps: YangoDeps, acting: ActingProfile, body: YangoDebitInput): Promise<{ debit: TYangoDebit; message: string }> {
  const park = acting.park;
  let amount: number;
  try {
    amount = toMinor(body.amount, park.currency);
  } catch {
    throw fieldError('amount', 'Entrez un montant valide');
  }
  if (amount <= 0) throw fieldError('amount', 'Entrez un montant valide');
  if (!UUID_PATTERN.test(body.recipe_id)) throw new AppError('RECIPE_NOT_FOUND');
  // The payment's own rules (the recipe of the park, not deleted, not paid, at most what remains), read under its lock.
  const [{ recipe }] = await deps.db.transaction((tx) => lockAndCheckAllocations(tx, { parkId: acting.parkId, method: 'yango', allocations: [{ recipeId: body.recipe_id, amount }] }));
  const [link] = await deps.db.select().from(yangoDriverLinks).where(and(eq(yangoDriverLinks.driverId, recipe.driverId), eq(yangoDriverLinks.parkId, acting.parkId)));
  if (!link) throw new AppError('YANGO_DRIVER_NOT_LINKED');
  const creds = await credentialsOf(deps, acting.parkId);
  const [inFlight] = await deps.db.select({ id: yangoDebits.id }).from(yangoDebits).where(and(eq(yangoDebits.recipeId, recipe.id), eq(yangoDebits.status, 'pending')));
  if (inFlight) throw new AppError('YANGO_DEBIT_IN_PROGRESS');

  // His live balance: a debit Yango would refuse is refused here, with the figure, and recorded.
  let refusal: string | null = null;
  let insufficient: string | null = null;
  try {
    const page = await (await deps.api.client()).listDriverProfiles(creds, { ids: [link.yangoId], limit: 1, offset: 0 });
    const profile = page.profiles.find((p) => p.id === link.yangoId);
    if (!profile) refusal = YANGO_DEBIT_TEXTS.profileNotFound;
    else if (!profile.account) refusal = YANGO_DEBIT_TEXTS.noAccount;
    else if (profile.account.currency !== park.currency) refusal = YANGO_DEBIT_TEXTS.otherCurrency(profile.account.currency, park.currency);
    else if (profile.account.balance < amount) {
      const available = money(Math.max(0, profile.account.balance), park.currency);
      refusal = YANGO_DEBIT_TEXTS.balanceTooLow(available);
      insufficient = YANGO_DEBIT_TEXTS.balanceInsufficient(available);
    }
  } catch (err) {
    throw yangoFailure(err);
  }
  const base = { parkId: acting.parkId, driverId: recipe.driverId, recipeId: recipe.id, amount, createdBy: acting.id };
  if (refusal) {
    await deps.db.insert(yangoDebits).values({ ...base, status: 'failed', reason: refusal, settledAt: new Date() });
    if (insufficient) throw new AppError('YANGO_BALANCE_INSUFFICIENT', { message: insufficient });
    throw new AppError('YANGO_DEBIT_REFUSED', { message: YANGO_DEBIT_TEXTS.refused(refusal) });
  }

  // Committed before Yango is asked: whatever happens next, the token is known and asked again.
  let debit: DebitRow;
  try {
    [debit] = await deps.db.insert(yangoDebits).values(base).returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('YANGO_DEBIT_IN_PROGRESS');
    throw err;
  }
  const outcome = await askYango(deps, creds, link.yangoId, debit, recipe, park.currency);
  if (outcome.kind === 'confirmed') debit = await settleConfirmed(deps, debit.id, outcome.txId, park.currency, body.comment);
  else if (outcome.kind === 'refused') {
    debit = await settleFailed(deps, debit.id, outcome.reason);
    if (debit.status === 'failed') throw new AppError('YANGO_DEBIT_REFUSED', { message: YANGO_DEBIT_TEXTS.refused(outcome.reason) });
  }
  return { debit: debitView(debit, park), message: messageOf(debit) };
}

/** GET /yango/debit/{id}: the park's debit, Yango asked again (same token) while it is pending. */
export async function debitOf(deps: YangoDeps, acting: ActingProfile, id: string): Promise<{ debit: TYangoDebit; message: string }> {
  if (!UUID_PATTERN.test(id)) throw new AppError('NOT_FOUND', { message: 'Prélèvement Yango introuvable' });
  const [d] = await deps.db.select().from(yangoDebits).where(and(eq(yangoDebits.id, id), eq(yangoDebits.parkId, acting.parkId)));
  if (!d) throw new AppError('NOT_FOUND', { message: 'Prélèvement Yango introuvable' });
  const now = await recheck(deps, d, acting.park);
  return { debit: debitView(now, acting.park), message: messageOf(now) };
}

/** GET /yango/recipe/{recipe_id}/debits: the recipe's debits, newest first (the collect dialog shows the last failure's reason). */
export async function debitsOfRecipe(deps: YangoDeps, acting: ActingProfile, recipeId: string): Promise<TYangoDebit[]> {
  if (!UUID_PATTERN.test(recipeId)) throw new AppError('RECIPE_NOT_FOUND');
  const [recipe] = await deps.db.select({ id: recipes.id }).from(recipes).where(and(eq(recipes.id, recipeId), eq(recipes.parkId, acting.parkId)));
  if (!recipe) throw new AppError('RECIPE_NOT_FOUND');
  const rows = await deps.db.select().from(yangoDebits).where(and(eq(yangoDebits.recipeId, recipeId), eq(yangoDebits.parkId, acting.parkId))).orderBy(desc(yangoDebits.createdAt), desc(yangoDebits.id));
  return rows.map((d) => debitView(d, acting.park));
}

export interface YangoDebitsRunResult {
  checked: number;
  paid: number;
  failed: number;
  pending: number;
}

/** Pending debits older than `olderThanSeconds`, asked again (see the header). */
export async function recheckPendingDebits(deps: YangoDeps, opts: { olderThanSeconds: number } = { olderThanSeconds: 60 }, now: Date = new Date()): Promise<YangoDebitsRunResult> {
  const result: YangoDebitsRunResult = { checked: 0, paid: 0, failed: 0, pending: 0 };
  const rows = await deps.db
    .select()
    .from(yangoDebits)
    .where(and(eq(yangoDebits.status, 'pending'), lt(yangoDebits.createdAt, new Date(now.getTime() - opts.olderThanSeconds * 1000))))
    .orderBy(yangoDebits.createdAt)
    .limit(200);
  const parks = new Map<string, Park>();
  for (const d of rows) {
    // Past the first day, once an hour (PENDING_WINDOW_HOURS).
    if (now.getTime() - d.createdAt.getTime() > PENDING_WINDOW_HOURS * 3_600_000 && now.getUTCMinutes() !== 0) continue;
    try {
      if (!parks.has(d.parkId)) parks.set(d.parkId, await parkOf(deps, d.parkId));
      const after = await recheck(deps, d, parks.get(d.parkId)!, now);
      result.checked += 1;
      result[after.status] += 1;
    } catch (err) {
      deps.log?.warn({ err, debitId: d.id }, 'yango debit recheck failed');
    }
  }
  return result;
}

/** Every minute: pending debits older than a minute asked again with their token. */
export function yangoDebitsJob(deps: YangoDeps): ScheduledJob {
  return { name: 'yango-debits', cron: '* * * * *', pollSeconds: 30, run: () => recheckPendingDebits(deps) };
}
