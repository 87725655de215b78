/**
 * Loopback simulator of OSRM's route service (`GET /route/v1/driving/{lon},{lat};{lon},{lat}`),
 * answering a plausible road: the great-circle distance times a detour of 1.25 to 1.4 (the same
 * for the same points), driven at a city speed of 25 km/h, along a polyline that bends off the
 * straight line as streets do. Points more than 2000 km apart have no road (NoRoute, as OSRM
 * answers across an ocean). Tests pull its levers: an HTTP failure, a stall, or the service down.
 */
import { greatCircleMetres } from '@flotte/contract/geo';
import { startSimServer } from '../../platform/payments/simulator-kit.ts';

export interface OsrmSimulatorOptions {
  port?: number;
}

export interface OsrmSimulator {
  url: string;
  /** Every route asked, as the coordinates part of the path ('lon,lat;lon,lat'). */
  requests: string[];
  /** While true, every request answers 503. */
  down: boolean;
  failNext(status: number): void;
  stallNext(ms: number): void;
  close(): Promise<void>;
}

export const SIM_CITY_SPEED_KMH = 25;
export const SIM_MAX_ROUTE_KM = 2000;
const ROUTE_PATH = /^\/route\/v1\/driving\/([^/]+)$/;

/** A number in [0, 1) drawn from the text, the same each time: the same trip has the same detour. */
function unit(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

/** The road's points as [lon, lat]: the straight line, pushed sideways by an arc and a few zigzags. */
function polyline(from: [number, number], to: [number, number], distanceM: number, seed: number): Array<[number, number]> {
  const n = Math.max(8, Math.min(400, Math.round(distanceM / 60)));
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const side = seed < 0.5 ? -1 : 1;
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    // Perpendicular offset: a wide arc (about a tenth of the trip) plus street-sized zigzags, nothing at the ends.
    const offset = side * Math.sin(Math.PI * t) * (0.12 + 0.04 * Math.sin(t * Math.PI * 7 + seed * 10));
    points.push([Number((from[0] + dx * t - dy * offset).toFixed(6)), Number((from[1] + dy * t + dx * offset).toFixed(6))]);
  }
  return points;
}

export async function startOsrmSimulator(options: OsrmSimulatorOptions = {}): Promise<OsrmSimulator> {
  const sim: OsrmSimulator = { url: '', requests: [], down: false, failNext: () => undefined, stallNext: () => undefined, close: async () => undefined };
  const server = await startSimServer(options.port, async (req) => {
    const match = req.method === 'GET' ? ROUTE_PATH.exec(req.path) : null;
    if (!match) return null;
    const coords = decodeURIComponent(match[1]);
    sim.requests.push(coords);
    if (sim.down) return { status: 503, body: { message: 'Service Unavailable' } };
    const points = coords.split(';').map((p) => p.split(',').map(Number));
    if (points.length !== 2 || points.some((p) => p.length !== 2 || p.some((n) => !Number.isFinite(n)))) {
      return { status: 400, body: { code: 'InvalidQuery', message: 'Query string malformed close to position 0' } };
    }
    const [from, to] = points as Array<[number, number]>;
    const straight = greatCircleMetres({ latitude: from[1], longitude: from[0] }, { latitude: to[1], longitude: to[0] });
    if (straight > SIM_MAX_ROUTE_KM * 1000) return { status: 400, body: { code: 'NoRoute', message: 'Impossible route between points' } };
    const seed = unit(coords);
    const distance = Math.round(straight * (1.25 + 0.15 * seed) * 10) / 10;
    const duration = Math.round((distance / ((SIM_CITY_SPEED_KMH * 1000) / 3600)) * 10) / 10;
    const geometry = { type: 'LineString', coordinates: polyline(from, to, distance, seed) };
    return {
      status: 200,
      body: {
        code: 'Ok',
        routes: [{ geometry, legs: [{ steps: [], summary: '', weight: duration, duration, distance }], weight_name: 'routability', weight: duration, duration, distance }],
        waypoints: [
          { hint: '', distance: 0, name: '', location: from },
          { hint: '', distance: 0, name: '', location: to },
        ],
      },
    };
  });
  sim.url = server.url;
  sim.failNext = server.levers.failNext;
  sim.stallNext = server.levers.stallNext;
  sim.close = server.close;
  return sim;
}
