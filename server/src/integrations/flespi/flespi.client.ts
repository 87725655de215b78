/**
 * Client of the flespi gateway REST API (../shared/reference/integrations.md, "flespi"). Every
 * request carries `Authorization: FlespiToken <token>`; answers are {result: [...]} (and
 * {errors: [{code, reason}]} when something went wrong).
 *
 * - check: GET /gw/devices/all?fields=id -> how many devices the token sees.
 * - positions: GET /gw/devices/configuration.ident=<ident>/messages?data={from,to,count,reverse,fields}
 *   (from/to in unix seconds, count = at most pageSize per request): flespi has no cursor, so a
 *   full page is followed by the next one starting 1 ms after the last message (before it, newest
 *   first), until `limit` or the end. No message at all: the device is looked up by its ident, and
 *   an ident that selects no device is 'unknown_device'.
 * - latest: flespi keeps each device's telemetry (the newest value of each parameter), readable for
 *   many devices at once: GET /gw/devices/<id,id,...>/telemetry/<params>. Ids come from the device
 *   list (one call) plus, for idents not in it, a lookup by ident selector (6 at a time; an ident
 *   with no device is not asked again for UNKNOWN_TTL_MS).
 * - stops: null (flespi reports none here; they are computed from positions).
 * - sendCommand: POST /gw/devices/configuration.ident=<ident>/commands-queue with a codec12 payload
 *   and a one-day TTL (2 minutes for the buzzer), or the synchronous …/commands for a direct one
 *   (the lock, never queued): 'queued' (flespi delivers it when the device connects), 'sent' when the
 *   answer says it was executed, 'offline' on {code: 2, "… is not connected"}, 'refused' otherwise.
 *
 * Units: position.speed is km/h, vehicle.mileage km, timestamp unix seconds. Failures are
 * GpsProviderError: 401/403 'unauthorized'; no answer, timeout or 5xx 'unavailable'; an answer not
 * of the documented shape 'bad_answer'.
 *
 * Tested against flespi.simulator.ts (flespi.client.test.ts).
 */
import { FLESPI_DEFAULT_COMMANDS } from '@flotte/contract/gps';
import { GpsProviderError, type GpsClient, type GpsCommand, type GpsCommandResult, type GpsCredentials, type GpsFix } from '../gps/gps.types.ts';

const MESSAGE_FIELDS = [
  'timestamp',
  'position.latitude',
  'position.longitude',
  'position.speed',
  'position.direction',
  'engine.ignition.status',
  'vehicle.mileage',
];
const TELEMETRY_FIELDS = MESSAGE_FIELDS;
/** Messages asked per request (flespi caps an answer's size; this stays well below). */
const DEFAULT_PAGE_SIZE = 5_000;
/** No `limit`: at most this many positions in all (a few weeks of 30 s fixes). */
const MAX_POSITIONS = 100_000;
const COMMAND_TTL_SECONDS = 86_400;
/** A buzzer heard hours later warns nobody: its queued command expires after 2 minutes. */
const BUZZER_TTL_SECONDS = 120;
const LOOKUP_CONCURRENCY = 6;
/** Ids per telemetry request (the selector travels in the URL). */
const TELEMETRY_CHUNK = 100;
const UNKNOWN_TTL_MS = 5 * 60_000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const identSelector = (ident: string) => `configuration.ident=${encodeURIComponent(ident)}`;

/** The first {code, reason} of a flespi error answer. */
function firstError(json: unknown): { code: number | null; reason: string } | null {
  if (!isObject(json)) return null;
  const errors = Array.isArray(json.errors) ? json.errors : isObject(json.error) ? [json.error] : 'reason' in json ? [json] : [];
  const e = errors.find(isObject);
  if (!e) return null;
  return { code: num(e.code), reason: typeof e.reason === 'string' ? e.reason : JSON.stringify(e) };
}

function fixOf(ident: string, read: (key: string) => unknown, at: number | null): GpsFix | null {
  const latitude = num(read('position.latitude'));
  const longitude = num(read('position.longitude'));
  if (at === null || latitude === null || longitude === null) return null;
  const ignition = read('engine.ignition.status');
  return {
    ident,
    at: new Date(Math.round(at * 1000)),
    latitude,
    longitude,
    speedKmh: num(read('position.speed')) ?? 0,
    course: num(read('position.direction')),
    ignition: typeof ignition === 'boolean' ? ignition : null,
    odometerKm: num(read('vehicle.mileage')),
    address: null,
  };
}

