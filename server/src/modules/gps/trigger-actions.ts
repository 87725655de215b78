import { and, eq, inArray } from 'drizzle-orm';
import type { GpsCommand, GpsCommandResult, GpsFix } from '../../integrations/gps/gps.types.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import type { GpsDeps } from './gps.deps.ts';
import { gpsFailure, parkGpsLink, type ParkGpsLink } from './gps-link.ts';
import { driverNotifications, gpsActionLog, penaltyTriggers, triggerEpisodes } from './gps.tables.ts';

/**
 * What a penalty trigger does once it fires (issue 22 section 3), and the lock's release. Every
 * action (and a lock put off) is written to gps_action_log with the trigger, the driver, the
 * vehicle, the amounts, its cause and the answer, in French (the provider's own words go to the
 * server log only).
 *
 * The lock's safety rule (issue 22 design): a lock goes out only when the vehicle's device shows
 * it stopped: its latest fix fresh (under 10 minutes), and every fix of the last max(stop_delay,
 * 3) minutes, the latest included, under 1 km/h with the ignition not on. Otherwise (moving, no
 * recent fix, device offline, provider unreachable) the episode waits and is looked at again a
 * minute later: never a blind lock. The first deferral is logged ('lock_deferred'), not each retry.
 */

export type EpisodeRow = typeof triggerEpisodes.$inferSelect;
export type TriggerRow = typeof penaltyTriggers.$inferSelect;

export const STOPPED_BELOW_KMH = 1;
export const FRESH_FIX_MS = 10 * 60_000;
export const MIN_STOPPED_MINUTES = 3;
export const RETRY_MS = 60_000;

export const ACTION_TEXTS = {
  sent: 'Commande reçue par le boîtier',
  queued: 'Commande transmise au fournisseur\u00a0: le boîtier la reçoit à sa connexion',
  offline: "Boîtier hors ligne\u00a0: la commande n'a pas été envoyée",
  refused: 'Le fournisseur GPS a refusé la commande',
  providerDown: 'Le fournisseur GPS ne répond pas',
  credentials: 'Le fournisseur GPS a refusé les identifiants du parc',
  unknownDevice: 'Le fournisseur GPS ne connaît pas le numéro GPS du véhicule',
  notConnected: "Aucun fournisseur GPS n'est configuré pour le parc",
  noDevice: "Le véhicule n'a pas de numéro GPS",
  moving: "Véhicule en mouvement ou arrêté depuis trop peu de temps\u00a0: blocage différé jusqu'à son arrêt",
  noFix: 'Aucune position récente du boîtier\u00a0: blocage différé',
  unreachable: 'Le fournisseur GPS ne répond pas\u00a0: blocage différé',
  sms: 'SMS envoyé au chauffeur',
  email: 'E-mail envoyé au chauffeur',
  smsInstead: "Le chauffeur n'a pas d'adresse e-mail\u00a0: notification envoyée par SMS",
  push: "Notification enregistrée dans l'espace du chauffeur",
  notifyFailed: "L'envoi de la notification a échoué",
  cancelled: 'Blocage annulé avant son envoi',
  vehicleGone: 'Véhicule supprimé\u00a0: aucune commande envoyée',
  unlockOffline: "Le boîtier du véhicule est hors ligne\u00a0: le déblocage n'a pas été envoyé, réessayez dans quelques minutes",
  unlockRefused: 'Le fournisseur GPS a refusé le déblocage\u00a0: le véhicule reste bloqué',
} as const;

const clock = (deps: GpsDeps) => deps.now?.() ?? new Date();

/** A command's result as the log's outcome and French answer. */
function commandOutcome(r: GpsCommandResult): { outcome: 'sent' | 'queued' | 'offline' | 'failed'; answer: string } {
  if (r.outcome === 'refused') return { outcome: 'failed', answer: ACTION_TEXTS.refused };
  return { outcome: r.outcome, answer: ACTION_TEXTS[r.outcome] };
}

/** A provider error as the log's French answer. */
function providerAnswer(err: unknown): string {
  const e = gpsFailure(err);
  if (e.errorName === 'GPS_CREDENTIALS_REFUSED') return ACTION_TEXTS.credentials;
  if (e.errorName === 'GPS_DEVICE_UNKNOWN') return ACTION_TEXTS.unknownDevice;
  return ACTION_TEXTS.providerDown;
}

