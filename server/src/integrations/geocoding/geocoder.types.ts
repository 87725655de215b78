import type { TGeoPlace } from '@flotte/contract/geo';

/** What a geocoding client does: Photon's and Nominatim's clients both answer this. */
export interface Geocoder {
  readonly name: 'photon' | 'nominatim';
  /** Places matching `q` in these countries (ISO alpha-2, any case; none: anywhere), at most `limit`, in the service's order. Throws MapServiceError. */
  search(q: string, opts: { limit: number; countryCodes: readonly string[] }): Promise<TGeoPlace[]>;
  /**
   * The address at a point (reverse geocoding): the nearest place's name and its street, district
   * and city ('Marché Central, Boulevard Ahmadou Ahidjo, Akwa, Douala'); null when the service
   * knows nothing there. Throws MapServiceError.
   */
  reverse(point: { latitude: number; longitude: number }): Promise<string | null>;
}

/** An address line from a place's name and address parts, each once, the country left out (the park's own). */
export function addressLine(parts: Array<string | null | undefined>): string | null {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const p = part?.trim();
    if (!p || seen.has(p.toLowerCase())) continue;
    seen.add(p.toLowerCase());
    kept.push(p);
  }
  return kept.length ? kept.join(', ') : null;
}

export interface GeocoderClientOptions {
  /** The service's root (https://photon.komoot.io, https://nominatim.openstreetmap.org, or a simulator's URL). */
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}
