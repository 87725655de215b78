import { and, asc, eq } from 'drizzle-orm';
import type { TOperator, TWithdrawMeans, TWithdrawMeansInputParsed, TWithdrawMode } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { parks } from '../access/access.tables.ts';
import { countryByIso } from '../location/countries.ts';
import { mobileMoneyOperators, withdrawMeans, withdrawModes } from './withdrawals.tables.ts';

/**
 * Withdrawal modes (per country, shared reference data), mobile-money operators, and the park's
 * saved withdrawal means (a mode and a phone number), spec 001 sections 2.3, 3 and 7.
 */

type ModeRow = typeof withdrawModes.$inferSelect;
type MeansRow = typeof withdrawMeans.$inferSelect;

export interface ParkPlace {
  countryIso: string;
  /** The country calling code, digits only ('237'). */
  callingCode: string;
  currency: string;
}

export async function parkPlace(db: Db | Tx, parkId: string): Promise<ParkPlace> {
  const [park] = await db.select({ countryCode: parks.countryCode, currency: parks.currency }).from(parks).where(eq(parks.id, parkId));
  const iso = park.countryCode.toUpperCase();
  // Spec 001 section 9: the default calling code is 225 when the country names none.
  return { countryIso: iso, callingCode: countryByIso(iso)?.phonecode ?? '225', currency: park.currency };
}

export function modeView(m: ModeRow): TWithdrawMode {
  return {
    id: m.id,
    title: m.title,
    fees: m.feesBp / 100,
    type: m.type,
    country_id: countryByIso(m.countryIso)?.id ?? null,
    country_iso_code: m.countryIso,
    image: m.image,
  };
}

/** GET /vtc-withdraw: the modes offered in a country (the park's unless another is asked). */
export async function listModes(db: Db, countryIso: string): Promise<TWithdrawMode[]> {
  const rows = await db.select().from(withdrawModes).where(eq(withdrawModes.countryIso, countryIso)).orderBy(asc(withdrawModes.id));
  return rows.map(modeView);
}

/** GET /operator: the mobile-money operators of a country. */
export async function listOperators(db: Db, countryIso: string): Promise<TOperator[]> {
  const rows = await db.select().from(mobileMoneyOperators).where(eq(mobileMoneyOperators.countryIso, countryIso)).orderBy(asc(mobileMoneyOperators.id));
  return rows.map((o) => ({ id: o.id, name: o.name, image: o.image, country_iso_code: o.countryIso }));
}

function meansView(row: MeansRow, mode: ModeRow): TWithdrawMeans {
  return {
    id: row.id,
    park_id: row.parkId,
    title: row.title,
    fees: mode.feesBp / 100,
    last4Digit: row.phoneNumber.slice(-4),
    phone_number: `+${row.phoneNumber}`,
    card_processor: mode.provider,
    account_number: `+${row.phoneNumber}`,
    vct_withdraw: modeView(mode),
  };
}

export interface MeansWithMode {
  means: MeansRow;
  mode: ModeRow;
}

/** One means of the park with its mode, or WITHDRAW_MEANS_NOT_FOUND. */
export async function meansOfPark(db: Db | Tx, parkId: string, id: string): Promise<MeansWithMode> {
  const [row] = await db
    .select({ means: withdrawMeans, mode: withdrawModes })
    .from(withdrawMeans)
    .innerJoin(withdrawModes, eq(withdrawModes.id, withdrawMeans.withdrawModeId))
    .where(and(eq(withdrawMeans.parkId, parkId), eq(withdrawMeans.id, id)));
  if (!row) throw new AppError('WITHDRAW_MEANS_NOT_FOUND');
  return row;
}

/** GET /mean-withdraw-on-park: the park's means, oldest first. */
export async function listMeans(db: Db, parkId: string): Promise<TWithdrawMeans[]> {
  const rows = await db
    .select({ means: withdrawMeans, mode: withdrawModes })
    .from(withdrawMeans)
    .innerJoin(withdrawModes, eq(withdrawModes.id, withdrawMeans.withdrawModeId))
    .where(eq(withdrawMeans.parkId, parkId))
    .orderBy(asc(withdrawMeans.createdAt));
  return rows.map((r) => meansView(r.means, r.mode));
}

/** The mode must be offered in the park's country, and the number must be of that country. */
async function checkedValues(db: Db, parkId: string, input: TWithdrawMeansInputParsed) {
  const place = await parkPlace(db, parkId);
  const [mode] = await db.select().from(withdrawModes).where(and(eq(withdrawModes.id, input.vct_withdraw_id), eq(withdrawModes.countryIso, place.countryIso)));
  if (!mode) throw new AppError('WITHDRAW_MODE_UNAVAILABLE');
  const digits = input.phone_number.replace(/^\+/, '');
  if (!digits.startsWith(place.callingCode) || digits.length - place.callingCode.length < 6) {
    throw fieldError('phone_number', `Le numéro doit commencer par l'indicatif du pays du parc (+${place.callingCode})`);
  }
  return { mode, values: { title: input.title, phoneNumber: digits, withdrawModeId: mode.id } };
}

export async function addMeans(db: Db, parkId: string, input: TWithdrawMeansInputParsed): Promise<TWithdrawMeans> {
  const { mode, values } = await checkedValues(db, parkId, input);
  const [row] = await db.insert(withdrawMeans).values({ parkId, ...values }).returning();
  return meansView(row, mode);
}

export async function updateMeans(db: Db, parkId: string, id: string, input: TWithdrawMeansInputParsed): Promise<TWithdrawMeans> {
  await meansOfPark(db, parkId, id);
  const { mode, values } = await checkedValues(db, parkId, input);
  const [row] = await db
    .update(withdrawMeans)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(withdrawMeans.parkId, parkId), eq(withdrawMeans.id, id)))
    .returning();
  return meansView(row, mode);
}

/** Past withdrawals keep their number and amounts; they just stop naming the means. */
export async function deleteMeans(db: Db, parkId: string, id: string): Promise<{ id: string }> {
  await meansOfPark(db, parkId, id);
  await db.delete(withdrawMeans).where(and(eq(withdrawMeans.parkId, parkId), eq(withdrawMeans.id, id)));
  return { id };
}
