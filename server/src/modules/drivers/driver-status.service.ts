import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TDriver } from '@flotte/contract';
import { AppError } from '../../platform/errors.ts';
import { findDriverRow } from './drivers.queries.ts';
import { readDriver, statusOf, type DriverStatus, type DriversDeps } from './drivers.service.ts';
import { drivers } from './drivers.tables.ts';

/**
 * A driver's status changes (spec 000 section 4): suspend and lift the suspension, deactivate and
 * activate. Status lives in two stamps, blocked_at and desactivate_at; a suspended or deactivated
 * driver can't be assigned to a vehicle (assignableDrivers tells the vehicles module).
 */
const NOT_FOUND = () => new AppError('DRIVER_NOT_FOUND');

const ACTIVE = and(isNull(drivers.blockedAt), isNull(drivers.desactivateAt));
const SUSPENDED = and(isNotNull(drivers.blockedAt), isNull(drivers.desactivateAt));
const DEACTIVATED = isNotNull(drivers.desactivateAt);

/**
 * One status change, applied only from the status it starts from (one UPDATE, so two clicks
 * can't both pass); otherwise 404 for a driver the park doesn't have, 409 with why.
 */
async function transition(
  deps: DriversDeps,
  parkId: string,
  id: string,
  change: { from: ReturnType<typeof and>; set: Partial<typeof drivers.$inferInsert>; refused: Partial<Record<DriverStatus, string>> },
): Promise<TDriver> {
  const current = await findDriverRow(deps.db, parkId, id);
  if (!current) throw NOT_FOUND();
  const [done] = await deps.db
    .update(drivers)
    .set(change.set)
    .where(and(eq(drivers.id, id), eq(drivers.parkId, parkId), change.from))
    .returning({ id: drivers.id });
  if (!done) {
    const row = await findDriverRow(deps.db, parkId, id);
    const status = row ? statusOf(row.driver) : statusOf(current.driver);
    throw new AppError('DRIVER_STATUS_CONFLICT', { message: change.refused[status] });
  }
  return readDriver(deps, parkId, id);
}

/** POST /driver/suspended: an active driver is suspended, with the reason kept. */
export function suspendDriver(deps: DriversDeps, parkId: string, id: string, reason?: string) {
  return transition(deps, parkId, id, {
    from: ACTIVE,
    set: { blockedAt: new Date(), blockReason: reason ?? null },
    refused: { suspended: 'Ce chauffeur est déjà suspendu', deactivated: 'Un chauffeur désactivé ne peut pas être suspendu' },
  });
}

/** GET /driver/remove-suspension/{id}: a suspended driver is active again. */
export function removeSuspension(deps: DriversDeps, parkId: string, id: string) {
  return transition(deps, parkId, id, {
    from: SUSPENDED,
    set: { blockedAt: null, blockReason: null },
    refused: { active: "Ce chauffeur n'est pas suspendu", deactivated: "Ce chauffeur est désactivé : activez-le plutôt" },
  });
}

/** GET /driver/deactivate/{id}: an active or suspended driver leaves the fleet's active list. */
export function deactivateDriver(deps: DriversDeps, parkId: string, id: string) {
  return transition(deps, parkId, id, {
    from: isNull(drivers.desactivateAt),
    set: { desactivateAt: new Date() },
    refused: { deactivated: 'Ce chauffeur est déjà désactivé' },
  });
}

/** GET /driver/activate/{id}: a deactivated driver comes back active (any old suspension lifted too). */
export function activateDriver(deps: DriversDeps, parkId: string, id: string) {
  return transition(deps, parkId, id, {
    from: DEACTIVATED,
    set: { desactivateAt: null, blockedAt: null, blockReason: null },
    refused: { active: 'Ce chauffeur est déjà actif', suspended: "Ce chauffeur est suspendu : levez plutôt la suspension" },
  });
}

/** PUT /driver/enable-withdraw: whether the driver may withdraw money. */
export async function setWithdraw(deps: DriversDeps, parkId: string, id: string, enabled: boolean): Promise<TDriver> {
  const [done] = await deps.db
    .update(drivers)
    .set({ enableWithdraw: enabled })
    .where(and(eq(drivers.id, id), eq(drivers.parkId, parkId)))
    .returning({ id: drivers.id });
  if (!done) throw NOT_FOUND();
  return readDriver(deps, parkId, id);
}
