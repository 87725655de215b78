/**
 * Loopback simulator of the Yango Fleet API (../shared/reference/integrations.md), speaking the
 * documented wire format so that yango.client.ts is the same code against it and against Yango:
 *
 * - Auth: X-Client-ID and X-API-Key must be a known park's (else 401 {code: "unauthorized"}), and
 *   the park the query names (query.park.id, or park_id of a creation) must be that park (else 403).
 * - POST /v1/parks/driver-profiles/list: offset paging (limit 1-1000), filters query.park.driver_profile.id[],
 *   .work_status[], query.park.current_status.status[], and query.text: names (case and accents
 *   ignored) or phone digits ("0700000012" finds "+2250700000012").
 * - POST /v2/parks/driver-profiles/transactions/list and POST /v1/parks/orders/list: cursor paging
 *   (an opaque base64 offset; "" when there is no further page), event_at / ended_at (or booked_at)
 *   ranges, from included and to excluded, ascending by time. Activity is generated per driver and
 *   day (yango.simulator-data.ts), lazily, and cached for the last drivers asked; it never shows
 *   anything later than now.
 * - POST /v2/parks/driver-profiles/transactions with X-Idempotency-Token (16-64 printable ASCII):
 *   answers 200 {id, event_at, park_id, driver_profile_id, category_id, amount, currency_code,
 *   description}; the same token again answers the same, without a second transaction (another body
 *   with the same token: 409 idempotency_conflict). A debit beyond the driver's balance: 400
 *   insufficient_balance. Created transactions are in the transactions list and move the balance.
 * - A share of requests (random429Rate, 0.03 by default) answers 429 with Retry-After: 0;
 *   failNext(count, status) forces the next answers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { currencyDecimals } from '../../platform/money.ts';
import { readBody } from '../simulator-http.ts';
import { minorToYangoAmount, yangoAmountToMinor } from './yango-amounts.ts';
import {
  DEFAULT_YANGO_SIM_DAYS,
  DEFAULT_YANGO_SIM_SEED,
  simId,
  simRandom,
  utcDay,
  YANGO_SIM_CATEGORY_NAMES,
  yangoSimDay,
  yangoSimMatchesText,
  yangoSimProfiles,
  yangoSimProfileWire,
  type YangoSimOrder,
  type YangoSimProfile,
  type YangoSimTransaction,
} from './yango.simulator-data.ts';
import { decodeCursor, encodeCursor, error, isObject, limitOf, range, type Answer, type Json } from './yango.simulator-wire.ts';
import { DEMO_YANGO_PARK, type YangoSimDriver, type YangoSimPark, type YangoSimulator } from './yango.types.ts';

/** How many drivers' generated activity stays in memory (the last asked). */
const ACTIVITY_CACHE_DRIVERS = 64;
const MAX_LOGGED_REQUESTS = 20_000;
/** How many days of a whole park's orders stay in memory (a few thousand orders each). */
const PARK_DAYS_CACHED = 8;

interface ParkState {
  park: YangoSimPark;
  days: number;
  profiles: YangoSimProfile[];
  byId: Map<string, YangoSimProfile>;
  /** Transactions added by tests or created through the API, by driver. */
  extra: Map<string, YangoSimTransaction[]>;
  created: { id: string; token: string; driverId: string; amount: number; body: string; answer: Record<string, unknown> }[];
}

