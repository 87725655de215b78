import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const AFRICA = [
  'DZ', 'AO', 'BJ', 'BW', 'BF', 'BI', 'CV', 'CM', 'CF', 'TD', 'KM', 'CG', 'CD', 'CI', 'DJ', 'EG', 'GQ', 'ER',
  'SZ', 'ET', 'GA', 'GM', 'GH', 'GN', 'GW', 'KE', 'LS', 'LR', 'LY', 'MG', 'MW', 'ML', 'MR', 'MU', 'MA', 'MZ',
  'NA', 'NE', 'NG', 'RW', 'ST', 'SN', 'SC', 'SL', 'SO', 'ZA', 'SS', 'SD', 'TZ', 'TG', 'TN', 'UG', 'ZM', 'ZW',
];

describe('GET /api/location/country', () => {
  it('lists the countries without signing in, sorted by French name, cacheable for a day', async () => {
    const r = await ctx.api('GET', '/api/location/country');
    expect(r.code).toBe(5000);
    expect(r.raw.headers['cache-control']).toBe('public, max-age=86400');
    const names: string[] = r.data.map((c: { name: string }) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'fr'))).toEqual(names);
    expect(names.indexOf('Égypte')).toBeLessThan(names.indexOf('Eswatini'));

    const iso = new Set(r.data.map((c: { iso_code: string }) => c.iso_code));
    expect(AFRICA).toHaveLength(54);
    for (const code of AFRICA) expect(iso.has(code), code).toBe(true);
    for (const name of ['France', 'Belgique', 'Suisse', 'Canada', 'États-Unis', 'Royaume-Uni', 'Chine', 'Liban', 'Inde', 'Turquie', 'Émirats arabes unis']) {
      expect(names).toContain(name);
    }
    expect(new Set(r.data.map((c: { id: number }) => c.id)).size).toBe(r.data.length);
  });

  it('gives each country its flag, dialling code, currency and centre', async () => {
    const { data } = await ctx.api('GET', '/api/location/country');
    expect(data.find((c: { iso_code: string }) => c.iso_code === 'CM')).toEqual({
      id: 120,
      name: 'Cameroun',
      iso_code: 'CM',
      flag: '🇨🇲',
      phonecode: '237',
      currency: 'XAF',
      latitude: 7.37,
      longitude: 12.35,
    });
    expect(data.find((c: { iso_code: string }) => c.iso_code === 'CI')).toMatchObject({ name: "Côte d'Ivoire", phonecode: '225', currency: 'XOF' });
    for (const c of data) {
      expect(c.phonecode, c.name).toMatch(/^\d{1,4}$/);
      expect(c.currency, c.name).toMatch(/^[A-Z]{3}$/);
      expect(Math.abs(c.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(c.longitude)).toBeLessThanOrEqual(180);
    }
  });
});
