/**
 * Loopback simulator of a Traccar server's REST API (Traccar's openapi.yaml), serving the shared
 * simulated devices (gps-sim) in Traccar's wire format, so that traccar.client.ts is the same code
 * against it and against a park's server. Whatever server address a park entered, in simulator
 * mode the client is pointed here.
 *
 * - Auth: `Authorization: Bearer TRACCAR_DEMO_TOKEN`, or Basic TRACCAR_DEMO_USER:TRACCAR_DEMO_PASSWORD;
 *   anything else 401.
 * - GET /api/devices (?uniqueId=…&uniqueId=…, ?id=…): Device objects; ids are the fleet's.
 * - GET /api/positions?deviceId=&from=&to= (ISO 8601; deviceId needs both), or with no parameter
 *   each device's last position. Speeds go out in knots, attributes carry ignition, motion and
 *   totalDistance (metres).
 * - GET /api/reports/stops?deviceId=&from=&to=: computed from the fixes, Traccar's way: a stop is
 *   a run of fixes under 3 km/h lasting at least 5 minutes, from its first fix to the fix that
 *   moves again (or the last fix when it still holds). JSON only when Accept allows it (else 406).
 * - POST /api/commands/send {deviceId, type, attributes}: engineStop, engineResume, alarmArm and
 *   custom (attributes.data, the buzzer) go to the device: 200 with the command. Like a Traccar
 *   without command queueing (CommandsManager throwing "Device is not online", which Traccar's
 *   error handler answers 400 as text), an offline device gets 400 'Device is not online - …'.
 *   Another type: 400 'Command type not supported'.
 * Levers for tests: failNext(status), the coordinates' names (`lat`/`lon` as the OpenAPI writes
 * ReportStops), and the requests received.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimulatedDeviceFleet } from '../gps-sim/device-fleet.types.ts';
import type { GpsCommandKind, GpsFix } from '../gps/gps.types.ts';
import { readBody, sendJson } from '../simulator-http.ts';

export const TRACCAR_DEMO_TOKEN = 'FlotteDemoTraccarToken2026';
export const TRACCAR_DEMO_USER = 'demo@flotte.demo';
export const TRACCAR_DEMO_PASSWORD = 'FlotteTraccar2026';

const KNOTS_TO_KMH = 1.852;
/** Traccar's stop report defaults: under this speed and at least this long. */
const STOP_SPEED_KMH = 3;
const STOP_MIN_MS = 5 * 60_000;

