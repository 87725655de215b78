import type { TGeoPlace } from '@flotte/contract/geo';

/** What a geocoding client does: Photon's and Nominatim's clients both answer this. */
export interface Geocoder {
  readonly name: 'photon' | 'nominatim';
  /** Places matching `q` in these countries (ISO alpha-2, any case; none: anywhere), at most `limit`, in the service's order. Throws MapServiceError. */
  search(q: string, opts: { limit: number; countryCodes: readonly string[] }): Promise<TGeoPlace[]>;
}

export interface GeocoderClientOptions {
  /** The service's root (https://photon.komoot.io, https://nominatim.openstreetmap.org, or a simulator's URL). */
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}
