import { describe, expect, it } from 'vitest';
import { DEFAULT_YANGO_BASE_URL, DEFAULT_YANGO_DEBIT_CATEGORY, yangoConfigFromEnv } from './yango.config.ts';

describe('Yango configuration', () => {
  it('runs the simulator by default outside production, with the documented defaults', () => {
    expect(yangoConfigFromEnv({}, false)).toEqual({
      mode: 'simulator',
      baseUrl: DEFAULT_YANGO_BASE_URL,
      timeoutMs: 10_000,
      minIntervalMs: 500,
      debitCategoryId: DEFAULT_YANGO_DEBIT_CATEGORY,
    });
  });

  it('talks to Yango by default in production', () => {
    expect(yangoConfigFromEnv({}, true).mode).toBe('live');
  });

  it('reads every setting, mode in any case, base URL without its trailing slash', () => {
    const config = yangoConfigFromEnv(
      { YANGO_MODE: ' LIVE ', YANGO_BASE_URL: 'https://fleet-api.taxi.yandex.net/', YANGO_TIMEOUT_MS: '2500', YANGO_MIN_INTERVAL_MS: '0', YANGO_DEBIT_CATEGORY: 'partner_service_other' },
      false,
    );
    expect(config).toEqual({ mode: 'live', baseUrl: 'https://fleet-api.taxi.yandex.net', timeoutMs: 2500, minIntervalMs: 0, debitCategoryId: 'partner_service_other' });
  });

  it('refuses the simulator in production: drivers would come from a test park', () => {
    expect(() => yangoConfigFromEnv({ YANGO_MODE: 'simulator' }, true)).toThrow(/production/);
  });

  it('refuses an unknown mode, a base URL that is not http(s), and bad numbers', () => {
    expect(() => yangoConfigFromEnv({ YANGO_MODE: 'sandbox' }, false)).toThrow(/YANGO_MODE/);
    for (const url of ['fleet-api.yango.tech', 'ftp://fleet-api.yango.tech', 'javascript:alert(1)']) {
      expect(() => yangoConfigFromEnv({ YANGO_BASE_URL: url }, false), url).toThrow(/YANGO_BASE_URL/);
    }
    for (const value of ['abc', '-1', '1.5']) {
      expect(() => yangoConfigFromEnv({ YANGO_TIMEOUT_MS: value }, false), value).toThrow(/YANGO_TIMEOUT_MS/);
      expect(() => yangoConfigFromEnv({ YANGO_MIN_INTERVAL_MS: value }, false), value).toThrow(/YANGO_MIN_INTERVAL_MS/);
    }
  });
});