export interface TraccarSimulator {
  url: string;
  /** Every request received, oldest first (path without /api's query). */
  requests: Array<{ method: string; path: string; query: string; accept: string | undefined }>;
  /** 'lat': positions and stops name their coordinates lat/lon (the OpenAPI's ReportStops names). */
  coordinates: 'latitude' | 'lat';
  /** The next request answers this HTTP status. */
  failNext(status: number): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

function authorized(header: string | undefined): boolean {
  if (!header) return false;
  const [scheme, value = ''] = header.split(' ', 2);
  if (scheme.toLowerCase() === 'bearer') return value.trim() === TRACCAR_DEMO_TOKEN;
  if (scheme.toLowerCase() !== 'basic') return false;
  const decoded = Buffer.from(value.trim(), 'base64').toString('utf8');
  return decoded === `${TRACCAR_DEMO_USER}:${TRACCAR_DEMO_PASSWORD}`;
}

const date = (v: string | null): Date | null => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The stops in the fixes, oldest first. */
export function stopsOf(fixes: readonly GpsFix[]): Array<{ first: GpsFix; end: Date }> {
  const stops: Array<{ first: GpsFix; end: Date }> = [];
  let first: GpsFix | null = null;
  let last: GpsFix | null = null;
  const close = (end: Date) => {
    if (first && end.getTime() - first.at.getTime() >= STOP_MIN_MS) stops.push({ first, end });
    first = null;
  };
  for (const fix of fixes) {
    if (fix.speedKmh < STOP_SPEED_KMH) {
      first ??= fix;
    } else if (first) {
      close(fix.at);
    }
    last = fix;
  }
  if (first && last) close((last as GpsFix).at);
  return stops;
}

export async function startTraccarSimulator(fleet: SimulatedDeviceFleet): Promise<TraccarSimulator> {
  const forced: number[] = [];
  const sim: TraccarSimulator = {
    url: '',
    requests: [],
    coordinates: 'latitude',
    failNext: (status) => void forced.push(status),
    close: async () => undefined,
  };

  const place = (latitude: number, longitude: number): Json =>
    sim.coordinates === 'lat' ? { lat: latitude, lon: longitude } : { latitude, longitude };

  /** Stable per device and time, as a database row id would be. */
  const positionId = (deviceId: number, at: Date) => deviceId * 10_000_000_000 + Math.floor(at.getTime() / 1000);

  function position(fix: GpsFix): Json {
    const deviceId = fleet.deviceId(fix.ident);
    const time = fix.at.toISOString().replace('Z', '+00:00');
    const attributes: Json = { motion: fix.speedKmh > 0 };
    if (fix.ignition !== null) attributes.ignition = fix.ignition;
    if (fix.odometerKm !== null) attributes.totalDistance = Math.round(fix.odometerKm * 1000 * 100) / 100;
    return {
      id: positionId(deviceId, fix.at),
      attributes,
      deviceId,
      protocol: 'teltonika',
      serverTime: time,
      deviceTime: time,
      fixTime: time,
      outdated: false,
      valid: true,
      ...place(fix.latitude, fix.longitude),
      altitude: 0,
      speed: fix.speedKmh / KNOTS_TO_KMH,
      course: fix.course ?? 0,
      address: fix.address,
      accuracy: 0,
      network: null,
      geofenceIds: null,
    };
  }

  function device(ident: string): Json {
    const id = fleet.deviceId(ident);
    const last = fleet.latest(ident);
    return {
      id,
      attributes: {},
      groupId: 0,
      calendarId: 0,
      name: `Véhicule ${ident.slice(-4)}`,
      uniqueId: ident,
      status: fleet.isOffline(ident) ? 'offline' : last ? 'online' : 'unknown',
      lastUpdate: last ? last.at.toISOString().replace('Z', '+00:00') : null,
      positionId: last ? positionId(id, last.at) : 0,
      phone: null,
      model: null,
      contact: null,
      category: 'car',
      disabled: false,
      expirationTime: null,
    };
  }

  function devices(query: URLSearchParams): Json[] {
    const uniqueIds = query.getAll('uniqueId');
    const ids = query.getAll('id').map(Number);
    if (uniqueIds.length === 0 && ids.length === 0) return fleet.known().map(device);
    const idents = [
      ...uniqueIds.filter((u) => fleet.knows(u)),
      ...ids.map((id) => fleet.identOf(id)).filter((i): i is string => i !== null),
    ];
    return [...new Set(idents)].map(device);
  }

  function deviceIdents(query: URLSearchParams): string[] | null {
    const idents = query.getAll('deviceId').map((id) => fleet.identOf(Number(id)));
    return idents.some((i) => i === null) ? null : (idents as string[]);
  }

  function stopItem(ident: string, stop: { first: GpsFix; end: Date }): Json {
    const deviceId = fleet.deviceId(ident);
    const odometer = stop.first.odometerKm === null ? 0 : stop.first.odometerKm * 1000;
    return {
      deviceId,
      deviceName: `Véhicule ${ident.slice(-4)}`,
      duration: stop.end.getTime() - stop.first.at.getTime(),
      startTime: stop.first.at.toISOString().replace('Z', '+00:00'),
      endTime: stop.end.toISOString().replace('Z', '+00:00'),
      positionId: positionId(deviceId, stop.first.at),
      ...place(stop.first.latitude, stop.first.longitude),
      address: stop.first.address,
      startOdometer: odometer,
      endOdometer: odometer,
      engineHours: 0,
      spentFuel: 0,
    };
  }

  const COMMAND_KINDS: Record<string, GpsCommandKind> = { engineStop: 'lock', engineResume: 'unlock', alarmArm: 'buzzer', custom: 'buzzer' };

  type Reply = { status: number; json?: unknown; text?: string };

  function command(raw: string): Reply {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return { status: 400, text: 'Unrecognized token - JsonParseException (ResourceErrorHandler)' };
    }
    if (typeof body !== 'object' || body === null) return { status: 400, text: 'Bad request' };
    const c = body as Json;
    const ident = typeof c.deviceId === 'number' ? fleet.identOf(c.deviceId) : null;
    // Traccar's permission check fails the same way for a device that is not the user's.
    if (ident === null) return { status: 400, text: 'Device access denied - SecurityException (PermissionsService:134 < CommandResource:110)' };
    const type = typeof c.type === 'string' ? c.type : '';
    const kind = COMMAND_KINDS[type];
    if (!kind) return { status: 400, text: `Command type not supported - RuntimeException (CommandsManager:120 < CommandResource:112)` };
    const attributes = typeof c.attributes === 'object' && c.attributes !== null ? (c.attributes as Json) : {};
    const text = type === 'custom' && typeof attributes.data === 'string' ? attributes.data : undefined;
    if (fleet.command(ident, kind, text) === 'offline') {
      return { status: 400, text: 'Device is not online - RuntimeException (CommandsManager:95 < CommandResource:112 < ...)' };
    }
    return { status: 200, json: { id: 0, attributes, deviceId: c.deviceId, type, textChannel: false, description: null } };
  }

