import { envReader } from '../../platform/env-reader.ts';

/**
 * How the app reaches the Yango Fleet API, read from the environment. `simulator` (the default
 * outside production) runs the real client against a loopback simulator of the Fleet API started
 * on first use, whose park DEMO_YANGO_PARK the demo connects to; `live` (the only choice in
 * production) talks to YANGO_BASE_URL. Each park's credentials are its own (yango_connections).
 */
export type YangoMode = 'simulator' | 'live';

export interface YangoConfig {
  mode: YangoMode;
  /** Live only: the Fleet API root. */
  baseUrl: string;
  timeoutMs: number;
  /** Gap between two requests of one park: 500 ms is the 2 requests a second the issue asks. */
  minIntervalMs: number;
  /** The transaction category of a debit of a driver's balance by the park. */
  debitCategoryId: string;
}

export const DEFAULT_YANGO_BASE_URL = 'https://fleet-api.yango.tech';
export const DEFAULT_YANGO_DEBIT_CATEGORY = 'partner_service_manual';

export const YANGO_ENV_DOC = [
  { name: 'YANGO_MODE', default: 'simulator (live when NODE_ENV=production)', description: 'simulator: a loopback Fleet API simulator (its park: README, demo); live: YANGO_BASE_URL. simulator is refused in production.' },
  { name: 'YANGO_BASE_URL', default: DEFAULT_YANGO_BASE_URL, description: 'Fleet API root (https://fleet-api.taxi.yandex.net for Yandex parks).' },
  { name: 'YANGO_TIMEOUT_MS', default: '10000', description: 'Per-request timeout of the Fleet API.' },
  { name: 'YANGO_MIN_INTERVAL_MS', default: '500', description: "Minimum gap between two requests of one park's credentials (about 2 a second)." },
  { name: 'YANGO_DEBIT_CATEGORY', default: DEFAULT_YANGO_DEBIT_CATEGORY, description: "Transaction category of a debit of a driver's Yango balance (a park's manual charge)." },
] as const;

export function yangoConfigFromEnv(env: NodeJS.ProcessEnv, production: boolean): YangoConfig {
  const { get, whole } = envReader(env);
  const mode = (get('YANGO_MODE') ?? (production ? 'live' : 'simulator')).toLowerCase();
  if (mode !== 'simulator' && mode !== 'live') throw new Error(`YANGO_MODE must be simulator or live (got "${mode}")`);
  if (mode === 'simulator' && production) throw new Error('YANGO_MODE=simulator cannot be used when NODE_ENV=production: drivers would come from a test park.');
  const baseUrl = get('YANGO_BASE_URL') ?? DEFAULT_YANGO_BASE_URL;
  if (!/^https?:\/\//.test(baseUrl)) throw new Error(`YANGO_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  return {
    mode,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    timeoutMs: whole('YANGO_TIMEOUT_MS', 10_000),
    minIntervalMs: whole('YANGO_MIN_INTERVAL_MS', 500),
    debitCategoryId: get('YANGO_DEBIT_CATEGORY') ?? DEFAULT_YANGO_DEBIT_CATEGORY,
  };
}
