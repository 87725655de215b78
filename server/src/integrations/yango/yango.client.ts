/**
 * Client of the Yango Fleet API (../shared/reference/integrations.md, "Yango Fleet API"): the
 * driver list (offset paging), a driver's transactions and the park's orders (cursor paging), and
 * the creation of a driver transaction (a debit of the driver's balance). Every request carries
 * X-Client-ID, X-API-Key and Accept-Language: fr; the write carries X-Idempotency-Token.
 *
 * Politeness: Yango publishes no rate limit, so requests of one park's credentials (clientId and
 * parkId) are queued on one promise chain and spaced at least minIntervalMs apart, whoever calls.
 * A 429 waits Retry-After seconds (or an exponential back-off from backoffMs) and retries, up to
 * maxRetries; then YangoApiError(429). A timeout or a network failure is YangoApiError(0). A read
 * retries a 5xx once; the write retries 429, 5xx and no answer with the same idempotency token,
 * which Yango answers with the same transaction (no double debit).
 *
 * Tested against yango.simulator.ts (yango.client.test.ts).
 */
import { minorToYangoAmount, yangoAmountToMinor, yangoKmToMetres } from './yango-amounts.ts';
import {
  YangoApiError,
  type YangoClient,
  type YangoClientOptions,
  type YangoCredentials,
  type YangoDriverPage,
  type YangoDriverProfile,
  type YangoOrder,
  type YangoPark,
  type YangoTransaction,
  type YangoWorkStatus,
} from './yango.types.ts';