export function createFlespiClient(opts: { baseUrl: string; timeoutMs: number; pageSize?: number }): GpsClient {
  const pageSize = opts.pageSize ?? DEFAULT_PAGE_SIZE;
  /** Per token: idents known to select no device, until when. */
  const unknown = new Map<string, Map<string, number>>();

  async function call(creds: GpsCredentials, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const root = (creds.baseUrl ?? opts.baseUrl).replace(/\/+$/, '');
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${root}${path}`, {
        method,
        headers: {
          Authorization: `FlespiToken ${creds.secret}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new GpsProviderError('unavailable', timedOut ? `flespi ${method} ${path}: no answer within ${opts.timeoutMs} ms` : `flespi ${method} ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      json = undefined;
    }
    const reason = firstError(json)?.reason ?? `HTTP ${res.status}`;
    if (res.status === 401 || res.status === 403) throw new GpsProviderError('unauthorized', `flespi refused the token: ${reason}`, res.status);
    if (res.status >= 500) throw new GpsProviderError('unavailable', `flespi ${method} ${path}: ${reason}`, res.status);
    if (res.ok && json === undefined) throw new GpsProviderError('bad_answer', `flespi ${method} ${path}: the answer is not JSON`, res.status);
    return { status: res.status, json };
  }

  /** A read: its `result` array; any other answer is an error. */
  async function read(creds: GpsCredentials, path: string): Promise<unknown[]> {
    const { status, json } = await call(creds, 'GET', path);
    if (status < 200 || status >= 300) {
      throw new GpsProviderError('bad_answer', `flespi GET ${path}: ${firstError(json)?.reason ?? `HTTP ${status}`}`, status);
    }
    if (!isObject(json) || !Array.isArray(json.result)) throw new GpsProviderError('bad_answer', `flespi GET ${path}: no 'result' list`, status);
    return json.result;
  }

  const identOfDevice = (d: unknown): string | null =>
    isObject(d) && isObject(d.configuration) && (typeof d.configuration.ident === 'string' || typeof d.configuration.ident === 'number')
      ? String(d.configuration.ident)
      : null;

  async function deviceExists(creds: GpsCredentials, ident: string): Promise<number | null> {
    const result = await read(creds, `/gw/devices/${identSelector(ident)}?fields=id,configuration`);
    const d = result.find((x) => identOfDevice(x) === ident) ?? result[0];
    return isObject(d) ? num(d.id) : null;
  }

  /** ident -> flespi device id, for the idents that name a device. */
  async function deviceIds(creds: GpsCredentials, idents: readonly string[]): Promise<Map<string, number>> {
    const wanted = new Set(idents);
    const ids = new Map<string, number>();
    for (const d of await read(creds, '/gw/devices/all?fields=id,configuration')) {
      const ident = identOfDevice(d);
      const id = isObject(d) ? num(d.id) : null;
      if (ident !== null && id !== null && wanted.has(ident)) ids.set(ident, id);
    }
    let gone = unknown.get(creds.secret);
    if (!gone) unknown.set(creds.secret, (gone = new Map()));
    const now = Date.now();
    const missing = [...wanted].filter((i) => !ids.has(i) && !((gone.get(i) ?? 0) > now));
    for (let i = 0; i < missing.length; i += LOOKUP_CONCURRENCY) {
      await Promise.all(
        missing.slice(i, i + LOOKUP_CONCURRENCY).map(async (ident) => {
          const id = await deviceExists(creds, ident);
          if (id === null) gone.set(ident, now + UNKNOWN_TTL_MS);
          else ids.set(ident, id);
        }),
      );
    }
    return ids;
  }

  async function sendCommand(creds: GpsCredentials, ident: string, command: GpsCommand): Promise<GpsCommandResult> {
    const payload = command.text ?? FLESPI_DEFAULT_COMMANDS[command.kind];
    // A direct command (the lock) uses the synchronous call: executed now, or 'not connected'.
    const path = `/gw/devices/${identSelector(ident)}/${command.direct ? 'commands' : 'commands-queue'}`;
    const ttl = command.kind === 'buzzer' ? BUZZER_TTL_SECONDS : COMMAND_TTL_SECONDS;
    const body = command.direct ? [{ name: 'codec12', properties: { payload } }] : [{ name: 'codec12', properties: { payload }, ttl }];
    const { status, json } = await call(creds, 'POST', path, body);
    const error = firstError(json);
    const result = isObject(json) && Array.isArray(json.result) ? json.result : null;
    const taken = result?.find(isObject);
    if (taken && status >= 200 && status < 300) {
      const executed = taken.executed === true;
      const response = typeof taken.response === 'string' ? taken.response : null;
      return executed
        ? { outcome: 'sent', answer: response ?? 'exécutée' }
        : { outcome: 'queued', answer: `en file d'attente (id ${String(taken.id ?? '?')}, ${COMMAND_TTL_SECONDS} s)` };
    }
    if (error?.code === 2 || (error && /not connected/i.test(error.reason))) return { outcome: 'offline', answer: error.reason };
    if (error) return { outcome: 'refused', answer: error.reason };
    if (result && result.length === 0) throw new GpsProviderError('unknown_device', `flespi: no device with ident ${ident}`, status);
    throw new GpsProviderError('bad_answer', `flespi POST ${path}: HTTP ${status}, neither a result nor an error`, status);
  }

  return {
    provider: 'flespi',

    async check(creds) {
      return { devices: (await read(creds, '/gw/devices/all?fields=id')).length };
    },

    async positions(creds, ident, period) {
      const limit = period.limit ?? MAX_POSITIONS;
      const reverse = period.newestFirst === true;
      let from = period.from.getTime() / 1000;
      let to = period.to.getTime() / 1000;
      const fixes: GpsFix[] = [];
      /** The newest (oldest, newest first) timestamp taken: the next page starts past it. */
      let edge: number | null = null;
      while (fixes.length < limit && from <= to) {
        const count = Math.min(pageSize, limit - fixes.length);
        const data = { from, to, count, reverse, fields: MESSAGE_FIELDS.join(',') };
        const page = await read(creds, `/gw/devices/${identSelector(ident)}/messages?data=${encodeURIComponent(JSON.stringify(data))}`);
        let last: number | null = null;
        for (const m of page) {
          if (!isObject(m)) throw new GpsProviderError('bad_answer', 'flespi messages: a message is not an object');
          const at = num(m.timestamp);
          if (at !== null) last = at;
          // A bound 1 ms past the previous page may let its last message in again.
          if (at !== null && edge !== null && (reverse ? at >= edge : at <= edge)) continue;
          const fix = fixOf(ident, (k) => m[k], at);
          if (fix && fixes.length < limit) fixes.push(fix);
        }
        if (page.length < count || last === null || last === edge) break;
        edge = last;
        if (reverse) to = last - 0.001;
        else from = last + 0.001;
      }
      if (fixes.length === 0 && (await deviceExists(creds, ident)) === null) {
        throw new GpsProviderError('unknown_device', `flespi: no device with ident ${ident}`);
      }
      return fixes;
    },

    async latest(creds, idents) {
      const out = new Map<string, GpsFix>();
      if (idents.length === 0) return out;
      const ids = await deviceIds(creds, idents);
      const identById = new Map([...ids].map(([ident, id]) => [id, ident]));
      const all = [...identById.keys()];
      for (let i = 0; i < all.length; i += TELEMETRY_CHUNK) {
        const chunk = all.slice(i, i + TELEMETRY_CHUNK);
        const result = await read(creds, `/gw/devices/${chunk.join(',')}/telemetry/${TELEMETRY_FIELDS.join(',')}`);
        for (const d of result) {
          if (!isObject(d) || !isObject(d.telemetry)) throw new GpsProviderError('bad_answer', 'flespi telemetry: an item without telemetry');
          const ident = identById.get(num(d.id) ?? -1);
          if (!ident) continue;
          const t = d.telemetry;
          const value = (k: string) => (isObject(t[k]) ? (t[k] as Json).value : undefined);
          const lat = t['position.latitude'];
          const at = num(value('timestamp')) ?? (isObject(lat) ? num(lat.ts) : null);
          const fix = fixOf(ident, value, at);
          if (fix) out.set(ident, fix);
        }
      }
      return out;
    },

    async stops() {
      return null;
    },

    sendCommand,
  };
}
