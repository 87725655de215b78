import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balancePartOf } from '../../modules/yango/yango-categories.ts';
import { createYangoClient } from './yango.client.ts';
import { yangoSimDay, yangoSimParkData, yangoSimProfiles } from './yango.simulator-data.ts';
import { startYangoSimulator } from './yango.simulator.ts';
import { DEMO_YANGO_PARK, YangoApiError, type YangoClientOptions, type YangoCredentials, type YangoSimulator } from './yango.types.ts';

const DAY = 86_400_000;
const demo: YangoCredentials = { clientId: DEMO_YANGO_PARK.clientId, apiKey: DEMO_YANGO_PARK.apiKey, parkId: DEMO_YANGO_PARK.id };
/** A past window of whole days: every ride in it has its transactions in it too. */
const windowTo = new Date(Math.floor(Date.now() / DAY) * DAY);
const windowFrom = new Date(windowTo.getTime() - 30 * DAY);

describe('Yango client against the simulator', () => {
  let sim: YangoSimulator;
  beforeAll(async () => {
    sim = await startYangoSimulator({ random429Rate: 0 });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.setRandom429Rate(0));

  const client = (o: Partial<YangoClientOptions> = {}) => createYangoClient({ baseUrl: sim.url, timeoutMs: 5000, minIntervalMs: 0, maxRetries: 3, backoffMs: 1, ...o });
  const requestsSince = (n: number) => sim.requests().slice(n);
  /** A working generated driver of the demo park who drove in the window. */
  const activeDriver = () => {
    const profiles = yangoSimProfiles(DEMO_YANGO_PARK);
    const day = Math.floor(windowFrom.getTime() / DAY) + 3;
    return profiles.find((d) => d.workStatus === 'working' && yangoSimDay(DEMO_YANGO_PARK, d, day).orders.length > 0)!;
  };

  it('sends the credentials, Accept-Language fr and JSON, and the idempotency token on writes only', async () => {
    const seen: Headers[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(new Headers(init?.headers));
      return fetch(input, init);
    };
    const driver = sim.addDriver(DEMO_YANGO_PARK.id, { phone: '+2250102030405', balance: 5000 });
    const c = client({ fetch: spy });
    await c.listDriverProfiles(demo, { limit: 1, offset: 0 });
    await c.createDriverTransaction(demo, { driverProfileId: driver.id, categoryId: 'partner_service_manual', amount: -100, currency: 'XOF', description: 'Retenue', idempotencyToken: '0b8f3c52-6a55-4f0e-9d3c-3f1f0f9a1c11' });
    for (const h of seen) {
      expect(h.get('x-client-id')).toBe(DEMO_YANGO_PARK.clientId);
      expect(h.get('x-api-key')).toBe(DEMO_YANGO_PARK.apiKey);
      expect(h.get('accept-language')).toBe('fr');
      expect(h.get('content-type')).toBe('application/json');
    }
    expect(seen[0].get('x-idempotency-token')).toBeNull();
    expect(seen[1].get('x-idempotency-token')).toBe('0b8f3c52-6a55-4f0e-9d3c-3f1f0f9a1c11');
  });

  it('pages the driver list by offset: every profile once, accounts and cars read', async () => {
    const c = client();
    const ids: string[] = [];
    let offset = 0;
    let total = Infinity;
    while (offset < total) {
      const page = await c.listDriverProfiles(demo, { limit: 120, offset });
      total = page.total;
      expect(page.parks).toEqual([{ id: DEMO_YANGO_PARK.id, name: DEMO_YANGO_PARK.name, city: DEMO_YANGO_PARK.city }]);
      ids.push(...page.profiles.map((p) => p.id));
      offset += page.limit;
      if (page.profiles.length === 0) break;
    }
    const simDrivers = sim.drivers(DEMO_YANGO_PARK.id);
    expect(total).toBe(simDrivers.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(simDrivers.map((d) => d.id));

    const [first] = (await c.listDriverProfiles(demo, { ids: [simDrivers[5].id], limit: 10, offset: 0 })).profiles;
    expect(first).toMatchObject({
      id: simDrivers[5].id,
      parkId: DEMO_YANGO_PARK.id,
      firstName: simDrivers[5].firstName,
      lastName: simDrivers[5].lastName,
      phones: [simDrivers[5].phone],
      workStatus: simDrivers[5].workStatus,
      account: { balance: simDrivers[5].balance, balanceLimit: simDrivers[5].balanceLimit, currency: DEMO_YANGO_PARK.currency },
    });
  });

  it('searches by phone digits and by name', async () => {
    const c = client();
    const one = await c.listDriverProfiles(demo, { text: '0700000012', limit: 50, offset: 0 });
    expect(one.profiles.map((p) => p.phones[0])).toEqual(['+2250700000012']);
    const shared = await c.listDriverProfiles(demo, { text: '+225 07 00 00 00 1', limit: 50, offset: 0 });
    expect(shared.total).toBe(10);
    expect(shared.profiles.every((p) => p.phones[0].startsWith('+225070000001'))).toBe(true);

    const someone = sim.drivers(DEMO_YANGO_PARK.id)[42];
    const byName = await c.listDriverProfiles(demo, { text: someone.lastName.toUpperCase(), limit: 300, offset: 0 });
    expect(byName.profiles.map((p) => p.id)).toContain(someone.id);
    expect(byName.profiles.every((p) => `${p.firstName} ${p.lastName}`.toLowerCase().includes(someone.lastName.toLowerCase()))).toBe(true);
    expect((await c.listDriverProfiles(demo, { text: 'Personne Inconnue', limit: 50, offset: 0 })).total).toBe(0);
  });

  it('pages a driver\'s transactions by cursor until it ends: no duplicates, the same as one big page', async () => {
    const c = client();
    const driver = activeDriver();
    const q = { driverProfileId: driver.id, from: windowFrom, to: windowTo };
    const all = await c.listDriverTransactions(demo, { ...q, limit: 1000 });
    expect(all.cursor).toBeNull();
    expect(all.items.length).toBeGreaterThan(20);
    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await c.listDriverTransactions(demo, { ...q, limit: 37, cursor });
      paged.push(...page.items.map((t) => t.id));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(all.items.length / 37));
    expect(new Set(paged).size).toBe(paged.length);
    expect(paged).toEqual(all.items.map((t) => t.id));
    for (const t of all.items) {
      expect(t.eventAt.getTime()).toBeGreaterThanOrEqual(windowFrom.getTime());
      expect(t.eventAt.getTime()).toBeLessThan(windowTo.getTime());
      expect(Number.isInteger(t.amount)).toBe(true);
      expect(t.driverProfileId).toBe(driver.id);
      // Every generated category is one yango-categories.ts counts as revenue.
      expect(balancePartOf(t.categoryId), t.categoryId).not.toBeNull();
    }
    const fees = await c.listDriverTransactions(demo, { ...q, categoryIds: ['platform_ride_fee'], limit: 1000 });
    expect(fees.items.length).toBeGreaterThan(0);
    expect(fees.items.every((t) => t.categoryId === 'platform_ride_fee' && t.amount < 0)).toBe(true);
  });

  it('pages orders by cursor, per driver and park-wide; each completed ride has its payment and its fee', async () => {
    const c = client();
    const driver = activeDriver();
    const q = { driverProfileId: driver.id, from: windowFrom, to: windowTo };
    const all = await c.listOrders(demo, { ...q, limit: 500 });
    expect(all.cursor).toBeNull();
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await c.listOrders(demo, { ...q, limit: 29, cursor });
      paged.push(...page.items.map((o) => o.id));
      cursor = page.cursor;
    } while (cursor);
    expect(new Set(paged).size).toBe(paged.length);
    expect(paged).toEqual(all.items.map((o) => o.id));

    const complete = all.items.filter((o) => o.status === 'complete');
    expect(complete.length).toBeGreaterThan(5);
    for (const o of all.items) {
      expect(o).toMatchObject({ currency: DEMO_YANGO_PARK.currency, driverProfileId: driver.id });
      expect(o.endedAt!.getTime()).toBeLessThan(windowTo.getTime());
      if (o.status === 'complete') expect(o.mileageM).toBeGreaterThan(0);
      else expect(o.mileageM).toBeNull();
    }
    const tx = (await c.listDriverTransactions(demo, { ...q, limit: 1000 })).items;
    const payments = tx.filter((t) => ['cash_collected', 'platform_ride_card', 'platform_ride_corp'].includes(t.categoryId));
    expect(payments.length).toBe(complete.length);
    expect(payments.reduce((s, t) => s + t.amount, 0)).toBe(complete.reduce((s, o) => s + o.price, 0));
    expect(tx.filter((t) => t.categoryId === 'platform_ride_fee').length).toBe(complete.length);

    // Park-wide, one day: cursor pages of 173 are one page of 500 cut differently.
    const day = { from: new Date(windowTo.getTime() - DAY), to: windowTo };
    const parkWide = (limit: number) => async () => {
      const ids: string[] = [];
      let cur: string | null = null;
      do {
        const page = await c.listOrders(demo, { ...day, limit, cursor: cur });
        ids.push(...page.items.map((o) => o.id));
        cur = page.cursor;
      } while (cur);
      return ids;
    };
    const big = await parkWide(500)();
    expect(big.length).toBeGreaterThan(500);
    expect(new Set(big).size).toBe(big.length);
    expect(await parkWide(173)()).toEqual(big);
  });

  it('waits out a 429 (Retry-After) and a read\'s 5xx once, then succeeds', async () => {
    const c = client();
    const before = sim.requests().length;
    sim.failNext(2, 429);
    expect((await c.listDriverProfiles(demo, { limit: 1, offset: 0 })).profiles).toHaveLength(1);
    expect(requestsSince(before)).toHaveLength(3);
    sim.failNext(1, 500);
    expect((await c.listDriverProfiles(demo, { limit: 1, offset: 0 })).profiles).toHaveLength(1);
  });

  it('gives up after maxRetries 429s, and after a second 5xx of a read', async () => {
    const c = client({ maxRetries: 2 });
    sim.failNext(3, 429);
    const throttled = await c.listDriverProfiles(demo, { limit: 1, offset: 0 }).catch((e: unknown) => e);
    expect(throttled).toBeInstanceOf(YangoApiError);
    expect((throttled as YangoApiError).status).toBe(429);
    expect((throttled as YangoApiError).transient).toBe(true);
    sim.failNext(2, 500);
    await expect(c.listDriverProfiles(demo, { limit: 1, offset: 0 })).rejects.toMatchObject({ status: 500 });
  });

  it('survives the random 429s of a busy simulator', async () => {
    sim.setRandom429Rate(0.5);
    const c = client({ maxRetries: 20 });
    for (let i = 0; i < 6; i++) expect((await c.listDriverProfiles(demo, { limit: 2, offset: i })).profiles).toHaveLength(2);
  });

  it('turns refused credentials into 401 and another park into 403', async () => {
    const c = client();
    await expect(c.listDriverProfiles({ ...demo, apiKey: 'wrong-key' }, { limit: 1, offset: 0 })).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    const other = sim.addPark({ id: 'other-park' }, { drivers: 5 });
    await expect(c.listDriverProfiles({ ...demo, parkId: other.id }, { limit: 1, offset: 0 })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    const page = await c.listDriverProfiles({ clientId: other.clientId, apiKey: other.apiKey, parkId: other.id }, { limit: 10, offset: 0 });
    expect(page.total).toBe(5);
  });

  it('makes no answer and no server status 0', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const stalled = createYangoClient({ baseUrl: url, timeoutMs: 100, minIntervalMs: 0, maxRetries: 1, backoffMs: 1 });
      await expect(stalled.listDriverProfiles(demo, { limit: 1, offset: 0 })).rejects.toMatchObject({ name: 'YangoApiError', status: 0 });
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
    const nobody = createYangoClient({ baseUrl: url, timeoutMs: 1000, minIntervalMs: 0, maxRetries: 1, backoffMs: 1 });
    await expect(nobody.listDriverProfiles(demo, { limit: 1, offset: 0 })).rejects.toMatchObject({ status: 0, transient: true });
  });

  it('spaces the requests of one park\'s credentials by minIntervalMs, concurrent callers included', async () => {
    const sent: number[] = [];
    const spy: typeof fetch = (input, init) => {
      sent.push(Date.now());
      return fetch(input, init);
    };
    const c = client({ minIntervalMs: 50, fetch: spy });
    const before = sim.requests().length;
    await Promise.all(Array.from({ length: 5 }, (_, i) => c.listDriverProfiles(demo, { limit: 1, offset: i })));
    expect(sent).toHaveLength(5);
    // The client stamps a request just before handing it to fetch; the spy's own stamp may fall on
    // the next millisecond tick, so two spy stamps can be 1 ms closer than the client's.
    for (let i = 1; i < sent.length; i++) expect(sent[i] - sent[i - 1]).toBeGreaterThanOrEqual(49);
    expect(requestsSince(before)).toHaveLength(5);
    // Another park's credentials have their own pace: a minute's gap on one does not hold the other.
    const slow = client({ minIntervalMs: 60_000 });
    const other = sim.addPark({ id: 'paced-park' }, { drivers: 3 });
    const [a, b] = await Promise.all([
      slow.listDriverProfiles(demo, { limit: 1, offset: 0 }),
      slow.listDriverProfiles({ clientId: other.clientId, apiKey: other.apiKey, parkId: other.id }, { limit: 1, offset: 0 }),
    ]);
    expect([a.profiles.length, b.profiles.length]).toEqual([1, 1]);
  });

  it('creates a transaction once per idempotency token, retries included, and debits the balance once', async () => {
    const driver = sim.addDriver(DEMO_YANGO_PARK.id, { phone: '+2250504030201', balance: 10_000 });
    const token = 'b7d4b0f2-0c1e-4d55-a3a4-6f1e2c3d4e5f';
    const debit = { driverProfileId: driver.id, categoryId: 'partner_service_manual', amount: -1500, currency: 'XOF', description: 'Retenue Flotte', idempotencyToken: token };
    const c = client();
    const first = await c.createDriverTransaction(demo, debit);
    expect(first.id).toEqual(expect.any(String));
    expect(await c.createDriverTransaction(demo, debit)).toEqual(first);

    // A 500, then an answer lost on the way back: the client tries again with the same token.
    let calls = 0;
    const losing: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      // The second try is taken by the simulator, and its answer lost.
      if (++calls === 2) throw new TypeError('fetch failed');
      return res;
    };
    sim.failNext(1, 500);
    const before = sim.requests().length;
    expect(await client({ fetch: losing }).createDriverTransaction(demo, debit)).toEqual(first);
    expect(requestsSince(before).map((r) => r.idempotencyToken)).toEqual([token, token, token]);

    expect(sim.createdTransactions(DEMO_YANGO_PARK.id).filter((t) => t.token === token)).toEqual([{ id: first.id, token, driverId: driver.id, amount: -1500 }]);
    expect(sim.drivers(DEMO_YANGO_PARK.id).find((d) => d.id === driver.id)!.balance).toBe(8500);
    const listed = await c.listDriverTransactions(demo, { driverProfileId: driver.id, from: new Date(Date.now() - DAY), to: new Date(Date.now() + DAY), limit: 100 });
    expect(listed.items).toEqual([expect.objectContaining({ id: first.id, amount: -1500, categoryId: 'partner_service_manual', description: 'Retenue Flotte' })]);
    const [profile] = (await c.listDriverProfiles(demo, { ids: [driver.id], limit: 1, offset: 0 })).profiles;
    expect(profile.account?.balance).toBe(8500);

    // The same token for another debit is a conflict, not a second transaction.
    await expect(c.createDriverTransaction(demo, { ...debit, amount: -2000 })).rejects.toMatchObject({ status: 409 });
    await expect(c.createDriverTransaction(demo, { ...debit, idempotencyToken: 'short' })).rejects.toThrow(RangeError);
  });

  it('refuses a debit beyond the driver\'s balance', async () => {
    const driver = sim.addDriver(DEMO_YANGO_PARK.id, { phone: '+2250708091011', balance: 1000 });
    const c = client();
    const refused = await c
      .createDriverTransaction(demo, { driverProfileId: driver.id, categoryId: 'partner_service_manual', amount: -1500, currency: 'XOF', description: 'Retenue', idempotencyToken: 'c1c2c3c4-0000-4000-8000-000000000001' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'YangoApiError', status: 400, code: 'insufficient_balance' });
    expect((refused as YangoApiError).transient).toBe(false);
    expect(sim.drivers(DEMO_YANGO_PARK.id).find((d) => d.id === driver.id)!.balance).toBe(1000);
    expect(sim.createdTransactions(DEMO_YANGO_PARK.id).some((t) => t.driverId === driver.id)).toBe(false);
  });

  it('lists a transaction added by a test in minor units', async () => {
    const driver = sim.addDriver(DEMO_YANGO_PARK.id, { phone: '+2250111213141' });
    const at = new Date(windowTo.getTime() - 3 * DAY);
    const id = sim.addTransaction(DEMO_YANGO_PARK.id, { driverId: driver.id, categoryId: 'cash_collected', amount: 4250, eventAt: at });
    const page = await client().listDriverTransactions(demo, { driverProfileId: driver.id, from: windowFrom, to: windowTo, limit: 10 });
    expect(page.items).toEqual([expect.objectContaining({ id, amount: 4250, categoryId: 'cash_collected', eventAt: at, currency: DEMO_YANGO_PARK.currency })]);
  });
});

