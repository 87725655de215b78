import { greatCircleMetres, type TGeoPlace, type TGeoRoute } from '@flotte/contract/geo';
import { startGeocodingSimulator, type GeocodingSimulator } from '../../integrations/geocoding/geocoding.simulator.ts';
import type { Geocoder } from '../../integrations/geocoding/geocoder.types.ts';
import { createNominatimClient } from '../../integrations/geocoding/nominatim.client.ts';
import { createPhotonClient } from '../../integrations/geocoding/photon.client.ts';
import { createOsrmClient, type OsrmClient } from '../../integrations/osrm/osrm.client.ts';
import { startOsrmSimulator, type OsrmSimulator } from '../../integrations/osrm/osrm.simulator.ts';
import { LruCache } from './lru-cache.ts';
import type { MapsConfig } from './maps.config.ts';
import type { LatLng, MapServices } from './maps.types.ts';
import { simplifyPath } from './simplify.ts';

/**
 * The map services the app uses (issue 20 section 3): the configured geocoder (Photon or
 * Nominatim) and OSRM behind one cache, with their failures turned into answers the forms can
 * live with: no places, or the great-circle distance. In simulator mode the same real clients talk
 * to loopback simulators, each started on its first use (building the app does no I/O) and
 * stopped by close().
 */

/** The map draws at most this many points of a road. */
export const MAX_ROUTE_POINTS = 200;
/** Searches kept an hour (places don't move), roads a day (roadworks do, slowly). */
export const SEARCH_CACHE = { max: 500, ttlMs: 60 * 60 * 1000 };
export const ROUTE_CACHE = { max: 2000, ttlMs: 24 * 60 * 60 * 1000 };
/** Addresses of points (the GPS stops'), kept a day: a parked taxi's stops come back to the same few places. */
export const REVERSE_CACHE = { max: 5000, ttlMs: 24 * 60 * 60 * 1000 };

export interface MapsLog {
  warn(obj: object, msg?: string): void;
}

/** The straight line when no road is known: its length, no duration, its two ends. */
export function greatCircleRoute(from: LatLng, to: LatLng): TGeoRoute {
  return {
    distance_m: greatCircleMetres(from, to),
    duration_s: null,
    source: 'great_circle',
    geometry: [
      [from.latitude, from.longitude],
      [to.latitude, to.longitude],
    ],
  };
}

/** Five decimals are about a metre: the same trip picked twice on the map is one cache entry. */
const routeKey = (from: LatLng, to: LatLng) => [from.latitude, from.longitude, to.latitude, to.longitude].map((n) => n.toFixed(5)).join(',');
/** Four decimals are about 11 m: a vehicle's fixes at one stop share one address and one request. */
const REVERSE_DECIMALS = 4;

export function createMapServices(config: MapsConfig, log: MapsLog): MapServices {
  const { timeoutMs, userAgent } = config;
  const makeGeocoder = (baseUrl: string, simulated: boolean): Geocoder =>
    config.geocoder === 'nominatim'
      ? // The 1 request/s rule is the public instance's; a simulator needs no queue.
        createNominatimClient({ baseUrl, userAgent, timeoutMs, ...(simulated ? { minIntervalMs: 0 } : {}) })
      : createPhotonClient({ baseUrl, userAgent, timeoutMs });
  const makeRouter = (baseUrl: string): OsrmClient => createOsrmClient({ baseUrl, userAgent, timeoutMs });

  // Each client made on first use; in simulator mode its simulator starts then, kept for close().
  let geoSim: Promise<GeocodingSimulator> | undefined;
  let osrmSim: Promise<OsrmSimulator> | undefined;
  let geocoder: Promise<Geocoder> | undefined;
  let router: Promise<OsrmClient> | undefined;
  const live = config.mode === 'live';
  let closed = false;
  const stopped = () => Promise.reject(new Error('the map services are closed'));
  const getGeocoder = () =>
    closed ? stopped() : (geocoder ??= live ? Promise.resolve(makeGeocoder(config.geocoderUrl, false)) : (geoSim = startGeocodingSimulator()).then((s) => makeGeocoder(s.url, true)));
  const getRouter = () =>
    closed ? stopped() : (router ??= live ? Promise.resolve(makeRouter(config.routingUrl)) : (osrmSim = startOsrmSimulator()).then((s) => makeRouter(s.url)));

  const searches = new LruCache<TGeoPlace[]>(SEARCH_CACHE.max, SEARCH_CACHE.ttlMs);
  const routes = new LruCache<TGeoRoute>(ROUTE_CACHE.max, ROUTE_CACHE.ttlMs);
  // A point with nothing near is cached too (as ''): asking again would answer the same.
  const addresses = new LruCache<string>(REVERSE_CACHE.max, REVERSE_CACHE.ttlMs);

  return {
    mode: config.mode,
    tiles: { url: config.tileUrl, attribution: config.tileAttribution },

    async search(q, { limit, countryCodes }) {
      const countries = [...new Set(countryCodes.map((c) => c.toLowerCase()))].sort();
      const key = `${q.trim().toLowerCase()}|${countries.join(',')}|${limit}`;
      const hit = searches.get(key);
      if (hit) return hit;
      try {
        const places = await (await getGeocoder()).search(q.trim(), { limit, countryCodes: countries });
        searches.set(key, places);
        return places;
      } catch (err) {
        log.warn({ err: errorText(err), geocoder: config.geocoder }, 'Address search failed; no places offered');
        return [];
      }
    },

    async reverse(point) {
      if (!Number.isFinite(point.latitude) || !Number.isFinite(point.longitude) || Math.abs(point.latitude) > 90 || Math.abs(point.longitude) > 180) return null;
      const latitude = Number(point.latitude.toFixed(REVERSE_DECIMALS));
      const longitude = Number(point.longitude.toFixed(REVERSE_DECIMALS));
      const key = `${latitude.toFixed(REVERSE_DECIMALS)},${longitude.toFixed(REVERSE_DECIMALS)}`;
      const hit = addresses.get(key);
      if (hit !== undefined) return hit || null;
      try {
        const address = await (await getGeocoder()).reverse({ latitude, longitude });
        addresses.set(key, address ?? '');
        return address;
      } catch (err) {
        // Not cached: the next stop here asks again, and gets its address once the geocoder is back.
        log.warn({ err: errorText(err), geocoder: config.geocoder }, 'Reverse geocoding failed; no address');
        return null;
      }
    },

    async route(from, to) {
      const key = routeKey(from, to);
      const hit = routes.get(key);
      if (hit) return hit;
      try {
        const road = await (await getRouter()).route(from, to);
        const route: TGeoRoute = {
          distance_m: Math.round(road.distanceM),
          duration_s: Math.round(road.durationS),
          source: 'road',
          geometry: simplifyPath(road.path, MAX_ROUTE_POINTS),
        };
        routes.set(key, route);
        return route;
      } catch (err) {
        // Not cached: the next pricing of this trip asks again, and gets the road once OSRM is back.
        log.warn({ err: errorText(err) }, 'Routing failed; great-circle distance used');
        return greatCircleRoute(from, to);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      const sims = await Promise.allSettled([geoSim, osrmSim].filter((s) => s !== undefined));
      await Promise.all(sims.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
    },
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
