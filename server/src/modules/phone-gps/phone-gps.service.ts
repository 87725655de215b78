import {
  PHONE_GPS_CLOCK_SKEW_SECONDS,
  PHONE_GPS_INTERVAL_SECONDS,
  PHONE_GPS_MAX_FIX_AGE_SECONDS,
  PHONE_GPS_MESSAGES as M,
  type TDriverGpsStatus,
  type TDriverPositionAnswer,
  type TDriverPositionInput,
  type TGpsPhones,
  type TPhoneDriverRef,
  type TPhoneHistory,
  type TPhoneHistoryQuery,
  type TPhonePosition,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { pageWindow, toPage } from '../../platform/pagination.ts';
import { imageLink, type FilesDeps } from '../files/files.service.ts';
import type { Me } from '../driver-space/driver-space.service.ts';
import { addDays } from '../planning/planning-days.ts';
import {
  consentedDrivers,
  consentOf,
  driversOnDuty,
  insertSpaced,
  parkDriverByAnyId,
  parkRetentionDays,
  positionPage,
  setConsent,
  shiftsAround,
  type ParkDriverRow,
  type PositionRow,
} from './phone-gps.queries.ts';

/**
 * Phone GPS (issue 22 section 2). The driver side starts from the driver the signed-in account is
 * in the acting park (driver-space `me`), never from an id the request names. A position is stored
 * only with his consent, while he is within a slot of his confirmed planning (server clock), and at
 * most one every 30 s (a second report within 30 s of the last one stored answers 429: the phone
 * learns to slow down, and nothing is stored twice).
 */

export interface PhoneGpsDeps {
  db: Db;
  files: Pick<FilesDeps, 'signingKey'>;
  /** The clock, replaceable in tests. */
  now?: () => Date;
}

const clock = (deps: PhoneGpsDeps) => deps.now?.() ?? new Date();

/** Yesterday and today (park zone): a night slot of yesterday's service day may still be running. */
function serviceDays(now: Date, timeZone: string): { days: string[]; dayEnd: Date } {
  const today = toWireDate(now, timeZone).slice(0, 10);
  return { days: [addDays(today, -1), today], dayEnd: fromWireDate(`${today}T23:59:59`, timeZone) };
}

async function dutyOf(deps: PhoneGpsDeps, m: Me, now: Date) {
  const { days, dayEnd } = serviceDays(now, m.acting.park.timeZone);
  const shifts = await shiftsAround(deps.db, m.acting.parkId, m.driver.id, days, now, dayEnd);
  const current = shifts.find((s) => s.startsAt <= now);
  return { onDuty: !!current, shift: current ?? shifts[0] ?? null };
}

export async function statusOf(deps: PhoneGpsDeps, m: Me): Promise<TDriverGpsStatus> {
  const now = clock(deps);
  const tz = m.acting.park.timeZone;
  const [consentAt, duty] = await Promise.all([consentOf(deps.db, m.acting.parkId, m.driver.id), dutyOf(deps, m, now)]);
  return {
    consent: !!consentAt,
    consent_at: consentAt ? toWireDate(consentAt, tz) : null,
    on_duty: duty.onDuty,
    shift: duty.shift ? { start_date: toWireDate(duty.shift.startsAt, tz), end_date: toWireDate(duty.shift.endsAt, tz) } : null,
    interval_seconds: PHONE_GPS_INTERVAL_SECONDS,
  };
}

export async function giveConsent(deps: PhoneGpsDeps, m: Me, consent: boolean): Promise<TDriverGpsStatus> {
  await setConsent(deps.db, m.acting.parkId, m.driver.id, consent, clock(deps));
  return statusOf(deps, m);
}

/** The fix time: epoch milliseconds, an ISO instant with Z or an offset, or a wire datetime (park zone). */
function fixTime(raw: number | string, timeZone: string): Date {
  if (typeof raw === 'number') return new Date(raw);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(raw)) return fromWireDate(raw, timeZone, 'recorded_at');
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(raw)) {
    const t = Date.parse(raw);
    if (Number.isFinite(t)) return new Date(t);
  }
  throw fieldError('recorded_at', M.recordedAt);
}

