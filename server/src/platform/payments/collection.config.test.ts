import { describe, expect, it } from 'vitest';
import { paymentsConfigFromEnv } from './payments.config.ts';

describe('collection (pay-ins) configuration', () => {
  it('offers each collection provider once its own variables are set', () => {
    const c = paymentsConfigFromEnv(
      {
        PAYMENTS_MODE: 'live',
        WAVE_API_KEY: 'k',
        WAVE_WEBHOOK_SECRET: 'whs',
        MTN_MOMO_COLLECTION_API_USER: 'u',
        MTN_MOMO_COLLECTION_API_KEY: 'a',
        MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: 's',
        CINETPAY_API_KEY: 'ck',
        CINETPAY_TRANSFER_PASSWORD: 'pw',
        CINETPAY_SITE_ID: '123',
        CINETPAY_SECRET_KEY: 'sk',
      },
      false,
    );
    expect(c.waveCheckout).toEqual({ baseUrl: 'https://api.wave.com', apiKey: 'k', webhookSecret: 'whs' });
    expect(c.mtnCollection).toMatchObject({ apiUser: 'u', apiKey: 'a', subscriptionKey: 's', targetEnvironment: 'sandbox' });
    expect(c.cinetpayCheckout).toEqual({ baseUrl: 'https://api-checkout.cinetpay.com', apiKey: 'ck', siteId: '123', secretKey: 'sk' });
  });

  it('leaves them out when not configured, and names what a half-configured one misses', () => {
    expect(paymentsConfigFromEnv({ PAYMENTS_MODE: 'live', WAVE_API_KEY: 'k' }, false).waveCheckout).toBeUndefined();
    expect(() => paymentsConfigFromEnv({ PAYMENTS_MODE: 'live', WAVE_WEBHOOK_SECRET: 'w' }, false)).toThrow(/WAVE_CHECKOUT_API_KEY/);
    expect(() => paymentsConfigFromEnv({ PAYMENTS_MODE: 'live', MTN_MOMO_COLLECTION_API_USER: 'u' }, false)).toThrow(/MTN_MOMO_COLLECTION_API_KEY/);
    expect(() => paymentsConfigFromEnv({ PAYMENTS_MODE: 'live', CINETPAY_SITE_ID: '1', CINETPAY_SECRET_KEY: 's' }, false)).toThrow(/CINETPAY_CHECKOUT_API_KEY/);
    // Collection without transfers: its own key.
    expect(paymentsConfigFromEnv({ PAYMENTS_MODE: 'live', CINETPAY_CHECKOUT_API_KEY: 'c', CINETPAY_SITE_ID: '1', CINETPAY_SECRET_KEY: 's' }, false).cinetpayCheckout).toMatchObject({ apiKey: 'c' });
  });
});
