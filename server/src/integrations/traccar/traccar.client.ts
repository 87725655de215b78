/**
 * Client of a Traccar server's REST API (Traccar's openapi.yaml; ../shared/reference/integrations.md,
 * "Traccar"), each park pointing at its own server: `{server}/api`, HTTP Basic (the account's
 * email and password) when the connection names a user, else `Authorization: Bearer <token>`;
 * always `Accept: application/json` (the reports answer a spreadsheet otherwise).
 *
 * - A device is named by its ident (Traccar's uniqueId, the IMEI): `GET /api/devices?uniqueId=`
 *   gives its numeric id, kept per server and ident (ids never change on a server).
 * - Positions come in knots (× 1.852 -> km/h) with the odometer in metres (attributes.odometer,
 *   the vehicle's own, else attributes.totalDistance, Traccar's sum) -> km. Coordinates are read
 *   from latitude/longitude or lat/lon (the OpenAPI's ReportStops names them lat/lon).
 * - Traccar has no limit or order parameter on /api/positions: both are applied here.
 * - The latest fixes: the asked devices by uniqueId (GET /api/devices?uniqueId=…&uniqueId=…), then
 *   GET /api/positions without parameters (each device's last position), kept for those devices.
 * - Commands: `POST /api/commands/send` answers 200 (sent) or 202 (queued for the device's next
 *   connection); a server without queueing answers 400 "Device is not online" (offline).
 *
 * Failures are GpsProviderError: 401/403 'unauthorized'; no answer, timeout or 5xx 'unavailable';
 * a device the server doesn't know 'unknown_device'; anything not in the documented shape
 * (including other 4xx and a success that is not JSON) 'bad_answer'. Tested against
 * traccar.simulator.ts (traccar.client.test.ts).
 */
import {
  GpsProviderError,
  type GpsClient,
  type GpsCommand,
  type GpsCommandResult,
  type GpsCredentials,
  type GpsFix,
  type GpsProviderStop,
} from '../gps/gps.types.ts';

export const KNOTS_TO_KMH = 1.852;
/** Device ids remembered (server + ident -> id), the oldest forgotten first. */
const DEVICE_CACHE_MAX = 20_000;
/** uniqueIds asked in one GET /api/devices (about 2.5 kB of URL). */
const DEVICES_PER_LOOKUP = 100;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
};
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const date = (v: unknown): Date | null => {
  if (typeof v !== 'string' || v === '') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : null);
const round = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;
const snippet = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
};

