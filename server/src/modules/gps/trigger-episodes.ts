import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Page } from '@flotte/contract';
import type { TTriggerEpisode, TriggerAction } from '@flotte/contract/penalty-triggers';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { pageWindow, toPage } from '../../platform/pagination.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { triggerEpisodes } from './gps.tables.ts';
import { fromMinor } from '../../platform/money.ts';

/**
 * The triggers' episodes as the owner reads them (GET /penalty-triggers/episodes): which trigger
 * acted on which driver's unpaid run, on which vehicle, and where the action stands.
 */

export type EpisodeState = TTriggerEpisode['state'];

const columns = {
  e: triggerEpisodes,
  firstName: drivers.firstName,
  lastName: drivers.lastName,
  vehicleLabel: vehicles.label,
  registration: vehicles.registrationNumber,
};

type Joined = { e: typeof triggerEpisodes.$inferSelect; firstName: string | null; lastName: string | null; vehicleLabel: string | null; registration: string | null };

export const personName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

function view(r: Joined, park: ActingProfile['park']): TTriggerEpisode {
  const e = r.e;
  const wire = (d: Date | null) => (d ? toWireDate(d, park.timeZone) : null);
  return {
    id: e.id,
    trigger: { id: e.triggerId, title: e.triggerTitle },
    action: e.action,
    state: e.state,
    driver: { id: e.driverId, name: personName(r.firstName, r.lastName) },
    vehicle: e.vehicleId ? { id: e.vehicleId, label: r.vehicleLabel, registration_number: r.registration } : null,
    episode_start: e.episodeStart,
    debt: fromMinor(e.debt, park.currency),
    objective: fromMinor(e.objective, park.currency),
    currency: park.currency,
    fired_at: toWireDate(e.firedAt, park.timeZone),
    done_at: wire(e.doneAt),
    released_at: wire(e.releasedAt),
    attempts: e.attempts,
    last_answer: e.lastAnswer,
  };
}

function joined(db: Db | Tx) {
  return db
    .select(columns)
    .from(triggerEpisodes)
    .innerJoin(drivers, eq(drivers.id, triggerEpisodes.driverId))
    .leftJoin(vehicles, eq(vehicles.id, triggerEpisodes.vehicleId));
}

/** GET /penalty-triggers/episodes: a page, newest first, of one state and action or all. */
export async function listEpisodes(
  db: Db,
  acting: ActingProfile,
  q: { page: number; itemPerPage: number; state?: EpisodeState; action?: TriggerAction },
): Promise<Page<TTriggerEpisode>> {
  const where: SQL[] = [eq(triggerEpisodes.parkId, acting.parkId)];
  if (q.state) where.push(eq(triggerEpisodes.state, q.state));
  if (q.action) where.push(eq(triggerEpisodes.action, q.action));
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    joined(db)
      .where(and(...where))
      .orderBy(desc(triggerEpisodes.firedAt), desc(triggerEpisodes.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(triggerEpisodes).where(and(...where)),
  ]);
  return toPage(rows.map((r) => view(r, acting.park)), Number(total), q);
}

/** One episode of the acting park, or TRIGGER_EPISODE_NOT_FOUND (another park's reads as unknown). */
export async function episodeView(db: Db | Tx, acting: ActingProfile, id: string): Promise<TTriggerEpisode> {
  const [row] = UUID_PATTERN.test(id) ? await joined(db).where(and(eq(triggerEpisodes.parkId, acting.parkId), eq(triggerEpisodes.id, id))) : [];
  if (!row) throw new AppError('TRIGGER_EPISODE_NOT_FOUND');
  return view(row, acting.park);
}
