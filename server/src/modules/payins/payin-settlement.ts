import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { anyId } from '../../platform/db/prepared.ts';
import { toWireDate } from '../../platform/dates.ts';
import { fromMinor } from '../../platform/money.ts';
import type { CollectionStatus } from '../../platform/payments/collection.types.ts';
import { parks } from '../access/access.tables.ts';
import { ledgerAccount, post } from '../ledger/ledger.service.ts';
import { applyRecipePayments, createUnscheduledRecipe, type RecipeAllocation } from '../recipes/recipe-collection.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { parkBalanceAccount } from '../treasury/park-balance.ts';
import { parkTransactions, paymentProviderEvents } from '../treasury/treasury.tables.ts';
import { pnlAccountIdByCode } from '../withdrawals/withdraw-fees-account.ts';
import type { PaymentProvider } from '../withdrawals/withdrawals.tables.ts';
import { operatorById } from './payin-operators.ts';
import { payinPurposeHandler } from './payin-purposes.ts';
import type { PayinRow } from './payin-view.ts';
import { payins } from './payins.tables.ts';

/**
 * Settling a pay-in: what the provider said (a callback, a status check) applied once, in one
 * database transaction with the pay-in row locked.
 *
 * - success, from any state but success (pending, expired, cancelled, even failed: the provider is
 *   the one who knows the money moved): the purpose is applied (recipes collected by mobile money,
 *   or an unscheduled recipe created and collected), a 'payment' park transaction records the
 *   money received, and the pay-in turns success. Already success: nothing, so a callback
 *   delivered twice, or a callback racing a status check, pays once.
 * - failed: a pending or expired pay-in turns failed; a cancelled one stays cancelled.
 * - pending: a pending pay-in past its countdown turns expired (it may still succeed later).
 *
 * Nothing received is lost: what the recipes can no longer take (paid in cash meanwhile, deleted)
 * goes to the driver's balance (his sold grows: park_balance +R, driver_balance -R), and the
 * pay-in's detail says so. The recipe operations (funding 'park_balance') are the postings of
 * what was applied; the park transaction adds no second posting for it.
 */

export interface SettleOutcome {
  status: CollectionStatus;
  providerRef?: string | null;
  detail?: string;
}

export interface SettleResult {
  row: PayinRow | null;
  /** This call applied the payment (false when it was already applied, or not a success). */
  applied: boolean;
  /** The event was already handled: nothing was done. */
  duplicate: boolean;
}

/** Callbacks and checks name the pay-in; a redelivered event (same provider and id) changes nothing. */
export interface ProviderEvent {
  provider: string;
  eventId: string;
}

export async function settlePayin(deps: { db: Db }, id: string, outcome: SettleOutcome, event?: ProviderEvent): Promise<SettleResult> {
  return deps.db.transaction(async (tx) => {
    // Only final outcomes are remembered: a "still pending" notification redelivered later is
    // worth reading again.
    if (event && outcome.status !== 'pending') {
      const [fresh] = await tx
        .insert(paymentProviderEvents)
        .values({ provider: event.provider as PaymentProvider, eventId: event.eventId.slice(0, 500) })
        .onConflictDoNothing()
        .returning({ eventId: paymentProviderEvents.eventId });
      if (!fresh) {
        const [row] = await tx.select().from(payins).where(eq(payins.id, id));
        return { row: row ?? null, applied: false, duplicate: true };
      }
    }
    const [row] = await tx.select().from(payins).where(eq(payins.id, id)).for('update');
    if (!row) return { row: null, applied: false, duplicate: false };
    if (row.status === 'success') return { row, applied: false, duplicate: false };
    const now = new Date();
    const providerRef = row.providerRef ?? outcome.providerRef ?? null;

    if (outcome.status === 'pending') {
      const expired = row.status === 'pending' && row.expiresAt.getTime() <= now.getTime();
      if (!expired && providerRef === row.providerRef) return { row, applied: false, duplicate: false };
      const [updated] = await tx
        .update(payins)
        .set({ providerRef, ...(expired ? { status: 'expired' as const } : {}) })
        .where(eq(payins.id, id))
        .returning();
      return { row: updated, applied: false, duplicate: false };
    }

    if (outcome.status === 'failed') {
      if (row.settledAt) return { row, applied: false, duplicate: false };
      const status = row.status === 'cancelled' ? 'cancelled' : 'failed';
      const [updated] = await tx
        .update(payins)
        .set({ status, providerRef, settledAt: now, detail: outcome.detail?.slice(0, 500) ?? row.detail })
        .where(eq(payins.id, id))
        .returning();
      return { row: updated, applied: false, duplicate: false };
    }

    const { detail, transactionId } = await applyPayment(tx, { ...row, providerRef }, now);
    if (event && transactionId) {
      await tx
        .update(paymentProviderEvents)
        .set({ transactionId })
        .where(and(eq(paymentProviderEvents.provider, event.provider as PaymentProvider), eq(paymentProviderEvents.eventId, event.eventId.slice(0, 500))));
    }
    const [updated] = await tx.update(payins).set({ status: 'success', providerRef, settledAt: now, detail }).where(eq(payins.id, id)).returning();
    return { row: updated, applied: true, duplicate: false };
  });
}