  async function handle(req: IncomingMessage, url: URL): Promise<Reply> {
    if (!authorized(req.headers.authorization)) return { status: 401, text: 'HTTP 401 Unauthorized' };
    const { pathname: path, searchParams: query } = url;
    if (req.method === 'GET' && path === '/api/devices') return { status: 200, json: devices(query) };

    if (req.method === 'GET' && path === '/api/positions') {
      if (!query.has('deviceId')) return { status: 200, json: fleet.known().map((i) => fleet.latest(i)).filter((f): f is GpsFix => f !== null).map(position) };
      const from = date(query.get('from'));
      const to = date(query.get('to'));
      const idents = deviceIdents(query);
      if (!from || !to) return { status: 400, text: 'Text \'\' could not be parsed - DateTimeParseException (...)' };
      if (!idents) return { status: 400, text: 'Device access denied - SecurityException (PermissionsService:134 < PositionResource:79)' };
      return { status: 200, json: idents.flatMap((i) => fleet.fixesBetween(i, from, to)).map(position) };
    }

    if (req.method === 'GET' && path === '/api/reports/stops') {
      const accept = req.headers.accept;
      if (accept && !/application\/json|\*\/\*/.test(accept)) return { status: 406, text: 'HTTP 406 Not Acceptable' };
      const from = date(query.get('from'));
      const to = date(query.get('to'));
      const idents = deviceIdents(query);
      if (!from || !to) return { status: 400, text: 'Text \'\' could not be parsed - DateTimeParseException (...)' };
      if (!idents || idents.length === 0) return { status: 400, text: 'At least one device or group is required' };
      return { status: 200, json: idents.flatMap((i) => stopsOf(fleet.fixesBetween(i, from, to)).map((s) => stopItem(i, s))) };
    }

    if (req.method === 'POST' && path === '/api/commands/send') return command(await readBody(req));
    return { status: 404, text: 'HTTP 404 Not Found' };
  }

  function reply(res: ServerResponse, r: Reply) {
    if (r.json !== undefined) return sendJson(res, r.status, r.json);
    if (res.headersSent || res.destroyed) return;
    const text = r.text ?? '';
    res.writeHead(r.status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    sim.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.search.slice(1), accept: req.headers.accept });
    const status = forced.shift();
    if (status !== undefined) return reply(res, { status, text: `Simulated HTTP ${status}` });
    reply(res, await handle(req, url));
  }

  const server: Server = createServer((req, res) => void serve(req, res).catch(() => reply(res, { status: 500, text: 'simulator error' })));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sim.close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
      // Clients keep connections alive; without this, close() would wait for them to time out.
      server.closeAllConnections();
    });
  return sim;
}
