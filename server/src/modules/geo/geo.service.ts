import { eq } from 'drizzle-orm';
import { MAP_DEFAULT_ZOOM } from '@flotte/contract/geo';
import type { Db } from '../../platform/db/database.ts';
import type { MapServices } from '../../platform/maps/maps.types.ts';
import { parks } from '../access/access.tables.ts';
import { countryByIso } from '../location/countries.ts';
import { cityCenter, type MapCenter } from './cities.ts';

/** Searched when the park's country is unknown: the countries Flotte's fleets run in. */
export const DEFAULT_SEARCH_COUNTRIES = ['cm', 'ci', 'sn', 'tg', 'cd'];
/** Douala, where the first parks are, when nothing better is known. */
const FALLBACK_CENTER: MapCenter = { latitude: 4.0483, longitude: 9.7043 };

async function parkPlace(db: Db, parkId: string): Promise<{ countryCode: string; city: string | null } | undefined> {
  const [p] = await db.select({ countryCode: parks.countryCode, city: parks.city }).from(parks).where(eq(parks.id, parkId));
  return p;
}

/** The countries a park's address search looks in (ISO alpha-2, lower case): its own. */
export async function searchCountries(db: Db, parkId: string): Promise<string[]> {
  const p = await parkPlace(db, parkId);
  return p?.countryCode ? [p.countryCode.toLowerCase()] : DEFAULT_SEARCH_COUNTRIES;
}

/** Where the park's map opens: its city, else its country's main city, else its country's centre. */
export async function mapCenter(db: Db, parkId: string): Promise<MapCenter> {
  const p = await parkPlace(db, parkId);
  if (!p?.countryCode) return FALLBACK_CENTER;
  const city = cityCenter(p.countryCode, p.city);
  if (city) return city;
  const country = countryByIso(p.countryCode);
  return country ? { latitude: country.latitude, longitude: country.longitude } : FALLBACK_CENTER;
}

export async function mapConfig(db: Db, maps: MapServices, parkId: string) {
  return { tile_url: maps.tiles.url, attribution: maps.tiles.attribution, zoom: MAP_DEFAULT_ZOOM, center: await mapCenter(db, parkId) };
}
