/**
 * Client for OSRM's route service (https://project-osrm.org/docs/v5.24.0/api/#route-service):
 * `GET {base}/route/v1/driving/{lon},{lat};{lon},{lat}?overview=full&geometries=geojson` answers
 * `{code: 'Ok', routes: [{distance (m), duration (s), geometry: {coordinates: [[lon, lat], ...]}}]}`.
 * Any other code (NoRoute, NoSegment ...) or an HTTP error throws: the map services then fall back
 * to the great-circle distance. Tested against osrm.simulator.ts.
 */
import type { LatLng } from '../../platform/maps/maps.types.ts';
import { getAnswer, httpError, MapServiceError, type MapHttpOptions } from '../../platform/maps/http.ts';

export interface OsrmClientOptions {
  /** The OSRM root (https://router.project-osrm.org, a self-hosted one, or the simulator's URL). */
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface OsrmRoute {
  distanceM: number;
  durationS: number;
  /** The road as [latitude, longitude] pairs, from the start to the end (not simplified). */
  path: Array<[number, number]>;
}

export interface OsrmClient {
  /** The fastest road by car; throws MapServiceError when there is none or the service fails. */
  route(from: LatLng, to: LatLng): Promise<OsrmRoute>;
}

interface OsrmBody {
  code?: unknown;
  message?: unknown;
  routes?: Array<{ distance?: unknown; duration?: unknown; geometry?: { coordinates?: unknown } }>;
}

/** OSRM wants lon,lat; six decimals are 10 cm. */
const point = (p: LatLng) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`;

export function createOsrmClient(options: OsrmClientOptions): OsrmClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const http: MapHttpOptions = { service: 'OSRM', timeoutMs: options.timeoutMs, userAgent: options.userAgent, fetch: options.fetch ?? fetch };

  return {
    async route(from, to) {
      const url = `${baseUrl}/route/v1/driving/${point(from)};${point(to)}?overview=full&geometries=geojson`;
      const res = await getAnswer(http, 'route', url);
      const body = (res.json ?? {}) as OsrmBody;
      // OSRM answers its refusals (NoRoute, InvalidQuery ...) with a 400 and a code: the code says more.
      if (typeof body.code === 'string' && body.code !== 'Ok') {
        throw new MapServiceError(`OSRM route: ${body.code}${typeof body.message === 'string' ? ` (${body.message})` : ''}`);
      }
      if (res.status !== 200) throw httpError(http, 'route', res);
      const route = body.routes?.[0];
      const coordinates = route?.geometry?.coordinates;
      if (body.code !== 'Ok' || !route || typeof route.distance !== 'number' || typeof route.duration !== 'number' || !Array.isArray(coordinates)) {
        throw new MapServiceError('OSRM route: the answer has no route');
      }
      const path = (coordinates as unknown[])
        .filter((c): c is [number, number] => Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number')
        .map(([lon, lat]): [number, number] => [lat, lon]);
      return { distanceM: route.distance, durationS: route.duration, path };
    },
  };
}
