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
  /** Collection (pay-ins): Wave Checkout, with the secret its webhooks are signed with. */
  waveCheckout?: { baseUrl: string; apiKey: string; webhookSecret: string };
  /** Collection (pay-ins): MTN MoMo's Collection product (its own API user and subscription key). */
  mtnCollection?: { baseUrl: string; apiUser: string; apiKey: string; subscriptionKey: string; targetEnvironment: string };
  /** Collection (pay-ins): CinetPay's payment API for Orange and Moov (site id, and the secret key of notifications). */
  cinetpayCheckout?: { baseUrl: string; apiKey: string; siteId: string; secretKey: string };
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
  { name: 'WAVE_CHECKOUT_API_KEY', default: 'WAVE_API_KEY', description: 'Wave API key with the Checkout API (mobile-money collection), if not the payout key.' },
  { name: 'WAVE_WEBHOOK_SECRET', default: '(none)', description: 'Secret of the Wave webhook (POST /api/webhooks/payins/wave). Wave collection is offered when it and a key are set.' },
  { name: 'MTN_MOMO_COLLECTION_API_USER', default: '(none)', description: 'Collection API user (a UUID). MTN collection is offered when the three MTN collection credentials are set.' },
  { name: 'MTN_MOMO_COLLECTION_API_KEY', default: '(none)', description: 'Collection API key.' },
  { name: 'MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY', default: '(none)', description: 'Ocp-Apim-Subscription-Key of the Collection product.' },
  { name: 'CINETPAY_CHECKOUT_BASE_URL', default: 'https://api-checkout.cinetpay.com', description: 'CinetPay payment API root (Orange Money and Moov Money collection).' },
  { name: 'CINETPAY_CHECKOUT_API_KEY', default: 'CINETPAY_API_KEY', description: 'CinetPay API key for the payment API, if not the transfer one (lets collection run without transfers).' },
  { name: 'CINETPAY_SITE_ID', default: '(none)', description: 'CinetPay site id. Orange and Moov collection are offered when it, an API key and CINETPAY_SECRET_KEY are set.' },
  { name: 'CINETPAY_SECRET_KEY', default: '(none)', description: 'CinetPay secret key: checks the x-token of payment notifications.' },
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

  // Collection (pay-ins). Each provider is offered when its own variables are complete.
  const webhookSecret = get('WAVE_WEBHOOK_SECRET');
  if (webhookSecret) {
    const apiKey = get('WAVE_CHECKOUT_API_KEY') ?? get('WAVE_API_KEY');
    if (!apiKey) throw new Error('Payments configuration: WAVE_CHECKOUT_API_KEY (or WAVE_API_KEY) required to enable Wave collection');
    config.waveCheckout = { baseUrl: get('WAVE_BASE_URL') ?? 'https://api.wave.com', apiKey, webhookSecret };
  }
  const mtnCollection = group('MTN MoMo collection', {
    apiUser: 'MTN_MOMO_COLLECTION_API_USER',
    apiKey: 'MTN_MOMO_COLLECTION_API_KEY',
    subscriptionKey: 'MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY',
  });
  if (mtnCollection) {
    config.mtnCollection = { baseUrl: get('MTN_MOMO_BASE_URL') ?? 'https://proxy.momoapi.mtn.com', targetEnvironment: get('MTN_MOMO_TARGET_ENVIRONMENT') ?? 'sandbox', ...mtnCollection };
  }
  const cinetpayCheckout = group('CinetPay collection', { siteId: 'CINETPAY_SITE_ID', secretKey: 'CINETPAY_SECRET_KEY' });
  if (cinetpayCheckout) {
    const apiKey = get('CINETPAY_CHECKOUT_API_KEY') ?? get('CINETPAY_API_KEY');
    if (!apiKey) throw new Error('Payments configuration: CINETPAY_CHECKOUT_API_KEY (or CINETPAY_API_KEY) required to enable CinetPay collection');
    config.cinetpayCheckout = { baseUrl: get('CINETPAY_CHECKOUT_BASE_URL') ?? 'https://api-checkout.cinetpay.com', apiKey, ...cinetpayCheckout };
  }
  return config;
}
