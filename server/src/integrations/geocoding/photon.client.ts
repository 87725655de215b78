/**
 * Client for Photon (https://github.com/komoot/photon), the geocoder made for search as you type:
 * `GET {base}/api?q=&limit=&lang=fr` answers a GeoJSON FeatureCollection whose points are
 * `[lon, lat]` and whose properties hold the name and the address parts. Photon has no country
 * filter in every version, so the client asks for more places than it shows and keeps those of
 * the wanted countries (properties.countrycode), in Photon's order. Reverse geocoding is
 * `GET {base}/reverse?lat=&lon=&lang=fr&limit=1`, the same features, none when nothing is near.
 * Tested against geocoding.simulator.ts.
 */
import type { TGeoPlace } from '@flotte/contract/geo';
import { describe, getJson, MapServiceError, type MapHttpOptions } from '../../platform/maps/http.ts';
import { addressLine, type Geocoder, type GeocoderClientOptions } from './geocoder.types.ts';

interface PhotonFeature {
  geometry?: { type?: string; coordinates?: unknown };
  properties?: Record<string, unknown>;
}

/** Asked of Photon when filtering by country, since some of its answers will be dropped. */
const FETCH_FACTOR = 4;
const PHOTON_MAX_LIMIT = 50;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export function toPlace(f: PhotonFeature): TGeoPlace | null {
  const c = f.geometry?.coordinates;
  if (!Array.isArray(c) || typeof c[0] !== 'number' || typeof c[1] !== 'number') return null;
  const p = f.properties ?? {};
  const street = [str(p.housenumber), str(p.street)].filter(Boolean).join(' ') || undefined;
  const name = str(p.name) ?? street ?? str(p.district) ?? str(p.city);
  if (!name) return null;
  return {
    name,
    description: describe(name, [street, str(p.district), str(p.locality), str(p.city), str(p.county), str(p.state), str(p.country)]),
    latitude: c[1],
    longitude: c[0],
  };
}

export function createPhotonClient(options: GeocoderClientOptions): Geocoder {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const http: MapHttpOptions = { service: 'Photon', timeoutMs: options.timeoutMs, userAgent: options.userAgent, fetch: options.fetch ?? fetch };

  return {
    name: 'photon',
    async search(q, { limit, countryCodes }) {
      const countries = new Set(countryCodes.map((c) => c.toLowerCase()));
      const asked = countries.size ? Math.min(PHOTON_MAX_LIMIT, limit * FETCH_FACTOR) : limit;
      const url = `${baseUrl}/api?${new URLSearchParams({ q, limit: String(asked), lang: 'fr' })}`;
      const body = (await getJson(http, 'search', url)) as { features?: unknown };
      if (!Array.isArray(body.features)) throw new MapServiceError('Photon search: the answer has no features');
      const places: TGeoPlace[] = [];
      for (const f of body.features as PhotonFeature[]) {
        const code = str(f.properties?.countrycode)?.toLowerCase();
        if (countries.size && (!code || !countries.has(code))) continue;
        const place = toPlace(f);
        if (place) places.push(place);
        if (places.length >= limit) break;
      }
      return places;
    },

    async reverse({ latitude, longitude }) {
      const url = `${baseUrl}/reverse?${new URLSearchParams({ lat: String(latitude), lon: String(longitude), lang: 'fr', limit: '1' })}`;
      const body = (await getJson(http, 'reverse', url)) as { features?: unknown };
      if (!Array.isArray(body.features)) throw new MapServiceError('Photon reverse: the answer has no features');
      const p = (body.features as PhotonFeature[])[0]?.properties;
      if (!p) return null;
      const street = [str(p.housenumber), str(p.street)].filter(Boolean).join(' ') || undefined;
      return addressLine([str(p.name), street, str(p.district) ?? str(p.locality), str(p.city) ?? str(p.county)]);
    },
  };
}
