import { eq, sql } from 'drizzle-orm';
import {
  UNKNOWN_COUNTRY_MESSAGE,
  UNKNOWN_CURRENCY_MESSAGE,
  ZParkUpdate,
  clearMessages,
  type FieldError,
  type TParkByCode,
  type TParkDetail,
  type TParkUpdate,
} from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { parks } from '../access/access.tables.ts';
import { imageLink, storeUpload, type FilesDeps } from '../files/files.service.ts';
import { countryByIso, isKnownCurrency } from '../location/countries.ts';

/**
 * A park's company data: name, country, currency, time zone, contact, legal notice, logo and the
 * confirmation setting. The parks table is declared with the access tables because every request's
 * caller lookup joins it; its company data is edited only here.
 */
export interface ParkDeps {
  db: Db;
  files: FilesDeps;
}

type ParkRow = typeof parks.$inferSelect;

function detail(deps: ParkDeps, p: ParkRow): TParkDetail {
  return {
    id: p.id,
    name: p.name,
    code: p.code,
    country_code: p.countryCode,
    city: p.city,
    currency: p.currency,
    time_zone: p.timeZone,
    phone: p.phone,
    phone_code: p.phoneCode,
    legal_notice: p.legalNotice,
    logo: p.logo,
    logo_url: imageLink(deps.files, p.logo),
    operations_need_confirmation: p.operationsNeedConfirmation,
    service_soon_days: p.serviceSoonDays,
    service_soon_km: p.serviceSoonKm,
    gps_retention_days: p.gpsRetentionDays,
  };
}

async function findPark(db: Db, parkId: string): Promise<ParkRow> {
  const [row] = await db.select().from(parks).where(eq(parks.id, parkId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function parkDetail(deps: ParkDeps, parkId: string): Promise<TParkDetail> {
  return detail(deps, await findPark(deps.db, parkId));
}

/**
 * Validates company fields from JSON or form data: their shape (the contract's schema, the same the
 * form uses) and that the country and currency are on our country list.
 */
export function parseParkUpdate(raw: unknown): TParkUpdate {
  const parsed = ZParkUpdate.safeParse(raw ?? {});
  const errors: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  if (parsed.success) {
    const v = parsed.data;
    if (v.country_code && !countryByIso(v.country_code)) errors.push({ field: 'country_code', message: UNKNOWN_COUNTRY_MESSAGE });
    if (v.currency && !isKnownCurrency(v.currency)) errors.push({ field: 'currency', message: UNKNOWN_CURRENCY_MESSAGE });
    for (const field of v.clear ?? []) if (v[field] !== undefined) errors.push({ field, message: clearMessages.sentAndCleared(field) });
  }
  if (errors.length) throw new AppError('VALIDATION_FAILED', { message: errors[0].message, fieldErrors: errors });
  return (parsed as { data: TParkUpdate }).data;
}

export interface NewLogo {
  filename: string;
  content: Buffer;
}

/** Applies the changes given (absent fields stay as they are) and answers the park as it now is. */
export async function updatePark(
  deps: ParkDeps,
  v: { parkId: string; userId: string; changes: TParkUpdate; logo?: NewLogo },
): Promise<TParkDetail> {
  const c = v.changes;
  const patch: Partial<typeof parks.$inferInsert> = {};
  if (c.name !== undefined) patch.name = c.name;
  if (c.country_code !== undefined) {
    patch.countryCode = c.country_code;
    // The dialling code follows the country, so phone fields offer the right prefix.
    patch.phoneCode = countryByIso(c.country_code)?.phonecode ?? null;
  }
  if (c.city !== undefined) patch.city = c.city;
  if (c.currency !== undefined) patch.currency = c.currency;
  if (c.time_zone !== undefined) patch.timeZone = c.time_zone;
  if (c.phone !== undefined) patch.phone = c.phone;
  if (c.legal_notice !== undefined) patch.legalNotice = c.legal_notice;
  if (c.operations_need_confirmation !== undefined) patch.operationsNeedConfirmation = c.operations_need_confirmation;
  if (c.service_soon_days !== undefined) patch.serviceSoonDays = c.service_soon_days;
  if (c.service_soon_km !== undefined) patch.serviceSoonKm = c.service_soon_km;
  if (c.gps_retention_days !== undefined) patch.gpsRetentionDays = c.gps_retention_days;
  if (c.remove_logo) patch.logo = null;
  const cleared = new Set(c.clear ?? []);
  if (cleared.has('city')) patch.city = null;
  if (cleared.has('phone')) patch.phone = null;
  if (cleared.has('legal_notice')) patch.legalNotice = null;
  // Stored only once every field is valid, so a refused form leaves no orphan file behind.
  if (v.logo) {
    const stored = await storeUpload(deps.files, { parkId: v.parkId, userId: v.userId, ...v.logo, accept: 'image' });
    patch.logo = stored.path;
  }
  if (Object.keys(patch).length === 0) return parkDetail(deps, v.parkId);
  const [row] = await deps.db.update(parks).set(patch).where(eq(parks.id, v.parkId)).returning();
  if (!row) throw new AppError('NOT_FOUND');
  return detail(deps, row);
}

export interface ParkServiceSettings {
  timeZone: string;
  /** A service reminder is 'soon' this many days or kilometres before it falls due. */
  soonDays: number;
  soonKm: number;
}

/** What service reminders read of their park: its clock and its thresholds for 'soon'. */
export async function parkServiceSettings(db: Pick<Db, 'select'>, parkId: string): Promise<ParkServiceSettings> {
  const [row] = await db
    .select({ timeZone: parks.timeZone, soonDays: parks.serviceSoonDays, soonKm: parks.serviceSoonKm })
    .from(parks)
    .where(eq(parks.id, parkId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A park found by its code, case-insensitively, to show someone who wants to join it. */
export async function parkByCode(deps: ParkDeps, company: string): Promise<TParkByCode> {
  const code = company.trim().toUpperCase();
  const [p] = code ? await deps.db.select().from(parks).where(sql`upper(${parks.code}) = ${code}`).limit(1) : [];
  if (!p) throw new AppError('PARK_CODE_UNKNOWN');
  return { id: p.id, name: p.name, code: p.code, city: p.city, country_code: p.countryCode, logo: imageLink(deps.files, p.logo) };
}