export async function reportPosition(deps: PhoneGpsDeps, m: Me, input: TDriverPositionInput): Promise<TDriverPositionAnswer> {
  const now = clock(deps);
  const tz = m.acting.park.timeZone;
  const recordedAt = fixTime(input.recorded_at, tz);
  if (Number.isNaN(recordedAt.getTime())) throw fieldError('recorded_at', M.recordedAt);
  if (recordedAt.getTime() > now.getTime() + PHONE_GPS_CLOCK_SKEW_SECONDS * 1000) throw fieldError('recorded_at', M.fixInFuture);
  if (now.getTime() - recordedAt.getTime() > PHONE_GPS_MAX_FIX_AGE_SECONDS * 1000) throw fieldError('recorded_at', M.fixTooOld);

  if (!(await consentOf(deps.db, m.acting.parkId, m.driver.id))) throw new AppError('FORBIDDEN', { message: M.consentRequired });
  if (!(await dutyOf(deps, m, now)).onDuty) throw new AppError('CONFLICT', { message: M.offDuty });

  const stored = await insertSpaced(
    deps.db,
    {
      parkId: m.acting.parkId,
      driverId: m.driver.id,
      // A fix a few seconds ahead (phone clock drift) is stored at the server's time.
      recordedAt: recordedAt > now ? now : recordedAt,
      receivedAt: now,
      latitude: input.latitude,
      longitude: input.longitude,
      accuracyM: input.accuracy,
      speedKmh: input.speed == null ? null : Math.round(input.speed * 3.6 * 10) / 10,
      heading: input.heading ?? null,
    },
    PHONE_GPS_INTERVAL_SECONDS * 1000,
  );
  if (!stored) throw new AppError('RATE_LIMITED', { message: M.tooSoon, data: { retry_after_seconds: PHONE_GPS_INTERVAL_SECONDS } });
  return { recorded_at: toWireDate(recordedAt > now ? now : recordedAt, tz), next_in_seconds: PHONE_GPS_INTERVAL_SECONDS };
}

// ---- The park's side ----

const round1 = (v: number | null) => (v == null ? null : Math.round(v * 10) / 10);

function positionView(p: PositionRow, tz: string): TPhonePosition {
  return {
    id: p.id,
    latitude: p.latitude,
    longitude: p.longitude,
    accuracy: round1(p.accuracyM)!,
    speed: round1(p.speedKmh),
    heading: round1(p.heading),
    recorded_at: toWireDate(p.recordedAt, tz),
    received_at: toWireDate(p.receivedAt, tz),
  };
}

function driverRef(deps: PhoneGpsDeps, d: ParkDriverRow): TPhoneDriverRef {
  return { id: d.id, profile_id: d.profileId, first_name: d.firstName, last_name: d.lastName, phone: d.phone, image: imageLink(deps.files, d.image) };
}

/** GET /gps/phones: the park's drivers who consented, each with his last position and whether he is on duty. */
export async function phonesOf(deps: PhoneGpsDeps, acting: ActingProfile): Promise<TGpsPhones> {
  const now = clock(deps);
  const tz = acting.park.timeZone;
  const { days } = serviceDays(now, tz);
  const [rows, onDuty, retention] = await Promise.all([
    consentedDrivers(deps.db, acting.parkId),
    driversOnDuty(deps.db, acting.parkId, days, now),
    parkRetentionDays(deps.db, acting.parkId),
  ]);
  return {
    items: rows.map((r) => ({
      driver: driverRef(deps, r),
      consent_at: toWireDate(r.consentAt, tz),
      on_duty: onDuty.has(r.id),
      last_position: r.last ? positionView(r.last, tz) : null,
      age_seconds: r.last ? Math.max(0, Math.floor((now.getTime() - r.last.recordedAt.getTime()) / 1000)) : null,
    })),
    retention_days: retention,
  };
}

/** A bound of the period: a day (its start, or its end for `end`) or a wire datetime, park zone. */
function bound(v: string | undefined, tz: string, field: string, end: boolean): Date | undefined {
  if (!v) return undefined;
  if (v.length === 10) return new Date(fromWireDate(`${v}T${end ? '23:59:59' : '00:00:00'}`, tz, field).getTime() + (end ? 999 : 0));
  return fromWireDate(v, tz, field);
}

/** GET /driver/position-history/{profile_id}: his positions, newest first. */
export async function historyOf(deps: PhoneGpsDeps, acting: ActingProfile, id: string, q: TPhoneHistoryQuery): Promise<TPhoneHistory> {
  const tz = acting.park.timeZone;
  const driver = UUID_PATTERN.test(id) ? await parkDriverByAnyId(deps.db, acting.parkId, id.toLowerCase()) : undefined;
  if (!driver) throw new AppError('DRIVER_NOT_FOUND');
  const range = { from: bound(q.start_date, tz, 'start_date', false), to: bound(q.end_date, tz, 'end_date', true) };
  const { items, total } = await positionPage(deps.db, acting.parkId, driver.id, range, pageWindow(q));
  return { ...toPage(items.map((p) => positionView(p, tz)), total, q), driver: driverRef(deps, driver) };
}
