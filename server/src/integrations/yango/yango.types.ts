/**
 * The Yango Fleet API as our code sees it (../shared/reference/integrations.md): the calls we make,
 * with amounts already read into integer minor units (yango-amounts.ts) and paging hidden where a
 * caller wants everything. The real client (yango.client.ts) and the loopback simulator
 * (yango.simulator.ts) speak the documented wire format; nothing else in the app does.
 */

/** A park's credentials: X-Client-ID, X-API-Key, and the park id every query names. */
export interface YangoCredentials {
  clientId: string;
  apiKey: string;
  parkId: string;
}

export type YangoWorkStatus = 'working' | 'not_working' | 'fired';

export interface YangoDriverProfile {
  id: string;
  parkId: string;
  firstName: string;
  lastName: string;
  /** As Yango holds them, E.164 ('+225...'). */
  phones: string[];
  workStatus: YangoWorkStatus;
  /** current_status.status: online, busy, offline ... */
  currentStatus: string | null;
  car: { id: string; brand: string | null; model: string | null; number: string | null; color: string | null; year: number | null; categories: string[] } | null;
  /** The 'current' account: balance and limit in minor units of currency. */
  account: { balance: number; balanceLimit: number; currency: string } | null;
}

export interface YangoPark {
  id: string;
  name: string | null;
  city: string | null;
}

export interface YangoDriverPage {
  total: number;
  offset: number;
  limit: number;
  profiles: YangoDriverProfile[];
  parks: YangoPark[];
}

export interface YangoTransaction {
  id: string;
  eventAt: Date;
  categoryId: string;
  categoryName: string | null;
  /** Minor units of currency, signed (a fee or a debit is negative). */
  amount: number;
  currency: string;
  description: string | null;
  driverProfileId: string;
}

export interface YangoOrder {
  id: string;
  shortId: string | null;
  status: string;
  bookedAt: Date | null;
  endedAt: Date | null;
  /** Minor units of currency (the park's currency when Yango gives none). */
  price: number;
  currency: string;
  /** Metres, when the answer carries `mileage` (km, a string). */
  mileageM: number | null;
  paymentMethod: string | null;
  category: string | null;
  carNumber: string | null;
  driverProfileId: string | null;
}

export interface YangoCursorPage<T> {
  items: T[];
  /** Absent or empty when there is no further page. */
  cursor: string | null;
}

/** What a refused or failed call becomes: the HTTP status (0 when no answer) and Yango's {code, message}. */
export class YangoApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'YangoApiError';
  }
  /** No answer, a 5xx or a 429 after the retries: the call may be tried again later. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

export interface YangoClient {
  /** POST /v1/parks/driver-profiles/list, one page (offset paging). `text` searches names and phones. */
  listDriverProfiles(creds: YangoCredentials, q: { text?: string; ids?: string[]; limit: number; offset: number }): Promise<YangoDriverPage>;
  /** POST /v2/parks/driver-profiles/transactions/list, one page (cursor paging). */
  listDriverTransactions(
    creds: YangoCredentials,
    q: { driverProfileId: string; from: Date; to: Date; categoryIds?: string[]; limit: number; cursor?: string | null },
  ): Promise<YangoCursorPage<YangoTransaction>>;
  /** POST /v1/parks/orders/list, one page (cursor paging), by ended_at. */
  listOrders(creds: YangoCredentials, q: { driverProfileId?: string; from: Date; to: Date; statuses?: string[]; limit: number; cursor?: string | null }): Promise<YangoCursorPage<YangoOrder>>;
  /**
   * POST /v2/parks/driver-profiles/transactions with X-Idempotency-Token: the same token twice is
   * one transaction. `amount` in minor units, signed (negative debits the driver's balance).
   */
  createDriverTransaction(
    creds: YangoCredentials,
    t: { driverProfileId: string; categoryId: string; amount: number; currency: string; description: string; idempotencyToken: string },
  ): Promise<{ id: string | null }>;
}

export interface YangoClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Minimum gap between two requests of one park (about 2 per second). */
  minIntervalMs: number;
  /** Retries after a 429 (Retry-After honoured, else exponential back-off from backoffMs). */
  maxRetries: number;
  backoffMs: number;
  fetch?: typeof fetch;
}

/** A park the simulator knows: its credentials and its drivers (generated from a seed). */
export interface YangoSimPark {
  id: string;
  clientId: string;
  apiKey: string;
  name: string;
  city: string;
  currency: string;
}

/**
 * The Fleet API park the simulator always holds; the demo park (Douala) connects to it (README:
 * demo). Its balances are in XAF like the demo park's money: a yango_recipe or a Yango debit in
 * another currency than the park's is refused, never converted.
 */
export const DEMO_YANGO_PARK: YangoSimPark = {
  id: 'flotte-demo-park',
  clientId: 'taxi/park/flotte-demo-park',
  apiKey: 'demo-yango-api-key-0001',
  name: 'Flotte Démo Yango',
  city: 'Douala',
  currency: 'XAF',
};

/** A driver profile of the simulator, as tests and the demo seed read them. */
export interface YangoSimDriver {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  workStatus: YangoWorkStatus;
  /** Minor units of the park's currency; debits lower it. */
  balance: number;
  balanceLimit: number;
}

/**
 * The loopback Fleet API simulator (yango.simulator.ts): documented wire format, 4-decimal string
 * amounts, offset paging for drivers, cursor paging for transactions and orders, an occasional 429,
 * idempotent transaction creation. Its parks' drivers, transactions and orders are generated from
 * a seed (same seed, same data), the demo park always among them.
 */
export interface YangoSimulator {
  url: string;
  /** Adds (or returns) a park: a few hundred drivers, some sharing a phone prefix, months of activity. */
  addPark(p: Partial<YangoSimPark> & { id: string }, opts?: { drivers?: number; days?: number }): YangoSimPark;
  drivers(parkId: string): YangoSimDriver[];
  /** Adds a driver with the given phone (tests: a known profile to import). */
  addDriver(parkId: string, d: Partial<YangoSimDriver> & { phone: string }): YangoSimDriver;
  /** Adds a transaction (tests: a known revenue); amount in minor units. */
  addTransaction(parkId: string, t: { driverId: string; categoryId: string; amount: number; eventAt: Date; description?: string }): string;
  /** The next `count` requests answer `status` (429 with Retry-After 0, 500 ...). */
  failNext(count: number, status?: number): void;
  /** Share of requests answered 429 at random (default 0.03; tests set 0 for exact counts). */
  setRandom429Rate(rate: number): void;
  /** Requests received, for pacing and idempotency assertions. */
  requests(): { method: string; path: string; at: number; idempotencyToken: string | null }[];
  /** Transactions created through the API (debits), by idempotency token. */
  createdTransactions(parkId: string): { id: string; token: string; driverId: string; amount: number }[];
  close(): Promise<void>;
}

/** The app's way to the Fleet API: one client (pacing per credentials), the simulator started on first use in simulator mode. */
export interface YangoApi {
  mode: 'simulator' | 'live';
  client(): Promise<YangoClient>;
  /** Simulator mode: the running simulator (started if need be); live: null. */
  simulator(): Promise<YangoSimulator> | null;
  /** The transaction category of a debit (YANGO_DEBIT_CATEGORY). */
  debitCategoryId: string;
  close(): Promise<void>;
}
