import { describe, expect, it } from 'vitest';
import { paymentsConfigFromEnv } from './payments.config.ts';

describe('paymentsConfigFromEnv', () => {
  it('uses the simulators outside production', () => {
    expect(paymentsConfigFromEnv({}, false)).toEqual({ mode: 'simulator', timeoutMs: 15_000, simulatorSettleMs: 3000, reconcileAfterSeconds: 60 });
  });

  it('refuses the simulators in production and goes live by default there', () => {
    expect(() => paymentsConfigFromEnv({ PAYMENTS_MODE: 'simulator' }, true)).toThrow(/cannot be used when NODE_ENV=production/);
    expect(paymentsConfigFromEnv({}, true)).toMatchObject({ mode: 'live' });
  });

  it('offers only the providers whose credentials are set, with their default URLs', () => {
    const c = paymentsConfigFromEnv({ PAYMENTS_MODE: 'live', WAVE_API_KEY: 'k', CINETPAY_API_KEY: 'a', CINETPAY_TRANSFER_PASSWORD: 'p' }, false);
    expect(c.wave).toEqual({ baseUrl: 'https://api.wave.com', apiKey: 'k' });
    expect(c.cinetpay).toMatchObject({ baseUrl: 'https://client.cinetpay.com', apiKey: 'a', password: 'p' });
    expect(c.mtn).toBeUndefined();
  });

  it('names what a half-configured provider misses', () => {
    expect(() => paymentsConfigFromEnv({ PAYMENTS_MODE: 'live', MTN_MOMO_API_USER: 'u' }, false)).toThrow(/MTN_MOMO_API_KEY, MTN_MOMO_SUBSCRIPTION_KEY required to enable MTN MoMo/);
    expect(() => paymentsConfigFromEnv({ PAYMENTS_MODE: 'paypal' }, false)).toThrow(/simulator or live/);
  });
});
