/**
 * The Fleet API simulator's data, generated and pure: the same park id gives the same driver
 * profiles (ids, names, phones, cars), and the same seed and driver give the same activity, day by
 * day (orders and the transactions they make). Nothing here does I/O or keeps state, so the demo
 * seed links demo drivers to DEMO_YANGO_PARK's profiles without starting the simulator.
 *
 * Activity of one UTC day of one driver: on an active day, 5 to 14 orders from about 06:00, most
 * completed (a few cancelled, price 0). Each completed order makes a ride payment (cash_collected,
 * platform_ride_card or platform_ride_corp, the order's price), a platform_ride_fee (-18 %),
 * sometimes platform_ride_tips (card rides) or a promotion_discount, and a day of 10 completed
 * orders earns a platform_bonus at 22:00. Category ids are those of modules/yango/yango-categories.ts.
 * Amounts are 4-decimal strings, whole francs mostly; about one order in 25 has half a minor unit
 * ("1250.5000" in XOF) so that readers' rounding is exercised.
 */
import { createHash } from 'node:crypto';
import { currencyDecimals } from '../../platform/money.ts';
import { minorToYangoAmount } from './yango-amounts.ts';
import type { YangoSimDriver, YangoSimPark, YangoWorkStatus } from './yango.types.ts';

export const DEFAULT_YANGO_SIM_DRIVERS = 300;
export const DEFAULT_YANGO_SIM_DAYS = 120;
export const DEFAULT_YANGO_SIM_SEED = 1;
/** The first drivers of every generated park share this phone prefix (+2250700000010 ... 19): search tests. */
export const YANGO_SIM_SHARED_PHONE_PREFIX = '+225070000001';
const SHARED_PREFIX_DRIVERS = 10;
const DAY_MS = 86_400_000;

/** 32 hex characters (the shape of Yango's ids) drawn from the parts, the same each time. */
export function simId(...parts: Array<string | number>): string {
  return createHash('sha1').update(parts.join('\u0000')).digest('hex').slice(0, 32);
}

