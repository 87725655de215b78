import { z } from 'zod';
import './formats.ts'; // French zod messages for every schema

/**
 * Places, addresses and road distances (issue 20 section 3). The web never talks to a map service
 * itself: address search and routing go through our server (`GET /api/geo/search`, `GET
 * /api/geo/route`), which calls Photon or Nominatim and OSRM (or their simulators) and caches the
 * answers. A failed routing falls back to the great-circle distance; the form always works.
 */

/** Spec 000 section 9: default map zoom, Earth radius of the distance formula, search trigger and debounce. */
export const MAP_DEFAULT_ZOOM = 15;
export const EARTH_RADIUS_KM = 6371;
export const GEO_SEARCH_MIN_LENGTH = 3;
export const GEO_SEARCH_DEBOUNCE_MS = 300;

export const GEO_MESSAGES = {
  addressName: "Le nom de l'adresse est requis.",
  addressLocation: 'Veuillez sélectionner une adresse valide.',
  searchPlaceholder: 'Rechercher une adresse (3 caractères minimum)',
  noResult: 'Aucun élément trouvé',
  searchShort: 'Saisissez au moins 3 caractères',
} as const;

/** A latitude or longitude as a number (forms send strings too), within the Earth's bounds. */
const zCoordinate = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: GEO_MESSAGES.addressLocation }).refine((n) => Number.isFinite(n) && n >= min && n <= max, GEO_MESSAGES.addressLocation),
  );
export const zLatitude = zCoordinate(-90, 90);
export const zLongitude = zCoordinate(-180, 180);

/** An address as a form sends it: a name, an optional description, a location picked on the map. */
export const ZAddressInput = z.object({
  name: z.string({ error: GEO_MESSAGES.addressName }).trim().min(1, GEO_MESSAGES.addressName).max(200, "Le nom de l'adresse ne peut pas dépasser 200 caractères"),
  description: z.string().trim().max(500, 'La description ne peut pas dépasser 500 caractères').nullish(),
  latitude: zLatitude,
  longitude: zLongitude,
});
export type TAddressInput = z.input<typeof ZAddressInput>;

export const ZAddress = z.object({
  name: z.string(),
  description: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type TAddress = z.infer<typeof ZAddress>;

/** GET /geo/search?q=&park_id: places matching the text, in the park's country first. */
export const ZGeoSearchQuery = z.object({
  q: z.string({ error: GEO_MESSAGES.searchShort }).trim().min(GEO_SEARCH_MIN_LENGTH, GEO_MESSAGES.searchShort).max(200, 'Recherche trop longue'),
  limit: z.coerce.number().int().min(1).max(20).default(8),
  park_id: z.string().optional(),
});

export const ZGeoPlace = z.object({
  name: z.string().describe('Le nom court du lieu'),
  description: z.string().nullable().describe('Le reste de l’adresse (quartier, ville, pays)'),
  latitude: z.number(),
  longitude: z.number(),
});
export type TGeoPlace = z.infer<typeof ZGeoPlace>;
export const ZGeoSearchResult = z.object({ items: z.array(ZGeoPlace) });

/** GET /geo/route?from_lat=&from_lng=&to_lat=&to_lng=: the road between two points. */
export const ZGeoRouteQuery = z.object({
  from_lat: zLatitude,
  from_lng: zLongitude,
  to_lat: zLatitude,
  to_lng: zLongitude,
  park_id: z.string().optional(),
});

/** 'road': from the routing service; 'great_circle': the fallback when it failed (no geometry then but the straight line). */
export const ROUTE_SOURCES = ['road', 'great_circle'] as const;
export type TRouteSource = (typeof ROUTE_SOURCES)[number];

/**
 * A route's points, [latitude, longitude] pairs. Written as arrays of numbers typed as pairs: a
 * z.tuple would pull zod's tuple code into the sign-in chunk, where the shared zod core lives.
 */
export const zLatLngPath = z.array(z.array(z.number())) as unknown as z.ZodType<[number, number][]>;

export const ZGeoRoute = z.object({
  distance_m: z.number().describe('Mètres'),
  duration_s: z.number().nullable().describe('Secondes ; null pour la distance à vol d’oiseau'),
  source: z.enum(ROUTE_SOURCES),
  /** [latitude, longitude] pairs along the way (simplified), for the map. */
  geometry: zLatLngPath,
});
export type TGeoRoute = z.infer<typeof ZGeoRoute>;

/** The great-circle (haversine) distance in metres, Earth radius 6371 km (spec 000 section 9). */
export function greatCircleMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * 1000 * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** '12,4 km' or '850 m', as a person reads a distance. */
export function formatDistance(metres: number | null | undefined): string {
  if (metres == null || !Number.isFinite(metres)) return '—';
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} km`;
}

/** '1 h 05' or '25 min'. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return '—';
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}
