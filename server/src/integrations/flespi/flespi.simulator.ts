/**
 * Loopback simulator of the flespi gateway REST API (../shared/reference/integrations.md,
 * "flespi"), serving the simulated devices (gps-sim) in flespi's wire format, so that
 * flespi.client.ts is the same code against it and against flespi.io:
 *
 * - Auth: `Authorization: FlespiToken <token>` must carry FLESPI_DEMO_TOKEN, else 401
 *   {errors: [{reason}]}.
 * - Device selectors: `all`, ids (`12,34`), or `configuration.ident=<ident>` (quotes allowed).
 *   `all` lists the devices seen so far (fleet.known()); an ident selector names any ident the
 *   fleet knows (and so makes it seen); an unknown one selects nothing.
 * - GET /gw/devices/{sel}?fields=: {result: [{id, name, configuration: {ident}}]}.
 * - GET /gw/devices/{sel}/messages?data={from,to,count,reverse,fields}: flat messages
 *   (timestamp in unix s, position.* in degrees and km/h, engine.ignition.status, vehicle.mileage
 *   in km), oldest first (newest first with reverse), at most `count`. A range wider than
 *   MAX_RANGE_DAYS is cut to its last MAX_RANGE_DAYS (the simulator generates days on demand).
 * - GET /gw/devices/{sel}/telemetry/{params|all}: {result: [{id, telemetry: {param: {ts, value}}}]},
 *   from each device's newest fix.
 * - POST /gw/devices/{sel}/commands (direct): an offline device gets
 *   {errors: [{code: 2, reason: "device … is not connected"}]}; POST …/commands-queue: always taken
 *   (an online device executes it at once and the answer says `executed: true`; an offline one keeps
 *   it for its TTL). The payload maps to lock / unlock / buzzer: FLESPI_DEFAULT_COMMANDS' texts, else
 *   words (lock, unlock, buzzer) or `setdigout 1|0|?`; another payload is refused (code 7).
 *
 * Test levers: failNext(status) and stallNext(ms) (the next request).
 */
import { FLESPI_DEFAULT_COMMANDS } from '@flotte/contract/gps';
import { jsonBody, startSimServer, type SimAnswer, type SimRequest } from '../../platform/payments/simulator-kit.ts';
import type { SimulatedDeviceFleet } from '../gps-sim/device-fleet.types.ts';
import type { GpsCommandKind, GpsFix } from '../gps/gps.types.ts';

export const FLESPI_DEMO_TOKEN = 'FlotteDemoFlespiToken2026';

const MAX_RANGE_DAYS = 31;
const DEFAULT_TTL_SECONDS = 86_400;