/**
 * What each allocation can still take, the recipes locked (FOR UPDATE, id order, as the recipes
 * module locks them): nothing for a recipe deleted, paid or of another park; at most what remains;
 * all of it for a without-objective recipe whose objective is still open. Read here, under the
 * same lock applyRecipePayments takes next, so the amounts it is handed are ones it accepts.
 */
async function applicableAllocations(tx: Tx, parkId: string, allocations: RecipeAllocation[]): Promise<{ allocations: RecipeAllocation[]; driverId: string | null }> {
  const wanted = new Map<string, number>();
  for (const a of allocations) {
    if (!Number.isSafeInteger(a.amount) || a.amount <= 0) continue;
    const k = a.recipeId.toLowerCase();
    wanted.set(k, (wanted.get(k) ?? 0) + a.amount);
  }
  if (!wanted.size) return { allocations: [], driverId: null };
  const ids = [...wanted.keys()].sort();
  const rows = await tx
    .select({ id: recipes.id, parkId: recipes.parkId, driverId: recipes.driverId, objective: recipes.objective, collected: recipes.collected, collectionType: recipes.collectionType, paidAt: recipes.paidAt, deletedAt: recipes.deletedAt })
    .from(recipes)
    .where(anyId(recipes.id, ids))
    .orderBy(recipes.id)
    .for('update');
  const out: RecipeAllocation[] = [];
  let driverId: string | null = null;
  for (const r of rows) {
    if (r.parkId !== parkId) continue;
    driverId ??= r.driverId;
    if (r.deletedAt || r.paidAt) continue;
    const amount = wanted.get(r.id)!;
    const open = r.objective === 0 && r.collectionType === 'without_recipe_objective';
    const can = open ? amount : Math.min(amount, Math.max(0, r.objective - r.collected));
    if (can > 0) out.push({ recipeId: r.id, amount: can });
  }
  return { allocations: out, driverId };
}

const fmt = (minor: number, currency: string) => `${fromMinor(minor, currency).toLocaleString('fr-FR')} ${currency}`;