export async function startYangoSimulator(opts: { seed?: number; random429Rate?: number } = {}): Promise<YangoSimulator> {
  const seed = opts.seed ?? DEFAULT_YANGO_SIM_SEED;
  let rate = opts.random429Rate ?? 0.03;
  const chance = simRandom(seed, '429');
  const parks = new Map<string, ParkState>();
  const log: { method: string; path: string; at: number; idempotencyToken: string | null }[] = [];
  const forced: number[] = [];
  /** driver id -> day -> activity; Map order is the LRU order. */
  const cache = new Map<string, Map<number, ReturnType<typeof yangoSimDay>>>();

  function addPark(p: Partial<YangoSimPark> & { id: string }, o: { drivers?: number; days?: number } = {}): YangoSimPark {
    const known = parks.get(p.id);
    if (known) return known.park;
    const park: YangoSimPark = {
      id: p.id,
      clientId: p.clientId ?? `taxi/park/${p.id}`,
      apiKey: p.apiKey ?? `sim-key-${simId(p.id, 'key')}`,
      name: p.name ?? `Parc ${p.id}`,
      city: p.city ?? 'Abidjan',
      currency: p.currency ?? 'XOF',
    };
    const profiles = yangoSimProfiles(park, { drivers: o.drivers });
    parks.set(park.id, { park, days: o.days ?? DEFAULT_YANGO_SIM_DAYS, profiles, byId: new Map(profiles.map((d) => [d.id, d])), extra: new Map(), created: [] });
    return park;
  }
  addPark(DEMO_YANGO_PARK);

  function state(parkId: string): ParkState {
    const s = parks.get(parkId);
    if (!s) throw new Error(`unknown simulated Yango park ${parkId}`);
    return s;
  }

  /** A day of a driver's generated activity; cached for the last drivers asked when `keep`. */
  function day(s: ParkState, d: YangoSimProfile, n: number, keep: boolean) {
    let days = cache.get(d.id);
    if (days) {
      cache.delete(d.id);
      cache.set(d.id, days);
    } else if (keep) {
      cache.set(d.id, (days = new Map()));
      if (cache.size > ACTIVITY_CACHE_DRIVERS) cache.delete(cache.keys().next().value!);
    }
    let data = days?.get(n);
    if (!data) {
      data = yangoSimDay(s.park, d, n, seed);
      days?.set(n, data);
    }
    return data;
  }

  /** A day of the whole park's generated orders (park-wide order queries page through the same few days). */
  const parkDays = new Map<string, YangoSimOrder[]>();
  function parkDay(s: ParkState, n: number): YangoSimOrder[] {
    const key = `${s.park.id}\u0000${n}`;
    let orders = parkDays.get(key);
    if (!orders) {
      orders = s.profiles.flatMap((d) => (cache.get(d.id)?.get(n) ?? yangoSimDay(s.park, d, n, seed)).orders);
      parkDays.set(key, orders);
      if (parkDays.size > PARK_DAYS_CACHED) parkDays.delete(parkDays.keys().next().value!);
    }
    return orders;
  }

  /** The generated days overlapping [from, to), within the park's history (and the day before, for rides past midnight). */
  function daysIn(s: ParkState, from: number, to: number): number[] {
    const now = Date.now();
    const first = Math.max(utcDay(from) - 1, utcDay(now) - s.days);
    const last = Math.min(utcDay(to), utcDay(now));
    const out: number[] = [];
    for (let n = first; n <= last; n++) out.push(n);
    return out;
  }

  function transactionsOf(s: ParkState, d: YangoSimProfile, from: number, to: number, categories: string[] | null): YangoSimTransaction[] {
    const now = Date.now();
    const all = daysIn(s, from, to).flatMap((n) => day(s, d, n, true).transactions);
    all.push(...(s.extra.get(d.id) ?? []));
    return all
      .filter((t) => t.eventAtMs >= from && t.eventAtMs < to && t.eventAtMs <= now && (!categories || categories.includes(t.categoryId)))
      .sort((a, b) => a.eventAtMs - b.eventAtMs || String(a.wire.id).localeCompare(String(b.wire.id)));
  }

  function listDrivers(s: ParkState, body: Json): Answer {
    const query = body.query as Json;
    const park = query.park as Json;
    const limit = limitOf(body.limit, 1000, 1000);
    const offset = body.offset === undefined ? 0 : body.offset;
    if (limit === null) return error(400, 'invalid_argument', 'limit must be between 1 and 1000');
    if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) return error(400, 'invalid_argument', 'offset must be a non-negative integer');
    let list = s.profiles;
    const dp = isObject(park.driver_profile) ? park.driver_profile : {};
    if (Array.isArray(dp.id)) list = list.filter((d) => (dp.id as unknown[]).includes(d.id));
    if (Array.isArray(dp.work_status)) list = list.filter((d) => (dp.work_status as unknown[]).includes(d.workStatus));
    const cs = isObject(park.current_status) ? park.current_status : {};
    if (Array.isArray(cs.status)) list = list.filter((d) => (cs.status as unknown[]).includes(d.currentStatus));
    if (typeof query.text === 'string' && query.text.trim() !== '') list = list.filter((d) => yangoSimMatchesText(d, query.text as string));
    return {
      status: 200,
      body: {
        limit,
        offset,
        total: list.length,
        driver_profiles: list.slice(offset, offset + limit).map((d) => yangoSimProfileWire(s.park, d)),
        parks: [{ id: s.park.id, name: s.park.name, city: s.park.city }],
      },
    };
  }

  function listTransactions(s: ParkState, body: Json): Answer {
    const park = (body.query as Json).park as Json;
    const driverId = isObject(park.driver_profile) ? park.driver_profile.id : undefined;
    if (typeof driverId !== 'string') return error(400, 'invalid_argument', 'query.park.driver_profile.id is required');
    const d = s.byId.get(driverId);
    if (!d) return error(404, 'driver_profile_not_found', 'driver profile not found');
    const tx = isObject(park.transaction) ? park.transaction : {};
    const r = range(tx.event_at, 'query.park.transaction.event_at');
    if (typeof r === 'string') return error(400, 'invalid_argument', r);
    const limit = limitOf(body.limit, 1000, 1000);
    if (limit === null) return error(400, 'invalid_argument', 'limit must be between 1 and 1000');
    const offset = decodeCursor(body.cursor);
    if (offset === null) return error(400, 'invalid_argument', 'cursor is invalid');
    const categories = Array.isArray(tx.category_ids) ? tx.category_ids.filter((c): c is string => typeof c === 'string') : null;
    const all = transactionsOf(s, d, r.from, r.to, categories);
    const page = all.slice(offset, offset + limit);
    return { status: 200, body: { transactions: page.map((t) => t.wire), cursor: offset + limit < all.length ? encodeCursor(offset + limit) : '' } };
  }

  function listOrders(s: ParkState, body: Json): Answer {
    const park = (body.query as Json).park as Json;
    const order = isObject(park.order) ? park.order : {};
    const byBooked = order.ended_at === undefined && order.booked_at !== undefined;
    const r = range(byBooked ? order.booked_at : order.ended_at, `query.park.order.${byBooked ? 'booked_at' : 'ended_at'}`);
    if (typeof r === 'string') return error(400, 'invalid_argument', r);
    const limit = limitOf(body.limit, 500, 500);
    if (limit === null) return error(400, 'invalid_argument', 'limit must be between 1 and 500');
    const offset = decodeCursor(body.cursor);
    if (offset === null) return error(400, 'invalid_argument', 'cursor is invalid');
    const driverId = isObject(park.driver_profile) ? park.driver_profile.id : undefined;
    const driver = typeof driverId === 'string' ? s.byId.get(driverId) : undefined;
    if (driverId !== undefined && !driver) return { status: 200, body: { orders: [], cursor: '' } };
    const statuses = Array.isArray(order.statuses) ? order.statuses : null;
    const now = Date.now();
    const at = (o: YangoSimOrder) => (byBooked ? o.bookedAtMs : o.endedAtMs);
    // Days in ascending order: an order of day n happens on day n or later, so once day n is
    // generated, the orders dated before day n + 1 are all known. Stop as soon as they fill the
    // page and show there is another (a park-wide query then generates a few days, not months).
    const byDay = new Map<number, YangoSimOrder[]>();
    let settled = 0;
    for (const n of daysIn(s, r.from, r.to)) {
      for (const o of driver ? day(s, driver, n, true).orders : parkDay(s, n)) {
        if (at(o) < r.from || at(o) >= r.to || o.endedAtMs > now || (statuses && !statuses.includes(o.wire.status))) continue;
        const bucket = byDay.get(utcDay(at(o))) ?? [];
        bucket.push(o);
        byDay.set(utcDay(at(o)), bucket);
      }
      settled += byDay.get(n)?.length ?? 0;
      if (settled > offset + limit) break;
    }
    const list = [...byDay.keys()]
      .sort((a, b) => a - b)
      .flatMap((n) => byDay.get(n)!)
      .sort((a, b) => at(a) - at(b) || String(a.wire.id).localeCompare(String(b.wire.id)));
    const page = list.slice(offset, offset + limit);
    return { status: 200, body: { orders: page.map((o) => o.wire), cursor: offset + limit < list.length ? encodeCursor(offset + limit) : '' } };
  }

  function createTransaction(s: ParkState, body: Json, token: string | null, raw: string): Answer {
    if (token === null || !/^[\x20-\x7e]{16,64}$/.test(token)) return error(400, 'invalid_argument', 'X-Idempotency-Token must be 16 to 64 printable ASCII characters');
    const again = s.created.find((c) => c.token === token);
    if (again) return again.body === raw ? { status: 200, body: again.answer } : error(409, 'idempotency_conflict', 'this X-Idempotency-Token was used for another transaction');
    const d = typeof body.driver_profile_id === 'string' ? s.byId.get(body.driver_profile_id) : undefined;
    if (!d) return error(404, 'driver_profile_not_found', 'driver profile not found');
    if (typeof body.category_id !== 'string' || body.category_id === '') return error(400, 'invalid_argument', 'category_id is required');
    let amount: number;
    try {
      amount = yangoAmountToMinor(String(body.amount), s.park.currency);
    } catch {
      return error(400, 'invalid_argument', 'amount must be a decimal number');
    }
    if (amount === 0) return error(400, 'invalid_argument', 'amount must not be zero');
    if (amount < 0 && d.balance + amount < 0) return error(400, 'insufficient_balance', 'the driver balance is too low for this transaction');
    const description = typeof body.description === 'string' ? body.description : '';
    const t = record(s, d, { categoryId: body.category_id, amount, eventAt: new Date(), description, token });
    const answer = { ...t.wire, park_id: s.park.id };
    s.created.push({ id: String(t.wire.id), token, driverId: d.id, amount, body: raw, answer });
    return { status: 200, body: answer };
  }

  /** Adds a transaction to a driver's list and moves the balance. */
  function record(s: ParkState, d: YangoSimProfile, t: { categoryId: string; amount: number; eventAt: Date; description: string; token?: string }): YangoSimTransaction {
    const id = t.token ? simId(s.park.id, 'created', t.token) : simId(s.park.id, 'added', d.id, (s.extra.get(d.id)?.length ?? 0), t.eventAt.getTime());
    const tx: YangoSimTransaction = {
      eventAtMs: t.eventAt.getTime(),
      driverId: d.id,
      categoryId: t.categoryId,
      wire: {
        id,
        event_at: t.eventAt.toISOString(),
        category_id: t.categoryId,
        category_name: YANGO_SIM_CATEGORY_NAMES[t.categoryId] ?? t.categoryId,
        amount: minorToYangoAmount(t.amount, s.park.currency),
        currency_code: s.park.currency,
        description: t.description,
        driver_profile_id: d.id,
      },
    };
    const list = s.extra.get(d.id) ?? [];
    list.push(tx);
    s.extra.set(d.id, list);
    d.balance += t.amount;
    return tx;
  }

  function handle(method: string, path: string, headers: IncomingMessage['headers'], raw: string): Answer {
    const token = typeof headers['x-idempotency-token'] === 'string' ? headers['x-idempotency-token'] : null;
    log.push({ method, path, at: Date.now(), idempotencyToken: token });
    // A demo server runs for days: keep the recent requests only.
    if (log.length > MAX_LOGGED_REQUESTS) log.splice(0, log.length - MAX_LOGGED_REQUESTS / 2);
    const status = forced.shift();
    if (status !== undefined) return error(status, status === 429 ? 'too_many_requests' : String(status), `Simulated HTTP ${status}`, status === 429 ? { 'retry-after': '0' } : undefined);
    if (rate > 0 && chance() < rate) return error(429, 'too_many_requests', 'Too many requests', { 'retry-after': '0' });
    const routes = ['/v1/parks/driver-profiles/list', '/v2/parks/driver-profiles/transactions/list', '/v1/parks/orders/list', '/v2/parks/driver-profiles/transactions'];
    if (method !== 'POST' || !routes.includes(path)) return error(404, 'not_found', `No route ${method} ${path}`);
    const clientId = headers['x-client-id'];
    const apiKey = headers['x-api-key'];
    const s = [...parks.values()].find((p) => p.park.clientId === clientId && p.park.apiKey === apiKey);
    if (!s) return error(401, 'unauthorized', 'X-Client-ID or X-API-Key is not valid');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return error(400, 'invalid_argument', 'the body must be JSON');
    }
    if (!isObject(body)) return error(400, 'invalid_argument', 'the body must be a JSON object');
    if (path === '/v2/parks/driver-profiles/transactions') {
      if (body.park_id !== s.park.id) return error(403, 'forbidden', 'park_id is not the park of these credentials');
      return createTransaction(s, body, token, raw);
    }
    const park = isObject(body.query) && isObject(body.query.park) ? body.query.park : null;
    if (!park || typeof park.id !== 'string') return error(400, 'invalid_argument', 'query.park.id is required');
    if (park.id !== s.park.id) return error(403, 'forbidden', 'query.park.id is not the park of these credentials');
    if (path === '/v1/parks/driver-profiles/list') return listDrivers(s, body);
    if (path === '/v1/parks/orders/list') return listOrders(s, body);
    return listTransactions(s, body);
  }

  const server: Server = createServer((req, res) => void serve(req, res).catch(() => send(res, { status: 500, body: { code: 'internal_error', message: 'simulator error' } })));
  async function serve(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    send(res, handle(req.method ?? 'GET', url.pathname, req.headers, raw));
  }
  function send(res: ServerResponse, a: Answer) {
    if (res.headersSent || res.destroyed) return;
    const text = JSON.stringify(a.body);
    res.writeHead(a.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...a.headers });
    res.end(text);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const publicDriver = ({ id, firstName, lastName, phone, workStatus, balance, balanceLimit }: YangoSimProfile): YangoSimDriver => ({ id, firstName, lastName, phone, workStatus, balance, balanceLimit });

  return {
    url: `http://127.0.0.1:${port}`,
    addPark,
    drivers: (parkId) => state(parkId).profiles.map(publicDriver),
    addDriver(parkId, d) {
      const s = state(parkId);
      const scale = 10 ** currencyDecimals(s.park.currency);
      const profile: YangoSimProfile = {
        id: d.id ?? simId(parkId, 'added', d.phone),
        firstName: d.firstName ?? 'Test',
        lastName: d.lastName ?? 'Chauffeur',
        phone: d.phone,
        workStatus: d.workStatus ?? 'working',
        balance: d.balance ?? 0,
        balanceLimit: d.balanceLimit ?? 50 * scale,
        car: null,
        currentStatus: 'offline',
        stoppedDay: null,
        generated: false,
      };
      if (s.byId.has(profile.id)) throw new Error(`simulated Yango driver ${profile.id} exists`);
      s.profiles.push(profile);
      s.byId.set(profile.id, profile);
      return publicDriver(profile);
    },
    addTransaction(parkId, t) {
      const s = state(parkId);
      const d = s.byId.get(t.driverId);
      if (!d) throw new Error(`unknown simulated Yango driver ${t.driverId}`);
      return String(record(s, d, { categoryId: t.categoryId, amount: t.amount, eventAt: t.eventAt, description: t.description ?? '' }).wire.id);
    },
    failNext(count, status = 429) {
      for (let i = 0; i < count; i++) forced.push(status);
    },
    setRandom429Rate(r) {
      rate = r;
    },
    requests: () => log.map((r) => ({ ...r })),
    createdTransactions: (parkId) => state(parkId).created.map(({ id, token, driverId, amount }) => ({ id, token, driverId, amount })),
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