describe('Yango client reading answers', () => {
  const answering = (body: unknown, status = 200): typeof fetch => async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const client = (f: typeof fetch) => createYangoClient({ baseUrl: 'http://yango.invalid/', timeoutMs: 1000, minIntervalMs: 0, maxRetries: 0, backoffMs: 1, fetch: f });

  it('takes the current account, rounds half-franc amounts, and falls back to XOF for an order without currency', async () => {
    const page = await client(
      answering({
        total: 1,
        offset: 0,
        limit: 10,
        driver_profiles: [
          {
            accounts: [
              { id: 'a0', type: 'other', balance: '1.0000', balance_limit: '0', currency: 'XOF' },
              { id: 'a1', type: 'current', balance: '1250.5000', balance_limit: '50', currency: 'XOF' },
            ],
            driver_profile: { id: 'd1', park_id: 'p', first_name: 'Awa', last_name: 'Koné', phones: ['+2250700000001'], work_status: 'fired' },
          },
        ],
        parks: [{ id: 'p', name: 'Parc', city: 'Abidjan' }],
      }),
    ).listDriverProfiles(demo, { limit: 10, offset: 0 });
    expect(page.profiles[0]).toMatchObject({ id: 'd1', workStatus: 'fired', car: null, currentStatus: null, account: { balance: 1251, balanceLimit: 50, currency: 'XOF' } });

    const orders = await client(answering({ orders: [{ id: 'o1', status: 'complete', price: '-0.5', mileage: 'n/a', car: { number: 'AB 123' } }], cursor: '' })).listOrders(demo, {
      from: new Date(0),
      to: new Date(),
      limit: 10,
    });
    expect(orders).toEqual({ items: [expect.objectContaining({ id: 'o1', price: -1, currency: 'XOF', mileageM: null, carNumber: 'AB 123', driverProfileId: null })], cursor: null });
  });

  it('refuses money it cannot read, and a success that is not JSON', async () => {
    const junk = client(answering({ transactions: [{ id: 't', event_at: '2026-01-01T00:00:00Z', category_id: 'cash_collected', amount: '12,50', currency_code: 'XOF' }], cursor: '' }));
    await expect(junk.listDriverTransactions(demo, { driverProfileId: 'd', from: new Date(0), to: new Date(), limit: 10 })).rejects.toMatchObject({ status: 502, code: 'bad_answer' });
    await expect(client(answering('<html>maintenance</html>')).listDriverProfiles(demo, { limit: 1, offset: 0 })).rejects.toMatchObject({ status: 0 });
    await expect(client(answering({ code: 'invalid_argument', message: 'limit must be between 1 and 1000' }, 400)).listDriverProfiles(demo, { limit: 1, offset: 0 })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_argument',
      transient: false,
    });
  });
});