/** latitude/longitude (Position, the server's stops) or lat/lon (the OpenAPI's ReportStops). */
function coordinates(raw: Json): { latitude: number; longitude: number } | null {
  const latitude = num(raw.latitude) ?? num(raw.lat);
  const longitude = num(raw.longitude) ?? num(raw.lon);
  if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** One Traccar Position, normalised; null when it has no time or no place. */
export function readPosition(raw: unknown, ident: string): GpsFix | null {
  if (!isObject(raw)) return null;
  const at = date(raw.fixTime) ?? date(raw.deviceTime) ?? date(raw.serverTime);
  const place = coordinates(raw);
  if (!at || !place) return null;
  const attributes = isObject(raw.attributes) ? raw.attributes : {};
  const knots = num(raw.speed);
  const metres = num(attributes.odometer) ?? num(attributes.totalDistance);
  return {
    ident,
    at,
    ...place,
    speedKmh: knots === null ? 0 : round(Math.max(0, knots) * KNOTS_TO_KMH, 2),
    course: num(raw.course),
    ignition: bool(attributes.ignition),
    odometerKm: metres === null ? null : round(metres / 1000, 3),
    address: str(raw.address),
  };
}

/** One ReportStops item; null when its times or place are missing. */
export function readStop(raw: unknown): GpsProviderStop | null {
  if (!isObject(raw)) return null;
  const start = date(raw.startTime);
  const end = date(raw.endTime);
  const place = coordinates(raw);
  if (!start || !end || !place) return null;
  return { start, end, ...place, address: str(raw.address) };
}

/**
 * The Traccar command for ours. The lock and its release are Traccar's standard engineStop and
 * engineResume, which Traccar encodes for each device protocol. Traccar's Command model has no
 * buzzer type: the buzzer goes as 'custom' with the park's command text in attributes.data (sent to
 * the device as is, the same payload flespi sends), or, without a text, as 'alarmArm' (the
 * vehicle alarm, the closest standard type). The buzzer's duration and mode have no Traccar field.
 */
export function traccarCommand(deviceId: number, command: GpsCommand): { deviceId: number; type: string; attributes: Json } {
  if (command.kind === 'lock') return { deviceId, type: 'engineStop', attributes: {} };
  if (command.kind === 'unlock') return { deviceId, type: 'engineResume', attributes: {} };
  const text = command.text?.trim();
  return text ? { deviceId, type: 'custom', attributes: { data: text } } : { deviceId, type: 'alarmArm', attributes: {} };
}

interface Answer {
  status: number;
  text: string;
  json: unknown;
}

export function createTraccarClient(opts: { timeoutMs: number; baseUrlOverride?: string }): GpsClient {
  /** `${api root}\u0000${ident}` -> Traccar device id; Map order is the age order. */
  const deviceIds = new Map<string, number>();

  const remember = (root: string, ident: string, id: number) => {
    const key = `${root}\u0000${ident}`;
    deviceIds.delete(key);
    deviceIds.set(key, id);
    while (deviceIds.size > DEVICE_CACHE_MAX) deviceIds.delete(deviceIds.keys().next().value as string);
  };

  /** The server's API root; an address pasted with its /api is taken as well. */
  function apiRoot(creds: GpsCredentials): string {
    const base = (opts.baseUrlOverride ?? creds.baseUrl ?? '').trim().replace(/\/+$/, '').replace(/\/api$/, '');
    if (!/^https?:\/\/./.test(base)) throw new GpsProviderError('unavailable', `Traccar: no server address (got "${base}")`);
    return `${base}/api`;
  }

  function authorization(creds: GpsCredentials): string {
    const user = creds.username?.trim();
    return user ? `Basic ${Buffer.from(`${user}:${creds.secret}`, 'utf8').toString('base64')}` : `Bearer ${creds.secret}`;
  }

  /** One request; throws for no answer, 401/403 and 5xx, returns any other status with its body. */
  async function call(creds: GpsCredentials, method: 'GET' | 'POST', path: string, query?: URLSearchParams, body?: unknown): Promise<Answer> {
    const url = `${apiRoot(creds)}${path}${query && [...query.keys()].length ? `?${query}` : ''}`;
    const headers: Record<string, string> = { Authorization: authorization(creds), Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new GpsProviderError(
        'unavailable',
        timedOut ? `Traccar ${method} ${path}: no answer within ${opts.timeoutMs} ms` : `Traccar ${method} ${path}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (res.status === 401 || res.status === 403) {
      throw new GpsProviderError('unauthorized', `Traccar ${method} ${path}: HTTP ${res.status} ${snippet(text)}`.trim(), res.status);
    }
    if (res.status >= 500) throw new GpsProviderError('unavailable', `Traccar ${method} ${path}: HTTP ${res.status} ${snippet(text)}`.trim(), res.status);
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json };
  }

  /** A read: a 200 whose body is a JSON list, else 'bad_answer'. */
  async function list(creds: GpsCredentials, path: string, query?: URLSearchParams): Promise<unknown[]> {
    const answer = await call(creds, 'GET', path, query);
    if (answer.status !== 200) throw new GpsProviderError('bad_answer', `Traccar GET ${path}: HTTP ${answer.status} ${snippet(answer.text)}`.trim(), answer.status);
    if (!Array.isArray(answer.json)) throw new GpsProviderError('bad_answer', `Traccar GET ${path}: not a JSON list: ${snippet(answer.text)}`, answer.status);
    return answer.json;
  }

  async function deviceIdOf(creds: GpsCredentials, ident: string): Promise<number> {
    const root = apiRoot(creds);
    const known = deviceIds.get(`${root}\u0000${ident}`);
    if (known !== undefined) return known;
    const devices = await list(creds, '/devices', new URLSearchParams({ uniqueId: ident }));
    const device = devices.find((d) => isObject(d) && d.uniqueId === ident && Number.isInteger(d.id));
    if (!isObject(device)) throw new GpsProviderError('unknown_device', `Traccar: no device with uniqueId ${ident}`);
    remember(root, ident, device.id as number);
    return device.id as number;
  }

  const period = (deviceId: number, from: Date, to: Date) => new URLSearchParams({ deviceId: String(deviceId), from: from.toISOString(), to: to.toISOString() });

  return {
    provider: 'traccar',

    async check(creds) {
      return { devices: (await list(creds, '/devices')).length };
    },

    async positions(creds, ident, p) {
      const deviceId = await deviceIdOf(creds, ident);
      const raw = await list(creds, '/positions', period(deviceId, p.from, p.to));
      const fixes = raw
        .map((r) => readPosition(r, ident))
        .filter((f): f is GpsFix => f !== null)
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      if (p.newestFirst) fixes.reverse();
      return p.limit !== undefined ? fixes.slice(0, Math.max(0, p.limit)) : fixes;
    },

    async latest(creds, idents) {
      const found = new Map<string, GpsFix>();
      const wanted = [...new Set(idents)];
      if (wanted.length === 0) return found;
      // The asked devices by uniqueId (a few per request: the URL stays short), then, without
      // parameters, /api/positions answers each of the account's devices' last position.
      const chunks: string[][] = [];
      for (let i = 0; i < wanted.length; i += DEVICES_PER_LOOKUP) chunks.push(wanted.slice(i, i + DEVICES_PER_LOOKUP));
      const devices = (await Promise.all(chunks.map((c) => list(creds, '/devices', new URLSearchParams(c.map((u) => ['uniqueId', u])))))).flat();
      const root = apiRoot(creds);
      const asked = new Set(wanted);
      const identOf = new Map<number, string>();
      for (const d of devices) {
        if (!isObject(d) || !Number.isInteger(d.id) || typeof d.uniqueId !== 'string' || !asked.has(d.uniqueId)) continue;
        identOf.set(d.id as number, d.uniqueId);
        remember(root, d.uniqueId, d.id as number);
      }
      if (identOf.size === 0) return found;
      for (const r of await list(creds, '/positions')) {
        if (!isObject(r)) continue;
        const ident = identOf.get(r.deviceId as number);
        if (ident === undefined) continue;
        const fix = readPosition(r, ident);
        const held = found.get(ident);
        if (fix && (!held || held.at < fix.at)) found.set(ident, fix);
      }
      return found;
    },

    async stops(creds, ident, p) {
      const deviceId = await deviceIdOf(creds, ident);
      const raw = await list(creds, '/reports/stops', period(deviceId, p.from, p.to));
      return raw
        .map(readStop)
        .filter((s): s is GpsProviderStop => s !== null)
        .sort((a, b) => a.start.getTime() - b.start.getTime());
    },

    async sendCommand(creds, ident, command): Promise<GpsCommandResult> {
      const deviceId = await deviceIdOf(creds, ident);
      if (command.direct) {
        // Traccar queues a command for a device that is not online: a direct one (the lock) is sent
        // only to a device online now, so it can't reach the vehicle later, moving.
        const [device] = await list(creds, '/devices', new URLSearchParams({ id: String(deviceId) }));
        if (!isObject(device) || device.status !== 'online') return { outcome: 'offline', answer: `device status ${isObject(device) ? String(device.status) : 'unknown'}` };
      }
      const body = traccarCommand(deviceId, command);
      const answer = await call(creds, 'POST', '/commands/send', undefined, body);
      const words = `HTTP ${answer.status} ${snippet(answer.text)}`.trim();
      if (answer.status === 200) return { outcome: 'sent', answer: words };
      if (answer.status === 202) return { outcome: 'queued', answer: words };
      // Traccar without command queueing answers 400 "Device is not online - RuntimeException (...)".
      if (answer.status === 400 && /not online|not connected|offline/i.test(answer.text)) return { outcome: 'offline', answer: words };
      return { outcome: 'refused', answer: words };
    },
  };
}