export interface FlespiSimulator {
  url: string;
  /** The next request answers this HTTP status. */
  failNext(status: number): void;
  /** The next request waits this long before its answer (client timeouts). */
  stallNext(ms: number): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const flespiError = (status: number, code: number, reason: string): SimAnswer => ({ status, body: { errors: [{ code, reason }] } });

/** The message keys of a fix, as a flespi device with a GPS and a CAN/odometer reading sends them. */
function messageOf(fleet: SimulatedDeviceFleet, fix: GpsFix): Json {
  return {
    ident: fix.ident,
    'device.id': fleet.deviceId(fix.ident),
    timestamp: fix.at.getTime() / 1000,
    'server.timestamp': fix.at.getTime() / 1000 + 1,
    'position.latitude': fix.latitude,
    'position.longitude': fix.longitude,
    'position.speed': fix.speedKmh,
    // Parked fixes carry no heading, as many trackers send none at rest.
    ...(fix.course === null ? {} : { 'position.direction': fix.course }),
    'position.valid': true,
    'engine.ignition.status': fix.ignition ?? false,
    'movement.status': fix.speedKmh > 0,
    'vehicle.mileage': fix.odometerKm ?? 0,
  };
}

function pick(obj: Json, fields: string[] | null): Json {
  if (!fields) return obj;
  const out: Json = {};
  for (const f of fields) if (f in obj) out[f] = obj[f];
  return out;
}

const fieldList = (v: unknown): string[] | null =>
  typeof v === 'string' && v.trim() !== '' ? v.split(',').map((s) => s.trim()).filter((s) => s !== '') : null;

/** The payload's command kind, or null when the simulated device would not understand it. */
export function flespiSimCommandKind(payload: string): GpsCommandKind | null {
  const p = payload.trim().toLowerCase();
  for (const kind of ['lock', 'unlock', 'buzzer'] as const) if (p === FLESPI_DEFAULT_COMMANDS[kind].toLowerCase()) return kind;
  if (/unlock|resume|setdigout\s*0/.test(p)) return 'unlock';
  if (/buzz|alarm|setdigout\s*\?/.test(p)) return 'buzzer';
  if (/lock|stop|setdigout\s*1/.test(p)) return 'lock';
  return null;
}

export async function startFlespiSimulator(fleet: SimulatedDeviceFleet): Promise<FlespiSimulator> {
  /** The idents a selector names; null when it is not a selector the simulator reads. */
  function select(selector: string): string[] | null {
    const sel = decodeURIComponent(selector).trim();
    if (sel === 'all') return fleet.known();
    const byIdent = /^configuration\.ident\s*=\s*"?([^"]*)"?$/.exec(sel);
    if (byIdent) {
      const ident = byIdent[1]!;
      if (!fleet.knows(ident)) return [];
      fleet.deviceId(ident);
      return [ident];
    }
    if (/^\d+(,\d+)*$/.test(sel)) {
      return sel
        .split(',')
        .map((id) => fleet.identOf(Number(id)))
        .filter((i): i is string => i !== null);
    }
    return null;
  }

  function devices(idents: string[], req: SimRequest): SimAnswer {
    const fields = fieldList(req.query.get('fields'));
    const result = idents.map((ident) => {
      const device: Json = { id: fleet.deviceId(ident), name: `Traceur ${ident.slice(-4)}`, device_type_id: 1, configuration: { ident } };
      if (!fields) return device;
      const out: Json = {};
      for (const f of fields) {
        if (f === 'configuration.ident') out.configuration = { ident };
        else if (f in device) out[f] = device[f];
      }
      return out;
    });
    return { status: 200, body: { result } };
  }

  function messages(idents: string[], req: SimRequest): SimAnswer {
    const raw = req.query.get('data');
    const data = raw === null ? {} : jsonBody(raw);
    if (!isObject(data)) return flespiError(400, 1, "'data' is not valid JSON");
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    const toS = Math.min(num(data.to) ?? Infinity, fleet.now().getTime() / 1000);
    const fromS = Math.max(num(data.from) ?? 0, toS - MAX_RANGE_DAYS * 86_400);
    const count = num(data.count);
    if (count !== null && (count < 1 || !Number.isInteger(count))) return flespiError(400, 1, "'count' must be a positive integer");
    const fields = fieldList(data.fields);
    let all: Json[] = [];
    for (const ident of idents) {
      for (const fix of fleet.fixesBetween(ident, new Date(Math.floor(fromS * 1000)), new Date(Math.ceil(toS * 1000)))) {
        // Compared in seconds as sent: a fractional bound must not let a message in twice.
        const ts = fix.at.getTime() / 1000;
        if (ts >= fromS && ts <= toS) all.push(messageOf(fleet, fix));
      }
    }
    all.sort((a, b) => (a.timestamp as number) - (b.timestamp as number));
    if (data.reverse === true) all.reverse();
    if (count !== null) all = all.slice(0, count);
    return { status: 200, body: { result: all.map((m) => pick(m, fields)) } };
  }

  function telemetry(idents: string[], params: string): SimAnswer {
    const wanted = params === 'all' ? null : params.split(',').map((p) => p.trim());
    const result = idents.map((ident) => {
      const fix = fleet.latest(ident);
      const t: Json = {};
      if (fix) {
        const ts = fix.at.getTime() / 1000;
        for (const [key, value] of Object.entries(messageOf(fleet, fix))) {
          if (!wanted || wanted.includes(key)) t[key] = { ts, value };
        }
      }
      return { id: fleet.deviceId(ident), telemetry: t };
    });
    return { status: 200, body: { result } };
  }

  function commands(idents: string[], req: SimRequest, queued: boolean): SimAnswer {
    const body = jsonBody(req.body);
    const list = Array.isArray(body) ? body : isObject(body) ? [body] : null;
    if (!list || list.length === 0) return flespiError(400, 1, 'commands are expected as a JSON array');
    const result: Json[] = [];
    const errors: Json[] = [];
    let nextId = Date.now() % 1_000_000_000;
    for (const ident of idents) {
      const id = fleet.deviceId(ident);
      for (const c of list) {
        const payload = isObject(c) && isObject(c.properties) && typeof c.properties.payload === 'string' ? c.properties.payload : null;
        if (!isObject(c) || c.name !== 'codec12' || payload === null) {
          errors.push({ code: 1, reason: "only 'codec12' commands with a text 'payload' are supported", id });
          continue;
        }
        const kind = flespiSimCommandKind(payload);
        if (!kind) {
          errors.push({ code: 7, reason: `device ${id} did not understand '${payload}'`, id });
          continue;
        }
        const ttl = typeof c.ttl === 'number' && c.ttl >= 60 && c.ttl <= 2_592_000 ? c.ttl : DEFAULT_TTL_SECONDS;
        const base = { id: ++nextId, device_id: id, name: 'codec12', properties: { payload }, timestamp: fleet.now().getTime() / 1000 };
        if (queued) {
          const outcome = fleet.queue(ident, kind, payload, ttl);
          result.push({ ...base, ttl, expire: base.timestamp + ttl, executed: outcome === 'sent', ...(outcome === 'sent' ? { response: 'DOUT1:' + (kind === 'lock' ? '1' : '0') } : {}) });
        } else if (fleet.command(ident, kind, payload) === 'offline') {
          errors.push({ code: 2, reason: `device ${id} is not connected`, id });
        } else {
          result.push({ ...base, executed: true, response: 'DOUT1:' + (kind === 'lock' ? '1' : '0') });
        }
      }
    }
    if (result.length === 0 && errors.length > 0) return { status: 400, body: { result: [], errors } };
    return { status: 200, body: errors.length > 0 ? { result, errors } : { result } };
  }

  async function handle(req: SimRequest): Promise<SimAnswer> {
    const m = /^\/gw\/devices\/([^/]+)(?:\/(messages|telemetry|commands|commands-queue)(?:\/([^/]+))?)?\/?$/.exec(req.path);
    if (!m) return flespiError(404, 404, 'Not found');
    const auth = /^FlespiToken\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
    if (!auth || auth[1] !== FLESPI_DEMO_TOKEN) return flespiError(401, 401, 'Unauthorized: invalid token');
    const idents = select(m[1]!);
    if (!idents) return flespiError(400, 1, `invalid selector '${decodeURIComponent(m[1]!)}'`);
    const what = m[2];
    if (req.method === 'GET' && what === undefined) return devices(idents, req);
    if (req.method === 'GET' && what === 'messages') return messages(idents, req);
    if (req.method === 'GET' && what === 'telemetry') return telemetry(idents, decodeURIComponent(m[3] ?? 'all'));
    if (req.method === 'POST' && (what === 'commands' || what === 'commands-queue')) return commands(idents, req, what === 'commands-queue');
    return flespiError(405, 405, 'Method not allowed');
  }

  const server = await startSimServer(undefined, handle);
  return {
    url: server.url,
    failNext: server.levers.failNext,
    stallNext: server.levers.stallNext,
    close: server.close,
  };
}