describe('Yango simulator data', () => {
  it('gives the same park id the same drivers, as the simulator holds them', async () => {
    const a = yangoSimParkData(DEMO_YANGO_PARK);
    expect(yangoSimParkData(DEMO_YANGO_PARK)).toEqual(a);
    expect(a).toHaveLength(300);
    const sim = await startYangoSimulator({ random429Rate: 0 });
    try {
      expect(sim.drivers(DEMO_YANGO_PARK.id)).toEqual(a);
    } finally {
      await sim.close();
    }
    expect(new Set(a.map((d) => d.id)).size).toBe(300);
    expect(new Set(a.map((d) => d.phone)).size).toBe(300);
    expect(a.every((d) => /^\+225\d{10}$/.test(d.phone))).toBe(true);
    expect(a.filter((d) => d.phone.startsWith('+225070000001'))).toHaveLength(10);
    const statuses = new Set(a.map((d) => d.workStatus));
    expect(statuses).toEqual(new Set(['working', 'not_working', 'fired']));
    expect(a.filter((d) => d.workStatus === 'working').length).toBeGreaterThan(200);
    expect(yangoSimParkData({ ...DEMO_YANGO_PARK, id: 'another' })[0].id).not.toBe(a[0].id);
  });

  it('generates the same activity for the same seed, with a few half-franc amounts', () => {
    const profiles = yangoSimProfiles(DEMO_YANGO_PARK, { drivers: 40 });
    const today = Math.floor(Date.now() / DAY);
    const days = Array.from({ length: 30 }, (_, i) => today - 1 - i);
    const run = () => profiles.flatMap((d) => days.map((n) => yangoSimDay(DEMO_YANGO_PARK, d, n, 1)));
    const first = run();
    expect(run()).toEqual(first);
    expect(profiles.flatMap((d) => days.map((n) => yangoSimDay(DEMO_YANGO_PARK, d, n, 2)))).not.toEqual(first);
    const prices = first.flatMap((d) => d.orders.map((o) => String(o.wire.price)));
    expect(prices.every((p) => /^\d+\.\d{4}$/.test(p))).toBe(true);
    expect(prices.some((p) => p.endsWith('.5000'))).toBe(true);
    const categories = new Set(first.flatMap((d) => d.transactions.map((t) => t.categoryId)));
    for (const c of ['cash_collected', 'platform_ride_card', 'platform_ride_corp', 'platform_ride_fee', 'platform_ride_tips', 'platform_bonus', 'promotion_discount']) expect(categories).toContain(c);
  });
});
