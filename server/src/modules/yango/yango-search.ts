import { and, eq, inArray } from 'drizzle-orm';
import { cleanYangoPhone, DEFAULT_CALLING_CODE, YANGO_PHONE_MIN_LENGTH, YANGO_WORK_STATUS_LABELS, type TYangoAccount } from '@flotte/contract/yango';
import type { YangoClient, YangoCredentials, YangoDriverProfile, YangoPark } from '../../integrations/yango/yango.types.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { parks } from '../access/access.tables.ts';
import { countryByIso } from '../location/countries.ts';
import { credentialsOf, yangoFailure } from './yango-credentials.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoDriverLinks } from './yango.tables.ts';

/** Spec 000 sections 2 and 5: the park's Yango drivers found by phone. */

/** Pages of 100 profiles read at most for one search (Yango's text search may match names too). */
const SEARCH_PAGES = 3;
const PAGE_SIZE = 100;

const digits = (s: string) => s.replace(/\D/g, '');

/** The park country's calling code, digits only (225 when the country names none). */
export async function parkCallingCode(db: Db | Tx, parkId: string): Promise<string> {
  const [park] = await db.select({ countryCode: parks.countryCode }).from(parks).where(eq(parks.id, parkId));
  return (park && countryByIso(park.countryCode.toUpperCase())?.phonecode?.replace(/\D/g, '')) || DEFAULT_CALLING_CODE;
}

/** Whether one of the profile's phones ends with the searched national number. */
export function phoneMatches(profile: Pick<YangoDriverProfile, 'phones'>, cleaned: string): boolean {
  const wanted = digits(cleaned);
  return wanted.length > 0 && profile.phones.some((p) => digits(p).endsWith(wanted));
}

/** A Yango call made with the park's credentials; its failures read as the person sees them. */
export async function callYango<T>(deps: YangoDeps, parkId: string, call: (client: YangoClient, creds: YangoCredentials) => Promise<T>): Promise<T> {
  const creds = await credentialsOf(deps, parkId);
  try {
    return await call(await deps.api.client(), creds);
  } catch (err) {
    if (!(err instanceof AppError)) deps.log?.warn({ err, parkId }, 'Yango call failed');
    throw yangoFailure(err);
  }
}

/** One profile by its Yango id, with the parks of the answer; null when Yango has none. */
export async function fetchYangoProfile(deps: YangoDeps, parkId: string, yangoId: string): Promise<{ profile: YangoDriverProfile; parks: YangoPark[] } | null> {
  const page = await callYango(deps, parkId, (client, creds) => client.listDriverProfiles(creds, { ids: [yangoId], limit: 1, offset: 0 }));
  const profile = page.profiles.find((p) => p.id === yangoId);
  return profile ? { profile, parks: page.parks } : null;
}

/** A profile as the spec's results list shows it. */
export function accountView(p: YangoDriverProfile, yangoParks: YangoPark[], linkedDriverId: string | null): TYangoAccount {
  const park = yangoParks.find((x) => x.id === p.parkId);
  const money = (minor: number | undefined) => (p.account && minor !== undefined ? fromMinor(minor, p.account.currency) : null);
  return {
    yango_id: p.id,
    first_name: p.firstName,
    last_name: p.lastName,
    phones: p.phones,
    status: p.workStatus,
    status_label: YANGO_WORK_STATUS_LABELS[p.workStatus],
    current_status: p.currentStatus,
    park: { id: p.parkId, name: park?.name ?? null, city: park?.city ?? null },
    vehicle: p.car ? { brand: p.car.brand, model: p.car.model, plate: p.car.number, color: p.car.color, year: p.car.year, categories: p.car.categories } : null,
    balance: money(p.account?.balance),
    balance_limit: money(p.account?.balanceLimit),
    currency: p.account?.currency ?? null,
    linked_driver_id: linkedDriverId,
  };
}

/** The park's drivers linked to these Yango profiles, by Yango id. */
export async function linkedDrivers(db: Db | Tx, parkId: string, yangoIds: string[]): Promise<Map<string, string>> {
  if (yangoIds.length === 0) return new Map();
  const rows = await db
    .select({ yangoId: yangoDriverLinks.yangoId, driverId: yangoDriverLinks.driverId })
    .from(yangoDriverLinks)
    .where(and(eq(yangoDriverLinks.parkId, parkId), inArray(yangoDriverLinks.yangoId, yangoIds)));
  return new Map(rows.map((r) => [r.yangoId, r.driverId]));
}

/**
 * POST /yango/verify-yango-account: the phone cleaned as the spec says (at least 8 characters),
 * searched among the park's Yango drivers; only profiles whose phone ends with it are kept.
 */
export async function searchYangoAccounts(deps: YangoDeps, parkId: string, phone: string): Promise<TYangoAccount[]> {
  const cleaned = cleanYangoPhone(phone, await parkCallingCode(deps.db, parkId));
  if (cleaned.length < YANGO_PHONE_MIN_LENGTH) throw new AppError('YANGO_PHONE_TOO_SHORT');
  const text = digits(cleaned);
  if (text.length < YANGO_PHONE_MIN_LENGTH) throw new AppError('YANGO_PHONE_TOO_SHORT');
  const found = new Map<string, YangoDriverProfile>();
  const yangoParks: YangoPark[] = [];
  await callYango(deps, parkId, async (client, creds) => {
    for (let page = 0; page < SEARCH_PAGES; page++) {
      const answer = await client.listDriverProfiles(creds, { text, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
      for (const p of answer.profiles) if (phoneMatches(p, text)) found.set(p.id, p);
      for (const k of answer.parks) if (!yangoParks.some((x) => x.id === k.id)) yangoParks.push(k);
      if (answer.profiles.length < PAGE_SIZE || (page + 1) * PAGE_SIZE >= answer.total) break;
    }
  });
  const profiles = [...found.values()];
  const linked = await linkedDrivers(deps.db, parkId, profiles.map((p) => p.id));
  return profiles.map((p) => accountView(p, yangoParks, linked.get(p.id) ?? null));
}