export async function logAction(
  deps: GpsDeps,
  ep: EpisodeRow,
  v: { kind: 'notification' | 'buzzer' | 'lock' | 'unlock' | 'lock_deferred'; cause: 'trigger' | 'auto_cancel' | 'manual'; by?: string | null; outcome: 'sent' | 'queued' | 'waiting' | 'failed' | 'offline'; answer: string },
): Promise<void> {
  await deps.db.insert(gpsActionLog).values({
    parkId: ep.parkId,
    at: clock(deps),
    kind: v.kind,
    cause: v.cause,
    causedBy: v.by ?? null,
    episodeId: ep.id,
    triggerTitle: ep.triggerTitle,
    driverId: ep.driverId,
    vehicleId: ep.vehicleId,
    debt: ep.debt,
    objective: ep.objective,
    outcome: v.outcome,
    answer: v.answer,
  });
}

async function setEpisode(deps: GpsDeps, id: string, values: Partial<typeof triggerEpisodes.$inferInsert>): Promise<void> {
  await deps.db.update(triggerEpisodes).set(values).where(eq(triggerEpisodes.id, id));
}

/** A lock attempt's result, only while the lock still waits (a release or an auto-cancel meanwhile wins). */
async function setWaitingEpisode(deps: GpsDeps, id: string, values: Partial<typeof triggerEpisodes.$inferInsert>): Promise<void> {
  await deps.db.update(triggerEpisodes).set(values).where(and(eq(triggerEpisodes.id, id), eq(triggerEpisodes.state, 'waiting')));
}

/** The vehicle's device ident (gps_number), or null. */
async function deviceOf(deps: GpsDeps, vehicleId: string | null): Promise<string | null> {
  if (!vehicleId) return null;
  const [v] = await deps.db.select({ gps: vehicles.gpsNumber }).from(vehicles).where(eq(vehicles.id, vehicleId));
  return v?.gps?.trim() || null;
}

/** The provider link and the device, or the reason there is none (logged as a failure by the caller). */
async function deviceLink(deps: GpsDeps, ep: EpisodeRow): Promise<{ link: ParkGpsLink; ident: string } | { reason: string }> {
  const ident = await deviceOf(deps, ep.vehicleId);
  if (!ident) return { reason: ACTION_TEXTS.noDevice };
  const link = await parkGpsLink(deps, ep.parkId);
  if (!link) return { reason: ACTION_TEXTS.notConnected };
  return { link, ident };
}

/** Sends a command and logs it; answers the outcome ('failed' also for a provider error). */
async function sendLogged(deps: GpsDeps, ep: EpisodeRow, link: ParkGpsLink, ident: string, command: GpsCommand, cause: 'trigger' | 'auto_cancel' | 'manual' = 'trigger', by: string | null = null) {
  try {
    const r = await link.client.sendCommand(link.creds, ident, command);
    if (r.outcome !== 'sent' && r.outcome !== 'queued') deps.log?.warn({ episodeId: ep.id, kind: command.kind, outcome: r.outcome, answer: r.answer }, 'gps command not taken');
    const o = commandOutcome(r);
    await logAction(deps, ep, { kind: command.kind, cause, by, ...o });
    return { ...o, error: null as unknown };
  } catch (err) {
    deps.log?.warn({ err, episodeId: ep.id, kind: command.kind }, 'gps command failed');
    const answer = providerAnswer(err);
    await logAction(deps, ep, { kind: command.kind, cause, by, outcome: 'failed', answer });
    return { outcome: 'failed' as const, answer, error: err };
  }
}

// ---------------------------------------------------------------- notification

/** The trigger's notification to the driver: SMS, e-mail (SMS when he has no address), or a notice in his space. */
export async function notifyDriver(deps: GpsDeps, ep: EpisodeRow, t: TriggerRow): Promise<void> {
  const [d] = await deps.db.select({ phone: drivers.phone, email: drivers.email }).from(drivers).where(eq(drivers.id, ep.driverId));
  const text = t.notificationMessage?.trim() || t.title;
  let answer: string;
  try {
    if (t.notificationType === 'push') {
      await deps.db.insert(driverNotifications).values({ parkId: ep.parkId, driverId: ep.driverId, title: t.title, body: text, createdAt: clock(deps) });
      answer = ACTION_TEXTS.push;
    } else if (t.notificationType === 'email' && d?.email) {
      await deps.notifier.send({ channel: 'email', to: d.email, subject: t.title, text });
      answer = ACTION_TEXTS.email;
    } else {
      await deps.notifier.send({ channel: 'sms', to: d.phone, text });
      answer = t.notificationType === 'email' ? ACTION_TEXTS.smsInstead : ACTION_TEXTS.sms;
    }
  } catch (err) {
    deps.log?.warn({ err, episodeId: ep.id }, 'trigger notification failed');
    await logAction(deps, ep, { kind: 'notification', cause: 'trigger', outcome: 'failed', answer: ACTION_TEXTS.notifyFailed });
    await setEpisode(deps, ep.id, { state: 'failed', lastAnswer: ACTION_TEXTS.notifyFailed, attempts: 1 });
    return;
  }
  await logAction(deps, ep, { kind: 'notification', cause: 'trigger', outcome: 'sent', answer });
  await setEpisode(deps, ep.id, { state: 'done', doneAt: clock(deps), lastAnswer: answer, attempts: 1 });
}

