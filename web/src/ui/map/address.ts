import { GEO_MESSAGES, type TAddress, type TAddressInput, type TGeoPlace } from '@flotte/contract/geo';
import type { GeoPoint } from './geo-api.ts';

/**
 * The address picker's rules, framework-free so they are unit-tested: an address has a name and a
 * location picked on the map (a search result, a click, a dragged marker, or a saved address).
 * The server checks the same with ZAddressInput; these only tell the person early.
 */

const isCoordinate = (v: unknown, bound: number): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= bound;

/** The address's point, or null while none was picked. */
export function pointOf(value: TAddressInput | TAddress | null | undefined): GeoPoint | null {
  if (!value) return null;
  const { latitude, longitude } = value as { latitude?: unknown; longitude?: unknown };
  return isCoordinate(latitude, 90) && isCoordinate(longitude, 180) ? { latitude, longitude } : null;
}

export interface AddressErrors {
  name?: string;
  location?: string;
}

/** What is missing, field by field, in the contract's words. */
export function addressErrors(value: TAddressInput | null | undefined): AddressErrors {
  const errors: AddressErrors = {};
  if (!value?.name?.trim()) errors.name = GEO_MESSAGES.addressName;
  if (!pointOf(value)) errors.location = GEO_MESSAGES.addressLocation;
  return errors;
}

/** The first problem of an address (the one a form shows), or undefined when it is complete. */
export function addressError(value: TAddressInput | null | undefined): string | undefined {
  const errors = addressErrors(value);
  return errors.name ?? errors.location;
}

/** Coordinates as sent: 6 decimals (about 10 cm) is more than a click on a map can mean. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The address moved to `point` (a click or a dragged marker); its name and description stay. */
export function withPoint(value: TAddressInput | null, point: GeoPoint): TAddressInput {
  return { name: value?.name ?? '', description: value?.description ?? null, latitude: round6(point.latitude), longitude: round6(point.longitude) };
}

/**
 * A search result picked: its place, its description, and its name unless the person already
 * named the address ("Siège", "Entrepôt") — a typed name is never overwritten.
 */
export function fromPlace(value: TAddressInput | null, place: TGeoPlace | TAddress): TAddressInput {
  const name = value?.name?.trim() ? value.name : place.name;
  return { name, description: place.description ?? null, latitude: place.latitude, longitude: place.longitude };
}

/** The address renamed; no name and no point is "nothing", so the form can tell an untouched picker. */
export function withName(value: TAddressInput | null, name: string): TAddressInput | null {
  const next = { name, description: value?.description ?? null, latitude: value?.latitude, longitude: value?.longitude };
  return name === '' && !pointOf(next) && !next.description ? null : next;
}

/** A place as a person reads it in a list: 'Marché central — Akwa, Douala'. */
export function placeLabel(place: { name: string; description?: string | null }): string {
  return place.description ? `${place.name} — ${place.description}` : place.name;
}

/** The south-west and north-east corners around `points`, for fitting a map (null when empty). */
export function boundsOf(points: readonly GeoPoint[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const p of points) {
    south = Math.min(south, p.latitude);
    north = Math.max(north, p.latitude);
    west = Math.min(west, p.longitude);
    east = Math.max(east, p.longitude);
  }
  return [
    [south, west],
    [north, east],
  ];
}

/** The saved addresses that have a point, without duplicates (same name at the same place). */
export function usableSuggestions(suggestions: readonly TAddress[] | undefined): TAddress[] {
  const seen = new Set<string>();
  const out: TAddress[] = [];
  for (const s of suggestions ?? []) {
    if (!pointOf(s)) continue;
    const key = `${s.name}|${s.latitude.toFixed(6)}|${s.longitude.toFixed(6)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
  }
  return out;
}