/** A deterministic generator of numbers in [0, 1) (mulberry32) seeded by the parts. */
export function simRandom(...parts: Array<string | number>): () => number {
  let a = createHash('sha1').update(parts.join('\u0000')).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const between = (r: () => number, min: number, max: number): number => min + Math.floor(r() * (max - min + 1));

const FIRST_NAMES = [
  'Kouassi', 'Yao', 'Konan', 'Koffi', 'Kouamé', 'Aya', 'Adjoua', 'Amenan', 'Moussa', 'Ibrahim', 'Seydou', 'Mamadou',
  'Aïcha', 'Fatou', 'Mariam', 'Awa', 'Drissa', 'Souleymane', 'Jean-Marc', 'Serge', 'Hervé', 'Didier', 'Arsène', 'Brice',
  'Franck', 'Ghislain', 'Innocent', 'Lassina', 'Bakary', 'Zoumana', 'Éric', 'Noël',
];
const LAST_NAMES = [
  'Koné', 'Traoré', 'Ouattara', 'Coulibaly', 'Diabaté', 'Bamba', "N'Guessan", 'Kouassi', 'Yao', 'Konan', 'Kouadio', 'Touré',
  'Diallo', 'Cissé', 'Sangaré', 'Doumbia', 'Fofana', 'Gbagbo', 'Zadi', 'Gnagne', 'Aka', 'Assi', 'Brou', 'Tanoh', 'Ehui', 'Djédjé',
];
const CARS: ReadonlyArray<[string, string]> = [
  ['Toyota', 'Corolla'], ['Toyota', 'Yaris'], ['Hyundai', 'Accent'], ['Hyundai', 'Elantra'], ['Kia', 'Rio'], ['Kia', 'Cerato'],
  ['Suzuki', 'Dzire'], ['Renault', 'Logan'], ['Peugeot', '301'], ['Nissan', 'Sunny'],
];
const COLORS = ['Blanc', 'Gris', 'Noir', 'Argent', 'Rouge', 'Bleu', 'Jaune'];
const STREETS = ['Boulevard Latrille', 'Rue des Jardins', 'Boulevard de Marseille', 'Avenue Chardy', 'Rue Lepic', 'Carrefour Siporex', 'Boulevard VGE', 'Rue du Canal'];
const DISTRICTS = ['Cocody', 'Plateau', 'Marcory', 'Treichville', 'Yopougon', 'Abobo', 'Koumassi', 'Port-Bouët', 'Adjamé'];

export interface YangoSimCar {
  id: string;
  brand: string;
  model: string;
  number: string;
  color: string;
  year: number;
  category: string[];
}

/** A generated driver profile: the simulator's driver plus what the list answers about it. */
export interface YangoSimProfile extends YangoSimDriver {
  car: YangoSimCar | null;
  currentStatus: 'online' | 'busy' | 'offline';
  /** Days (UTC, since the epoch) from which the driver no longer drives (not working, fired); null: still drives. */
  stoppedDay: number | null;
  /** False for drivers added by tests: no generated activity, only what is added. */
  generated: boolean;
}

/** A park's generated driver profiles (identities depend on the park id only; balances too). */
export function yangoSimProfiles(park: YangoSimPark, opts: { drivers?: number } = {}): YangoSimProfile[] {
  const count = opts.drivers ?? DEFAULT_YANGO_SIM_DRIVERS;
  const scale = 10 ** currencyDecimals(park.currency);
  const today = Math.floor(Date.now() / DAY_MS);
  const phones = new Set<string>();
  const profiles: YangoSimProfile[] = [];
  for (let i = 0; i < count; i++) {
    const r = simRandom(park.id, 'driver', i);
    let phone: string;
    if (i < SHARED_PREFIX_DRIVERS) phone = `${YANGO_SIM_SHARED_PHONE_PREFIX}${i}`;
    else {
      do phone = `+225${pick(r, ['07', '05', '01'])}${String(between(r, 0, 99_999_999)).padStart(8, '0')}`;
      while (phones.has(phone) || phone.startsWith(YANGO_SIM_SHARED_PHONE_PREFIX));
    }
    phones.add(phone);
    const roll = r();
    const workStatus: YangoWorkStatus = roll < 0.85 ? 'working' : roll < 0.95 ? 'not_working' : 'fired';
    const balanceMajor = r() < 0.06 ? -between(r, 1, 40) * 100 : between(r, 0, 1500) * 100;
    const car: YangoSimCar | null =
      r() < 0.04
        ? null
        : (() => {
            const [brand, model] = pick(r, CARS);
            return {
              id: simId(park.id, 'car', i),
              brand,
              model,
              number: `${between(r, 1000, 9999)} ${String.fromCharCode(65 + between(r, 0, 25))}${String.fromCharCode(65 + between(r, 0, 25))} ${pick(r, ['01', '01', '01', '02', '03'])}`,
              color: pick(r, COLORS),
              year: between(r, 2010, 2023),
              category: r() < 0.3 ? ['econom', 'comfort'] : ['econom'],
            };
          })();
    profiles.push({
      id: simId(park.id, 'driver', i),
      firstName: pick(r, FIRST_NAMES),
      lastName: pick(r, LAST_NAMES),
      phone,
      workStatus,
      balance: balanceMajor * scale,
      balanceLimit: 50 * scale,
      car,
      currentStatus: workStatus === 'working' ? pick(r, ['online', 'busy', 'offline', 'offline'] as const) : 'offline',
      // Relative to today, so a not-working driver stopped recently and a fired one long ago.
      stoppedDay: workStatus === 'working' ? null : today - (workStatus === 'not_working' ? between(r, 10, 45) : between(r, 60, 100)),
      generated: true,
    });
  }
  return profiles;
}

/** A park's generated drivers as tests and the demo seed read them (same park id, same drivers). */
export function yangoSimParkData(park: YangoSimPark, opts: { drivers?: number } = {}): YangoSimDriver[] {
  return yangoSimProfiles(park, opts).map(({ id, firstName, lastName, phone, workStatus, balance, balanceLimit }) => ({
    id,
    firstName,
    lastName,
    phone,
    workStatus,
    balance,
    balanceLimit,
  }));
}

/** A profile as the driver list answers it (every field, whatever `fields` asks). */
export function yangoSimProfileWire(park: YangoSimPark, d: YangoSimProfile): Record<string, unknown> {
  return {
    accounts: [
      { id: simId(d.id, 'account'), type: 'current', balance: minorToYangoAmount(d.balance, park.currency), balance_limit: minorToYangoAmount(d.balanceLimit, park.currency), currency: park.currency },
    ],
    ...(d.car ? { car: { ...d.car, category: [...d.car.category] } } : {}),
    current_status: { status: d.currentStatus },
    driver_profile: { id: d.id, park_id: park.id, first_name: d.firstName, last_name: d.lastName, phones: [d.phone], work_status: d.workStatus },
  };
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * The driver list's `text` search: a name (either order, case and accents ignored), or phone
 * digits when the text is a phone number (digits, spaces, + - . ( )): "0700000012" and
 * "+225 07 00 00 00 12" both find "+2250700000012".
 */
export function yangoSimMatchesText(d: YangoSimDriver, text: string): boolean {
  const t = fold(text.trim());
  if (fold(`${d.firstName} ${d.lastName}`).includes(t) || fold(`${d.lastName} ${d.firstName}`).includes(t)) return true;
  const digits = digitsOf(t);
  return digits.length >= 3 && /^[\d\s+().-]+$/.test(t) && digitsOf(d.phone).includes(digits);
}

/** An order as the simulator answers it, with its times in ms for the range filters. */
export interface YangoSimOrder {
  endedAtMs: number;
  bookedAtMs: number;
  driverId: string;
  wire: Record<string, unknown>;
}

/** A transaction: its wire form and its time in ms. */
export interface YangoSimTransaction {
  eventAtMs: number;
  driverId: string;
  categoryId: string;
  wire: Record<string, unknown>;
}

export const YANGO_SIM_CATEGORY_NAMES: Record<string, string> = {
  cash_collected: 'Espèces',
  platform_ride_card: 'Paiement par carte',
  platform_ride_corp: 'Paiement entreprise',
  platform_ride_fee: 'Commission du service',
  platform_ride_tips: 'Pourboire',
  platform_bonus: 'Bonus',
  promotion_discount: 'Promotion',
  partner_service_manual: 'Frais du partenaire',
};

/** Units of 1/10000 of the currency as a 4-decimal string (-12345 -> "-1.2345"). */
export function tenThousandthsText(units: number): string {
  const digits = String(Math.abs(units)).padStart(5, '0');
  return `${units < 0 ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One UTC day (days since the epoch) of one generated driver: orders and transactions, the same
 * for the same seed, park, driver and day. Drivers added by tests (generated false) have none.
 */
export function yangoSimDay(park: YangoSimPark, driver: YangoSimProfile, day: number, seed: number = DEFAULT_YANGO_SIM_SEED): { orders: YangoSimOrder[]; transactions: YangoSimTransaction[] } {
  const orders: YangoSimOrder[] = [];
  const transactions: YangoSimTransaction[] = [];
  if (!driver.generated || (driver.stoppedDay !== null && day >= driver.stoppedDay)) return { orders, transactions };
  const r = simRandom(seed, park.id, driver.id, day);
  if (r() >= 0.8) return { orders, transactions };
  const decimals = currencyDecimals(park.currency);
  const perMinor = 10 ** (4 - decimals); // 1/10000 units in one minor unit
  const currency = park.currency;
  const carWire = driver.car ? { id: driver.car.id, brand_model: `${driver.car.brand} ${driver.car.model}`, number: driver.car.number } : null;
  const tx = (orderId: string | null, suffix: string, atMs: number, categoryId: string, units: number, description: string) =>
    transactions.push({
      eventAtMs: atMs,
      driverId: driver.id,
      categoryId,
      wire: {
        id: simId(seed, driver.id, day, orderId ?? '', suffix),
        event_at: iso(atMs),
        category_id: categoryId,
        category_name: YANGO_SIM_CATEGORY_NAMES[categoryId] ?? categoryId,
        amount: tenThousandthsText(units),
        currency_code: currency,
        description,
        driver_profile_id: driver.id,
        ...(orderId ? { order_id: orderId } : {}),
      },
    });
  const count = between(r, 5, 14);
  let t = day * DAY_MS + (6 * 60 + between(r, 0, 120)) * 60_000;
  let completed = 0;
  for (let k = 0; k < count; k++) {
    const id = simId(seed, driver.id, day, 'order', k);
    const shortId = 10_000 + Math.floor(r() * 890_000);
    const bookedAt = t;
    const cancelled = r() < 0.08;
    const km = cancelled ? 0 : between(r, 1500, 25_000); // metres
    const minutes = cancelled ? between(r, 2, 8) : Math.round(km / 1000 / 0.4) + between(r, 3, 10);
    const endedAt = bookedAt + minutes * 60_000;
    t = endedAt + between(r, 5, 35) * 60_000;
    const method = pick(r, ['cash', 'cash', 'cash', 'card', 'card', 'corp'] as const);
    const priceMinor = cancelled ? 0 : decimals === 0 ? Math.round((500 + (km / 1000) * 200) / 50) * 50 : Math.round((80 + (km / 1000) * 30) / 5) * 5;
    const half = !cancelled && r() < 0.04;
    const price = priceMinor * perMinor + (half ? perMinor / 2 : 0);
    orders.push({
      endedAtMs: endedAt,
      bookedAtMs: bookedAt,
      driverId: driver.id,
      wire: {
        id,
        short_id: shortId,
        status: cancelled ? 'cancelled' : 'complete',
        created_at: iso(bookedAt - 60_000),
        booked_at: iso(bookedAt),
        ended_at: iso(endedAt),
        price: tenThousandthsText(price),
        currency,
        ...(cancelled ? {} : { mileage: (km / 1000).toFixed(3) }),
        payment_method: method,
        category: driver.car?.category.includes('comfort') && r() < 0.3 ? 'comfort' : 'econom',
        address_from: { address: `${pick(r, STREETS)}, ${pick(r, DISTRICTS)}` },
        driver_profile: { id: driver.id, name: `${driver.lastName} ${driver.firstName}` },
        car: carWire,
      },
    });
    if (cancelled) continue;
    completed++;
    const at = endedAt + 5_000;
    const payment = method === 'cash' ? 'cash_collected' : method === 'card' ? 'platform_ride_card' : 'platform_ride_corp';
    tx(id, 'payment', at, payment, price, `Course ${shortId}`);
    tx(id, 'fee', at + 1_000, 'platform_ride_fee', -Math.round((price * 18) / 100), `Commission, course ${shortId}`);
    if (method === 'card' && r() < 0.3) tx(id, 'tip', at + 2_000, 'platform_ride_tips', (decimals === 0 ? between(r, 2, 10) * 50 : between(r, 10, 60) * 5) * perMinor, `Pourboire, course ${shortId}`);
    if (r() < 0.05) tx(id, 'promo', at + 3_000, 'promotion_discount', Math.round((priceMinor * between(r, 10, 20)) / 100) * perMinor, `Promotion, course ${shortId}`);
  }
  if (completed >= 10) tx(null, 'bonus', day * DAY_MS + 22 * 3_600_000, 'platform_bonus', (decimals === 0 ? 2000 : 500) * perMinor, 'Bonus : 10 courses dans la journée');
  return { orders, transactions };
}

export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS);
export const YANGO_SIM_DAY_MS = DAY_MS;
