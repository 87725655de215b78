import { useQuery } from '@tanstack/react-query';
import type { TGeoPlace, TGeoRoute } from '@flotte/contract/geo';
import { api } from '../../api/client.ts';

/** GET /geo/config: where the map's tiles come from (attribution always shown), and where it opens. */
export interface GeoConfig {
  tile_url: string;
  attribution: string;
  zoom: number;
  center: { latitude: number; longitude: number };
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/**
 * The map services, always through our server: it calls the geocoder and the router (or their
 * simulators), caches their answers and falls back to the great-circle distance.
 */
export const geoApi = {
  config: (signal?: AbortSignal) => api.get<GeoConfig>('/geo/config', undefined, signal),
  search: (q: string, signal?: AbortSignal, limit = 8) => api.get<{ items: TGeoPlace[] }>('/geo/search', { q, limit }, signal),
  route: (from: GeoPoint, to: GeoPoint, signal?: AbortSignal) =>
    api.get<TGeoRoute>('/geo/route', { from_lat: from.latitude, from_lng: from.longitude, to_lat: to.latitude, to_lng: to.longitude }, signal),
};

export const geoKeys = {
  all: ['geo'] as const,
  config: () => [...geoKeys.all, 'config'] as const,
  search: (q: string) => [...geoKeys.all, 'search', q] as const,
};

/** The tiles' settings change only with the server's configuration: read once per visit. */
export function useGeoConfig() {
  return useQuery({ queryKey: geoKeys.config(), queryFn: ({ signal }) => geoApi.config(signal), staleTime: Infinity, gcTime: Infinity, retry: 1 });
}

/**
 * Places matching `term` (already debounced and at least 3 characters, else nothing is asked).
 * A newer term aborts the request of the older one through the query's signal.
 */
export function useGeoSearch(term: string, enabled: boolean) {
  return useQuery({
    queryKey: geoKeys.search(term),
    queryFn: ({ signal }) => geoApi.search(term, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