// ---------------------------------------------------------------- buzzer

export async function soundBuzzer(deps: GpsDeps, ep: EpisodeRow, t: TriggerRow): Promise<void> {
  const target = await deviceLink(deps, ep);
  if ('reason' in target) {
    await logAction(deps, ep, { kind: 'buzzer', cause: 'trigger', outcome: 'failed', answer: target.reason });
    return setEpisode(deps, ep.id, { state: 'failed', lastAnswer: target.reason, attempts: 1 });
  }
  const r = await sendLogged(deps, ep, target.link, target.ident, buzzerCommand(target.link, t, t.buzzerDuration ?? 0));
  const ok = r.outcome === 'sent' || r.outcome === 'queued';
  await setEpisode(deps, ep.id, { state: ok ? 'done' : 'failed', doneAt: ok ? clock(deps) : null, lastAnswer: r.answer, attempts: 1 });
}

function buzzerCommand(link: ParkGpsLink, t: TriggerRow, seconds: number): GpsCommand {
  return { kind: 'buzzer', text: link.commands.buzzer, buzzerSeconds: seconds, buzzerMode: t.buzzerMode ?? 'continuous' };
}

// ---------------------------------------------------------------- lock

type Safety = { safe: true } | { safe: false; outcome: 'waiting' | 'offline'; answer: string } | { safe: false; outcome: 'failed'; answer: string };

const moving = (f: GpsFix) => f.speedKmh >= STOPPED_BELOW_KMH || f.ignition === true;

/** The safety rule: may a lock go to this device now? */
export async function lockSafety(link: ParkGpsLink, ident: string, stopDelayMinutes: number, now: Date): Promise<Safety> {
  const windowMs = Math.max(stopDelayMinutes, MIN_STOPPED_MINUTES) * 60_000;
  try {
    const latest = (await link.client.latest(link.creds, [ident])).get(ident);
    if (!latest || now.getTime() - latest.at.getTime() >= FRESH_FIX_MS) return { safe: false, outcome: 'offline', answer: ACTION_TEXTS.noFix };
    if (moving(latest)) return { safe: false, outcome: 'waiting', answer: ACTION_TEXTS.moving };
    const fixes = await link.client.positions(link.creds, ident, { from: new Date(now.getTime() - windowMs), to: now, limit: 1000 });
    if (fixes.some(moving)) return { safe: false, outcome: 'waiting', answer: ACTION_TEXTS.moving };
    return { safe: true };
  } catch (err) {
    const e = gpsFailure(err);
    // A device the provider doesn't know will not stop being unknown by waiting.
    if (e.errorName === 'GPS_DEVICE_UNKNOWN') return { safe: false, outcome: 'failed', answer: ACTION_TEXTS.unknownDevice };
    return { safe: false, outcome: 'waiting', answer: ACTION_TEXTS.unreachable };
  }
}

/**
 * One attempt at a lock episode the caller holds (just inserted, or claimed by the retry): sends
 * the buzzer then the lock when the vehicle is safely stopped, else puts it off a minute. The
 * episode's attempts count is the caller's (1 on the first attempt: that one logs the deferral).
 */
