/**
 * Client for Nominatim (https://nominatim.org): `GET {base}/search?q=&format=jsonv2&limit=&countrycodes=`
 * answers places with `lat`/`lon` as strings and a `display_name` ('name, district, city, country').
 * The public instance's policy asks for an identifying User-Agent and at most one request a second:
 * each client queues its requests `minIntervalMs` apart, and refuses to queue one that could not
 * start before its timeout (the search would fail anyway). Reverse geocoding is
 * `GET {base}/reverse?format=jsonv2&lat=&lon=`, one place with its `address` parts, or
 * `{"error": "Unable to geocode"}` (HTTP 200) when nothing is there; it shares the same queue.
 * Tested against geocoding.simulator.ts.
 */
import type { TGeoPlace } from '@flotte/contract/geo';
import { describe, getJson, MapServiceError, type MapHttpOptions } from '../../platform/maps/http.ts';
import { addressLine, type Geocoder, type GeocoderClientOptions } from './geocoder.types.ts';

export interface NominatimClientOptions extends GeocoderClientOptions {
  /** Minimum time between two requests' starts; default 1000 (the public instance's 1 request/s). */
  minIntervalMs?: number;
}

interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  name?: unknown;
  display_name?: unknown;
  address?: Record<string, unknown>;
  error?: unknown;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export function toPlace(item: NominatimPlace): TGeoPlace | null {
  const latitude = Number(item.lat);
  const longitude = Number(item.lon);
  if (typeof item.lat !== 'string' && typeof item.lat !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const parts = typeof item.display_name === 'string' ? item.display_name.split(',').map((s) => s.trim()).filter(Boolean) : [];
  const named = typeof item.name === 'string' && item.name.trim() ? item.name.trim() : undefined;
  const name = named ?? parts[0];
  if (!name) return null;
  // display_name starts with the name (or a house number and street); the rest is the address.
  const rest = parts[0]?.toLowerCase() === name.toLowerCase() ? parts.slice(1) : parts;
  return { name, description: describe(name, rest), latitude, longitude };
}

export function createNominatimClient(options: NominatimClientOptions): Geocoder {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const http: MapHttpOptions = { service: 'Nominatim', timeoutMs: options.timeoutMs, userAgent: options.userAgent, fetch: options.fetch ?? fetch };
  const interval = options.minIntervalMs ?? 1000;
  // When the next request may start: each one books its slot, `interval` after the previous one's.
  let nextSlot = 0;

  const waitForSlot = async (what: 'search' | 'reverse'): Promise<void> => {
    const now = Date.now();
    const start = Math.max(now, nextSlot);
    if (start - now >= options.timeoutMs) throw new MapServiceError(`Nominatim ${what}: too many searches queued (1 every ${interval} ms)`);
    nextSlot = start + interval;
    if (start > now) await new Promise((r) => setTimeout(r, start - now));
  };

  return {
    name: 'nominatim',
    async search(q, { limit, countryCodes }) {
      const params = new URLSearchParams({ q, format: 'jsonv2', limit: String(limit), 'accept-language': 'fr' });
      if (countryCodes.length) params.set('countrycodes', countryCodes.map((c) => c.toLowerCase()).join(','));
      await waitForSlot('search');
      const body = await getJson(http, 'search', `${baseUrl}/search?${params}`);
      if (!Array.isArray(body)) throw new MapServiceError('Nominatim search: the answer is not a list');
      return (body as NominatimPlace[]).map(toPlace).filter((p): p is TGeoPlace => p !== null).slice(0, limit);
    },

    async reverse({ latitude, longitude }) {
      const params = new URLSearchParams({ format: 'jsonv2', lat: String(latitude), lon: String(longitude), 'accept-language': 'fr' });
      await waitForSlot('reverse');
      const body = (await getJson(http, 'reverse', `${baseUrl}/reverse?${params}`)) as NominatimPlace;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new MapServiceError('Nominatim reverse: the answer is not a place');
      if (body.error !== undefined) return null;
      const a = body.address ?? {};
      const road = [text(a.house_number), text(a.road) ?? text(a.pedestrian)].filter(Boolean).join(' ') || undefined;
      const line = addressLine([
        text(body.name),
        road,
        text(a.suburb) ?? text(a.neighbourhood) ?? text(a.quarter) ?? text(a.city_district),
        text(a.city) ?? text(a.town) ?? text(a.village),
      ]);
      // Without address parts, the display name (which ends with the country) is still an address.
      return line ?? text(body.display_name) ?? null;
    },
  };
}
