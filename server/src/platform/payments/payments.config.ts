/**
 * Which payment providers pay out, read from the environment. `simulator` (the default outside
 * production) runs the real clients against loopback simulators of the providers' APIs, started on
 * first use; `live` (the default, and the only choice, in production) talks to the providers, each
 * one configured by its variables. A provider without credentials is simply not offered (its
 * withdrawals are refused before any money moves); a provider half configured stops the start.
 */

export type PaymentsMode = 'simulator' | 'live';

export interface PaymentsConfig {
  mode: PaymentsMode;
  timeoutMs: number;
  /** Simulator only: how long a payout stays pending before it settles (0: settled in the answer). */
  simulatorSettleMs: number;
  /** The reconciliation job asks providers about payouts pending for longer than this. */
  reconcileAfterSeconds: number;
  wave?: { baseUrl: string; apiKey: string };
  mtn?: { baseUrl: string; apiUser: string; apiKey: string; subscriptionKey: string; targetEnvironment: string };
  cinetpay?: { baseUrl: string; apiKey: string; password: string; notifyUrl?: string };
}

export const PAYMENTS_ENV_DOC = [
  { name: 'PAYMENTS_MODE', default: 'simulator (live when NODE_ENV=production)', description: 'simulator: loopback simulators of Wave, MTN MoMo and CinetPay; live: the providers configured below. simulator is refused in production.' },
  { name: 'PAYMENTS_TIMEOUT_MS', default: '15000', description: 'Per-request timeout of payment providers; a payout without an answer stays pending and is reconciled.' },
  { name: 'PAYMENTS_SIMULATOR_SETTLE_MS', default: '3000', description: 'Simulator: how long a payout stays pending before it settles.' },
  { name: 'PAYMENTS_RECONCILE_AFTER_S', default: '60', description: 'The minute job asks the provider about payouts pending longer than this.' },
  { name: 'WAVE_BASE_URL', default: 'https://api.wave.com', description: 'Wave API root.' },
  { name: 'WAVE_API_KEY', default: '(none)', description: 'Wave Business API key with the Payout API. Wave withdrawals are offered when set.' },
  { name: 'MTN_MOMO_BASE_URL', default: 'https://proxy.momoapi.mtn.com', description: 'MTN MoMo API root.' },
  { name: 'MTN_MOMO_API_USER', default: '(none)', description: 'Disbursement API user (a UUID). MTN withdrawals are offered when the three MTN credentials are set.' },
  { name: 'MTN_MOMO_API_KEY', default: '(none)', description: 'Disbursement API key.' },
  { name: 'MTN_MOMO_SUBSCRIPTION_KEY', default: '(none)', description: 'Ocp-Apim-Subscription-Key of the Disbursement product.' },
  { name: 'MTN_MOMO_TARGET_ENVIRONMENT', default: 'sandbox', description: 'X-Target-Environment (mtncameroon, mtnivorycoast ...).' },
  { name: 'CINETPAY_BASE_URL', default: 'https://client.cinetpay.com', description: 'CinetPay Transfer API root (Orange Money and Moov Money withdrawals).' },
  { name: 'CINETPAY_API_KEY', default: '(none)', description: 'CinetPay API key. Orange and Moov withdrawals are offered when it and the password are set.' },
  { name: 'CINETPAY_TRANSFER_PASSWORD', default: '(none)', description: 'The transfer API password set in the CinetPay back-office.' },
  { name: 'CINETPAY_NOTIFY_URL', default: '(none)', description: 'Optional notification URL sent with transfers (Flotte polls the status either way).' },
] as const;

export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv, production: boolean): PaymentsConfig {
  const get = (name: string): string | undefined => env[name]?.trim() || undefined;
  const int = (name: string, fallback: number): number => {
    const v = get(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${v}"`);
    return n;
  };
  const mode = (get('PAYMENTS_MODE') ?? (production ? 'live' : 'simulator')).toLowerCase();
  if (mode !== 'simulator' && mode !== 'live') throw new Error(`PAYMENTS_MODE must be simulator or live (got "${mode}")`);
  if (mode === 'simulator' && production) {
    throw new Error('PAYMENTS_MODE=simulator cannot be used when NODE_ENV=production: withdrawals would leave the books without paying anyone.');
  }
  /** All of a provider's variables, or none of them. */
  const group = <K extends string>(provider: string, names: Record<K, string>): Record<K, string> | undefined => {
    const values = Object.fromEntries(Object.entries<string>(names).map(([k, n]) => [k, get(n)])) as Record<K, string | undefined>;
    const missing = Object.entries<string>(names).filter(([k]) => values[k as K] === undefined).map(([, n]) => n);
    if (missing.length === Object.keys(names).length) return undefined;
    if (missing.length) throw new Error(`Payments configuration: ${missing.join(', ')} required to enable ${provider}`);
    return values as Record<K, string>;
  };
  const config: PaymentsConfig = {
    mode,
    timeoutMs: int('PAYMENTS_TIMEOUT_MS', 15_000),
    simulatorSettleMs: int('PAYMENTS_SIMULATOR_SETTLE_MS', 3000),
    reconcileAfterSeconds: int('PAYMENTS_RECONCILE_AFTER_S', 60),
  };
  if (mode === 'simulator') return config;
  const wave = group('Wave', { apiKey: 'WAVE_API_KEY' });
  if (wave) config.wave = { baseUrl: get('WAVE_BASE_URL') ?? 'https://api.wave.com', ...wave };
  const mtn = group('MTN MoMo', { apiUser: 'MTN_MOMO_API_USER', apiKey: 'MTN_MOMO_API_KEY', subscriptionKey: 'MTN_MOMO_SUBSCRIPTION_KEY' });
  if (mtn) config.mtn = { baseUrl: get('MTN_MOMO_BASE_URL') ?? 'https://proxy.momoapi.mtn.com', targetEnvironment: get('MTN_MOMO_TARGET_ENVIRONMENT') ?? 'sandbox', ...mtn };
  const cinetpay = group('CinetPay', { apiKey: 'CINETPAY_API_KEY', password: 'CINETPAY_TRANSFER_PASSWORD' });
  if (cinetpay) config.cinetpay = { baseUrl: get('CINETPAY_BASE_URL') ?? 'https://client.cinetpay.com', notifyUrl: get('CINETPAY_NOTIFY_URL'), ...cinetpay };
  return config;
}