/** The currency of an order that names none (the simulator always names it; West African parks use XOF). */
const FALLBACK_CURRENCY = 'XOF';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const date = (v: unknown): Date | null => {
  if (typeof v !== 'string' || v === '') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A money field: a string ("700.0000") or, leniently, a number; null when absent. Money that cannot
 * be read is not guessed: YangoApiError 502 'bad_answer' (Yango's answer, not ours, is at fault).
 */
function amount(v: unknown, currency: string): number | null {
  if (v === undefined || v === null || v === '') return null;
  try {
    if (typeof v === 'number' && Number.isFinite(v)) return yangoAmountToMinor(String(v), currency);
    if (typeof v === 'string') return yangoAmountToMinor(v, currency);
  } catch {
    // falls through to the refusal below
  }
  throw new YangoApiError(502, 'bad_answer', `Yango answered an amount that is not one: ${JSON.stringify(v)}`);
}

function workStatus(v: unknown): YangoWorkStatus {
  return v === 'not_working' || v === 'fired' ? v : 'working';
}

function readProfile(raw: unknown): YangoDriverProfile | null {
  if (!isObject(raw)) return null;
  const dp = isObject(raw.driver_profile) ? raw.driver_profile : {};
  const id = str(dp.id);
  if (!id) return null;
  const current = arr(raw.accounts).find((a) => isObject(a) && a.type === 'current') ?? arr(raw.accounts)[0];
  let account: YangoDriverProfile['account'] = null;
  if (isObject(current)) {
    const currency = str(current.currency) ?? FALLBACK_CURRENCY;
    account = { balance: amount(current.balance, currency) ?? 0, balanceLimit: amount(current.balance_limit, currency) ?? 0, currency };
  }
  const car = isObject(raw.car) && str(raw.car.id)
    ? {
        id: str(raw.car.id)!,
        brand: str(raw.car.brand),
        model: str(raw.car.model),
        number: str(raw.car.number),
        color: str(raw.car.color),
        year: typeof raw.car.year === 'number' && Number.isInteger(raw.car.year) ? raw.car.year : null,
        categories: arr(raw.car.category).filter((c): c is string => typeof c === 'string'),
      }
    : null;
  return {
    id,
    parkId: str(dp.park_id) ?? '',
    firstName: str(dp.first_name) ?? '',
    lastName: str(dp.last_name) ?? '',
    phones: arr(dp.phones).filter((p): p is string => typeof p === 'string'),
    workStatus: workStatus(dp.work_status),
    currentStatus: isObject(raw.current_status) ? str(raw.current_status.status) : null,
    car,
    account,
  };
}

function readTransaction(raw: unknown, driverProfileId: string): YangoTransaction | null {
  if (!isObject(raw)) return null;
  const id = str(raw.id);
  const eventAt = date(raw.event_at);
  const categoryId = str(raw.category_id);
  if (!id || !eventAt || !categoryId) return null;
  const currency = str(raw.currency_code) ?? str(raw.currency) ?? FALLBACK_CURRENCY;
  return {
    id,
    eventAt,
    categoryId,
    categoryName: str(raw.category_name),
    amount: amount(raw.amount, currency) ?? 0,
    currency,
    description: str(raw.description),
    driverProfileId: str(raw.driver_profile_id) ?? driverProfileId,
  };
}

function readOrder(raw: unknown): YangoOrder | null {
  if (!isObject(raw)) return null;
  const id = str(raw.id);
  if (!id) return null;
  const currency = str(raw.currency) ?? str(raw.currency_code) ?? FALLBACK_CURRENCY;
  let mileage: number | null = null;
  try {
    // A distance is information, not money: an unreadable one is left out rather than failing the page.
    if (typeof raw.mileage === 'string' && raw.mileage.trim() !== '') mileage = yangoKmToMetres(raw.mileage);
    else if (typeof raw.mileage === 'number' && Number.isFinite(raw.mileage)) mileage = yangoKmToMetres(String(raw.mileage));
  } catch {
    mileage = null;
  }
  return {
    id,
    shortId: raw.short_id === undefined || raw.short_id === null ? null : String(raw.short_id),
    status: str(raw.status) ?? 'none',
    bookedAt: date(raw.booked_at),
    endedAt: date(raw.ended_at),
    price: amount(raw.price, currency) ?? 0,
    currency,
    mileageM: mileage,
    paymentMethod: str(raw.payment_method),
    category: str(raw.category),
    carNumber: isObject(raw.car) ? str(raw.car.number) : null,
    driverProfileId: isObject(raw.driver_profile) ? str(raw.driver_profile.id) : null,
  };
}

/** Absent or empty cursor: no further page. */
const nextCursor = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

interface Call {
  path: string;
  body: unknown;
  /** The write: its idempotency token, and retries on 5xx and no answer too. */
  idempotencyToken?: string;
}

export function createYangoClient(opts: YangoClientOptions): YangoClient {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  /** Per credentials: the tail of the queue, and when its last request left. */
  const lanes = new Map<string, { tail: Promise<void>; lastAt: number }>();

  /** Runs `send` in the credentials' queue, at least minIntervalMs after the previous request left. */
  function paced<T>(creds: YangoCredentials, send: () => Promise<T>): Promise<T> {
    const key = `${creds.clientId}\u0000${creds.parkId}`;
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = { tail: Promise.resolve(), lastAt: 0 }));
    const l = lane;
    const turn = l.tail.then(async () => {
      // A loop: timers may fire a millisecond early, and the gap is a promise to Yango.
      const due = l.lastAt + opts.minIntervalMs;
      while (Date.now() < due) await sleep(due - Date.now());
      l.lastAt = Date.now();
    });
    // The next caller waits for this one's departure only, not for its answer.
    l.tail = turn;
    return turn.then(send);
  }

  async function once(creds: YangoCredentials, call: Call): Promise<{ status: number; json: unknown; retryAfter: string | null }> {
    const headers: Record<string, string> = {
      'X-Client-ID': creds.clientId,
      'X-API-Key': creds.apiKey,
      'Accept-Language': 'fr',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    if (call.idempotencyToken !== undefined) headers['X-Idempotency-Token'] = call.idempotencyToken;
    let res: Response;
    try {
      res = await paced(creds, () =>
        doFetch(`${baseUrl}${call.path}`, { method: 'POST', headers, body: JSON.stringify(call.body), signal: AbortSignal.timeout(opts.timeoutMs) }),
      );
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new YangoApiError(0, null, timedOut ? `Yango ${call.path}: no answer within ${opts.timeoutMs} ms` : `Yango ${call.path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    let text = '';
    try {
      text = await res.text();
    } catch {
      throw new YangoApiError(0, null, `Yango ${call.path}: the answer was cut`);
    }
    let json: unknown = undefined;
    try {
      json = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      // A success that is not JSON (a proxy's page ...) is no answer at all; an error's body may be anything.
      if (res.ok) throw new YangoApiError(0, null, `Yango ${call.path}: the answer is not JSON`);
    }
    return { status: res.status, json, retryAfter: res.headers.get('retry-after') };
  }

  /** One call with its retries; resolves with the 2xx body, throws YangoApiError otherwise. */
  async function request(creds: YangoCredentials, call: Call): Promise<Json> {
    const write = call.idempotencyToken !== undefined;
    let throttled = 0;
    let failed = 0;
    for (;;) {
      let answer: Awaited<ReturnType<typeof once>>;
      try {
        answer = await once(creds, call);
      } catch (err) {
        // No answer: only the write tries again (same token, so at most one transaction).
        if (write && err instanceof YangoApiError && failed < opts.maxRetries) {
          await sleep(opts.backoffMs * 2 ** failed++);
          continue;
        }
        throw err;
      }
      const { status, json, retryAfter } = answer;
      if (status >= 200 && status < 300) return isObject(json) ? json : {};
      if (status === 429 && throttled < opts.maxRetries) {
        const seconds = retryAfter === null ? NaN : Number(retryAfter);
        await sleep(Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : opts.backoffMs * 2 ** throttled);
        throttled++;
        continue;
      }
      if (status >= 500 && failed < (write ? opts.maxRetries : 1)) {
        await sleep(opts.backoffMs * 2 ** failed++);
        continue;
      }
      const body = isObject(json) ? json : {};
      const code = body.code === undefined || body.code === null ? null : String(body.code);
      const message = str(body.message) ?? `HTTP ${status}`;
      throw new YangoApiError(status, code, `Yango ${call.path}: ${message}`);
    }
  }

  return {
    async listDriverProfiles(creds, q): Promise<YangoDriverPage> {
      const park: Json = { id: creds.parkId };
      if (q.ids && q.ids.length > 0) park.driver_profile = { id: q.ids };
      const query: Json = { park };
      if (q.text !== undefined && q.text.trim() !== '') query.text = q.text.trim();
      const body = await request(creds, {
        path: '/v1/parks/driver-profiles/list',
        body: {
          query,
          fields: {
            account: ['balance', 'balance_limit', 'currency', 'id', 'type'],
            car: ['id', 'brand', 'model', 'number', 'color', 'year', 'category'],
            current_status: ['status'],
            driver_profile: ['id', 'park_id', 'first_name', 'last_name', 'phones', 'work_status'],
            park: ['id', 'name', 'city'],
          },
          limit: q.limit,
          offset: q.offset,
        },
      });
      const profiles = arr(body.driver_profiles).map(readProfile).filter((p): p is YangoDriverProfile => p !== null);
      const parks = arr(body.parks)
        .filter(isObject)
        .filter((p) => str(p.id))
        .map((p): YangoPark => ({ id: str(p.id)!, name: str(p.name), city: str(p.city) }));
      return {
        total: typeof body.total === 'number' ? body.total : profiles.length,
        offset: typeof body.offset === 'number' ? body.offset : q.offset,
        limit: typeof body.limit === 'number' ? body.limit : q.limit,
        profiles,
        parks,
      };
    },

    async listDriverTransactions(creds, q) {
      const transaction: Json = { event_at: { from: q.from.toISOString(), to: q.to.toISOString() } };
      if (q.categoryIds && q.categoryIds.length > 0) transaction.category_ids = q.categoryIds;
      const request_: Json = { query: { park: { id: creds.parkId, driver_profile: { id: q.driverProfileId }, transaction } }, limit: q.limit };
      if (q.cursor) request_.cursor = q.cursor;
      const body = await request(creds, { path: '/v2/parks/driver-profiles/transactions/list', body: request_ });
      const items = arr(body.transactions)
        .map((t) => readTransaction(t, q.driverProfileId))
        .filter((t): t is YangoTransaction => t !== null);
      return { items, cursor: nextCursor(body.cursor) };
    },

    async listOrders(creds, q) {
      const order: Json = { ended_at: { from: q.from.toISOString(), to: q.to.toISOString() } };
      if (q.statuses && q.statuses.length > 0) order.statuses = q.statuses;
      const park: Json = { id: creds.parkId, order };
      if (q.driverProfileId) park.driver_profile = { id: q.driverProfileId };
      const request_: Json = { query: { park }, limit: Math.min(q.limit, 500) };
      if (q.cursor) request_.cursor = q.cursor;
      const body = await request(creds, { path: '/v1/parks/orders/list', body: request_ });
      const items = arr(body.orders)
        .map(readOrder)
        .filter((o): o is YangoOrder => o !== null);
      return { items, cursor: nextCursor(body.cursor) };
    },

    async createDriverTransaction(creds, t) {
      if (!/^[\x20-\x7e]{16,64}$/.test(t.idempotencyToken)) throw new RangeError('X-Idempotency-Token: 16 to 64 printable ASCII characters');
      const body = await request(creds, {
        path: '/v2/parks/driver-profiles/transactions',
        idempotencyToken: t.idempotencyToken,
        body: {
          park_id: creds.parkId,
          driver_profile_id: t.driverProfileId,
          category_id: t.categoryId,
          amount: minorToYangoAmount(t.amount, t.currency),
          description: t.description,
        },
      });
      return { id: str(body.id) ?? (isObject(body.transaction) ? str(body.transaction.id) : null) };
    },
  };
}
