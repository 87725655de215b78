import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { suggestCourseAmount, type VehicleTarifLike } from '@flotte/contract/course-pricing';
import type { TCourseQuote, TCourseTariff, ZCourseQuoteQuery, ZCourseTariffInput } from '@flotte/contract/courses';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { fieldError } from '../../platform/errors.ts';
import { currencyDecimals, fromMinor, toMinor } from '../../platform/money.ts';
import { COURSE_MESSAGES as M } from '@flotte/contract/courses';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import type { CoursesDeps } from './courses.deps.ts';
import { isUuid } from './courses.queries.ts';
import { courseTariffs } from './courses.tables.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The park's course tariff (a base fee plus a price per km, minor units in the table) and the
 * quote a form asks while a course is booked: the road between two points (the great circle when
 * routing failed) and the amount suggested by the vehicle's own tariffs, else the park's
 * (contract/src/course-pricing.ts, the same function the form may run).
 */

export async function readCourseTariff(db: Db, acting: ActingProfile): Promise<TCourseTariff> {
  const { currency } = acting.park;
  const [t] = await db.select().from(courseTariffs).where(eq(courseTariffs.parkId, acting.parkId)).limit(1);
  return { base_fee: fromMinor(t?.baseFee ?? 0, currency), price_per_km: fromMinor(t?.pricePerKm ?? 0, currency), currency };
}

function minorOrField(amount: number, currency: string, field: string): number {
  try {
    const m = toMinor(amount, currency);
    if (m < 0) throw new RangeError('negative');
    return m;
  } catch {
    throw fieldError(field, M.amount);
  }
}

export async function saveCourseTariff(db: Db, acting: ActingProfile, input: z.output<typeof ZCourseTariffInput>): Promise<TCourseTariff> {
  const { currency } = acting.park;
  const baseFee = minorOrField(input.base_fee, currency, 'base_fee');
  const pricePerKm = minorOrField(input.price_per_km, currency, 'price_per_km');
  await db
    .insert(courseTariffs)
    .values({ parkId: acting.parkId, baseFee, pricePerKm, updatedBy: acting.id })
    .onConflictDoUpdate({ target: courseTariffs.parkId, set: { baseFee, pricePerKm, updatedBy: acting.id, updatedAt: new Date() } });
  return readCourseTariff(db, acting);
}

/** The vehicle's course tariffs ([{tarif (minor units), cadence}]) in the park currency, skipping malformed entries. */
function vehicleTarifsOf(raw: unknown, currency: string): VehicleTarifLike[] {
  if (!Array.isArray(raw)) return [];
  const out: VehicleTarifLike[] = [];
  for (const t of raw) {
    const tarif = Number((t as { tarif?: unknown })?.tarif);
    const cadence = (t as { cadence?: unknown })?.cadence;
    if (Number.isSafeInteger(tarif) && typeof cadence === 'string') out.push({ tarif: fromMinor(tarif, currency), cadence });
  }
  return out;
}

export async function quoteCourse(deps: CoursesDeps, acting: ActingProfile, q: z.output<typeof ZCourseQuoteQuery>): Promise<TCourseQuote> {
  const { currency } = acting.park;
  const outOfRange = (v: number, max: number) => !Number.isFinite(v) || Math.abs(v) > max;
  if (outOfRange(q.from_lat, 90) || outOfRange(q.to_lat, 90)) throw fieldError(outOfRange(q.from_lat, 90) ? 'from_lat' : 'to_lat', 'Veuillez sélectionner une adresse valide.');
  if (outOfRange(q.from_lng, 180) || outOfRange(q.to_lng, 180)) throw fieldError(outOfRange(q.from_lng, 180) ? 'from_lng' : 'to_lng', 'Veuillez sélectionner une adresse valide.');
  let vehicleTarifs: VehicleTarifLike[] = [];
  if (q.vehicle_id) {
    const [v] = isUuid(q.vehicle_id)
      ? await deps.db.select({ tarif: vehicles.tarif }).from(vehicles).where(and(eq(vehicles.id, q.vehicle_id), eq(vehicles.parkId, acting.parkId))).limit(1)
      : [];
    if (!v) throw new AppError('COURSE_VEHICLE_NOT_FOUND');
    vehicleTarifs = vehicleTarifsOf(v.tarif, currency);
  }
  const [road, tariff] = await Promise.all([
    deps.maps.route({ latitude: q.from_lat, longitude: q.from_lng }, { latitude: q.to_lat, longitude: q.to_lng }),
    readCourseTariff(deps.db, acting),
  ]);
  const pricing = suggestCourseAmount({
    tariff: { base_fee: tariff.base_fee, price_per_km: tariff.price_per_km },
    vehicleTarifs,
    distanceMetres: road.distance_m,
    startDate: q.start_date ?? null,
    endDate: q.end_date ?? null,
    decimals: currencyDecimals(currency),
  });
  return {
    distance_m: Math.round(road.distance_m),
    duration_s: road.duration_s === null ? null : Math.round(road.duration_s),
    source: road.source,
    geometry: road.geometry,
    suggested_amount: pricing?.amount ?? null,
    pricing: pricing?.explanation ?? null,
  };
}