export async function attemptLock(deps: GpsDeps, ep: EpisodeRow, t: TriggerRow | null): Promise<void> {
  const now = clock(deps);
  const attempts = ep.attempts;
  const target = await deviceLink(deps, ep);
  if ('reason' in target) {
    await logAction(deps, ep, { kind: 'lock', cause: 'trigger', outcome: 'failed', answer: target.reason });
    return setWaitingEpisode(deps, ep.id, { state: 'failed', lastAnswer: target.reason, nextAttemptAt: null });
  }
  const { link, ident } = target;
  const safety = await lockSafety(link, ident, t?.stopDelay ?? 0, now);
  if (!safety.safe) {
    if (safety.outcome === 'failed') {
      await logAction(deps, ep, { kind: 'lock', cause: 'trigger', outcome: 'failed', answer: safety.answer });
      return setWaitingEpisode(deps, ep.id, { state: 'failed', lastAnswer: safety.answer, nextAttemptAt: null });
    }
    if (attempts <= 1) await logAction(deps, ep, { kind: 'lock_deferred', cause: 'trigger', outcome: safety.outcome, answer: safety.answer });
    return setWaitingEpisode(deps, ep.id, { state: 'waiting', lastAnswer: safety.answer, nextAttemptAt: new Date(now.getTime() + RETRY_MS) });
  }
  // Marked done before the command goes: a release meanwhile then finds a lock to release (and
  // sends the unlock) instead of cancelling a waiting one while the lock is on its way.
  const held = await deps.db
    .update(triggerEpisodes)
    .set({ state: 'done', doneAt: now, nextAttemptAt: null })
    .where(and(eq(triggerEpisodes.id, ep.id), eq(triggerEpisodes.state, 'waiting')))
    .returning({ id: triggerEpisodes.id });
  if (held.length === 0) return;
  if (t?.buzzerDuration) await sendLogged(deps, ep, link, ident, buzzerCommand(link, t, t.buzzerDuration));
  const r = await sendLogged(deps, ep, link, ident, { kind: 'lock', text: link.commands.lock, direct: true });
  const done = and(eq(triggerEpisodes.id, ep.id), eq(triggerEpisodes.state, 'done'));
  if (r.outcome === 'sent' || r.outcome === 'queued') {
    await deps.db.update(triggerEpisodes).set({ doneAt: clock(deps), lastAnswer: r.answer }).where(eq(triggerEpisodes.id, ep.id));
    return;
  }
  // Offline or unreachable: tried again in a minute, the safety rule checked again first. Refused: failed.
  const refused = r.outcome === 'failed' && r.error === null;
  await deps.db
    .update(triggerEpisodes)
    .set(refused ? { state: 'failed', doneAt: null, lastAnswer: r.answer } : { state: 'waiting', doneAt: null, lastAnswer: r.answer, nextAttemptAt: new Date(now.getTime() + RETRY_MS) })
    .where(done);
}

// ---------------------------------------------------------------- release

/**
 * Releases a trigger's lock: by hand (GEOLOCK, PIN step-up: the route's) or because the debt was
 * paid (the job's auto-cancel). A lock still waiting for the vehicle to stop is cancelled without
 * any command. A provider failure leaves the lock 'done' (logged) and throws its French error.
 */
export async function releaseLock(deps: GpsDeps, v: { parkId: string; episodeId: string; cause: 'manual' | 'auto_cancel'; by: string | null }): Promise<void> {
  if (!UUID_PATTERN.test(v.episodeId)) throw new AppError('TRIGGER_EPISODE_NOT_FOUND');
  const [ep] = await deps.db.select().from(triggerEpisodes).where(and(eq(triggerEpisodes.id, v.episodeId), eq(triggerEpisodes.parkId, v.parkId)));
  if (!ep) throw new AppError('TRIGGER_EPISODE_NOT_FOUND');
  if (ep.action !== 'lock' || (ep.state !== 'done' && ep.state !== 'waiting')) throw new AppError('TRIGGER_NOT_LOCKED');
  const now = clock(deps);
  const closed = { releasedAt: now, releasedBy: v.by, nextAttemptAt: null };
  if (ep.state === 'waiting') {
    await deps.db
      .update(triggerEpisodes)
      .set({ ...closed, state: 'cancelled', lastAnswer: ACTION_TEXTS.cancelled })
      .where(and(eq(triggerEpisodes.id, ep.id), eq(triggerEpisodes.state, 'waiting')));
    return;
  }
  if (!ep.vehicleId) {
    await logAction(deps, ep, { kind: 'unlock', cause: v.cause, by: v.by, outcome: 'sent', answer: ACTION_TEXTS.vehicleGone });
    await deps.db.update(triggerEpisodes).set({ ...closed, state: 'released', lastAnswer: ACTION_TEXTS.vehicleGone }).where(eq(triggerEpisodes.id, ep.id));
    return;
  }
  const ident = await deviceOf(deps, ep.vehicleId);
  if (!ident) throw new AppError('GPS_VEHICLE_NO_DEVICE');
  const link = await parkGpsLink(deps, ep.parkId);
  if (!link) throw new AppError('GPS_NOT_CONNECTED');
  const r = await sendLogged(deps, ep, link, ident, { kind: 'unlock', text: link.commands.unlock }, v.cause, v.by);
  if (r.error) throw gpsFailure(r.error);
  if (r.outcome !== 'sent' && r.outcome !== 'queued') throw new AppError('GPS_UNAVAILABLE', { message: r.outcome === 'offline' ? ACTION_TEXTS.unlockOffline : ACTION_TEXTS.unlockRefused });
  await deps.db
    .update(triggerEpisodes)
    .set({ ...closed, state: 'released', lastAnswer: r.answer })
    .where(and(eq(triggerEpisodes.id, ep.id), inArray(triggerEpisodes.state, ['done'])));
}