async function applyPayment(tx: Tx, row: PayinRow, now: Date): Promise<{ detail: string | null; transactionId: string | null }> {
  const purpose = row.purpose;
  // Another module's purpose (a subscription invoice): its money is not the park's.
  const handler = payinPurposeHandler(purpose.kind);
  if (handler) return { detail: (await handler.onSuccess(tx, row, now)).detail, transactionId: null };
  let applied = 0;
  let driverId = row.driverId;
  const notes: string[] = [];

  if (purpose.kind === 'exceptional') {
    if (row.driverId) {
      const [park] = await tx.select({ timeZone: parks.timeZone }).from(parks).where(eq(parks.id, row.parkId));
      const day = purpose.day ?? toWireDate(now, park?.timeZone).slice(0, 10);
      // A savepoint: if the recipe can't be created (the driver was removed ...), the money still lands on the balance below.
      try {
        await tx.transaction(async (sp) => {
          const recipeId = await createUnscheduledRecipe(sp, {
            parkId: row.parkId,
            actorId: row.createdBy,
            driverId: row.driverId!,
            vehicleId: row.vehicleId,
            day,
            amount: row.amount,
            comment: purpose.comment ?? purpose.description ?? null,
          });
          await applyRecipePayments(sp, { parkId: row.parkId, actorId: row.createdBy, method: 'mobile_money', payinId: row.id, allocations: [{ recipeId, amount: row.amount }], comment: purpose.comment ?? null, at: now });
        });
        applied = row.amount;
      } catch (err) {
        notes.push(`Paiement exceptionnel non enregistré (${err instanceof Error ? err.message : String(err)})`);
      }
    }
  } else {
    const { allocations, driverId: recipeDriver } = await applicableAllocations(tx, row.parkId, purpose.allocations ?? []);
    driverId ??= recipeDriver;
    const total = allocations.reduce((s, a) => s + a.amount, 0);
    if (total > 0) {
      const budget = Math.min(total, row.amount);
      // Never apply more than was received (allocations summing above the amount would be a caller's bug).
      let left = budget;
      const capped = allocations.map((a) => {
        const amount = Math.min(a.amount, left);
        left -= amount;
        return { ...a, amount };
      }).filter((a) => a.amount > 0);
      try {
        await tx.transaction((sp) => applyRecipePayments(sp, { parkId: row.parkId, actorId: row.createdBy, method: 'mobile_money', payinId: row.id, allocations: capped, comment: purpose.comment ?? null, at: now }));
        applied = budget;
      } catch (err) {
        notes.push(`Recettes non encaissées (${err instanceof Error ? err.message : String(err)})`);
      }
    }
  }

  const remainder = row.amount - applied;
  let remainderPostingId: string | null = null;
  if (remainder > 0) {
    const parkBalance = await parkBalanceAccount(tx, row.parkId);
    if (driverId) {
      remainderPostingId = await post(tx, {
        parkId: row.parkId,
        sourceKind: 'payin_remainder',
        sourceId: row.id,
        memo: 'Paiement mobile money non affecté : porté au solde du chauffeur',
        createdBy: row.createdBy,
        lines: [
          { accountId: parkBalance, amount: remainder },
          { accountId: await ledgerAccount(tx, row.parkId, 'driver_balance', driverId), amount: -remainder },
        ],
      });
      notes.push(`${fmt(remainder, row.currency)} n'ont pas pu être affectés aux recettes (déjà encaissées ou supprimées) : portés au solde du chauffeur.`);
    } else {
      // No driver to credit: the money is the park's revenue, never lost.
      const recette = await pnlAccountIdByCode(tx, row.parkId, 'recette');
      if (!recette) throw new Error(`payin ${row.id}: the park has no 'recette' account`);
      remainderPostingId = await post(tx, {
        parkId: row.parkId,
        sourceKind: 'payin_remainder',
        sourceId: row.id,
        memo: 'Paiement mobile money non affecté : enregistré en recette',
        createdBy: row.createdBy,
        lines: [
          { accountId: parkBalance, amount: remainder },
          { accountId: await ledgerAccount(tx, row.parkId, 'pnl', recette), amount: -remainder },
        ],
      });
      notes.push(`${fmt(remainder, row.currency)} n'ont pu être affectés à aucune recette : enregistrés en recette du parc.`);
    }
  }

  const operator = await operatorById(tx, row.operatorId);
  const [transaction] = await tx
    .insert(parkTransactions)
    .values({
      parkId: row.parkId,
      type: 'payment',
      status: 'success',
      amount: row.amount,
      provider: operator?.provider ?? (row.provider === 'mtn' ? 'mtn' : row.provider === 'wave' ? 'wave' : null),
      // The pay-in id when the provider gave none: the row stays traceable to its pay-in.
      providerRef: row.providerRef ?? row.id,
      phone: row.phone,
      reason: purpose.kind === 'exceptional' ? 'Paiement exceptionnel par mobile money' : 'Encaissement de recettes par mobile money',
      postingId: remainderPostingId,
      createdBy: row.createdBy,
      completedAt: now,
    })
    .returning({ id: parkTransactions.id });
  return { detail: notes.length ? notes.join(' ').slice(0, 1000) : null, transactionId: transaction.id };
}
