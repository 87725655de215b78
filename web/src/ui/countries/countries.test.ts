import { describe, expect, it } from 'vitest';
import { callingCodeFor, countryMatches, joinPhone, SEEN_COUNTRIES, splitPhone, type Country } from './countries.ts';

const country = (iso_code: string, name: string, phonecode: string): Country => ({
  id: iso_code,
  iso_code,
  name,
  phonecode,
  flag: '',
  currency: 'XOF',
  longitude: null,
  latitude: null,
});
const list = [
  ...SEEN_COUNTRIES,
  country('CA', 'Canada', '1'),
  country('US', 'États-Unis', '1'),
  country('BS', 'Bahamas', '1242'),
  country('FR', 'France', '33'),
];

describe('callingCodeFor', () => {
  it("gives the country's code without '+'", () => {
    expect(callingCodeFor(country('SN', 'Sénégal', '221'))).toBe('221');
    expect(callingCodeFor({ phonecode: '+237' })).toBe('237');
  });

  it('falls back to 225 when the country or its code is unknown', () => {
    expect(callingCodeFor()).toBe('225');
    expect(callingCodeFor(null)).toBe('225');
    expect(callingCodeFor({ phonecode: '' })).toBe('225');
  });
});

describe('countryMatches', () => {
  const ci = SEEN_COUNTRIES.find((c) => c.iso_code === 'CI')!;
  it('ignores accents and case in names', () => {
    expect(countryMatches(ci, 'cote')).toBe(true);
    expect(countryMatches(ci, "CÔTE D'I")).toBe(true);
    expect(countryMatches(SEEN_COUNTRIES.find((c) => c.iso_code === 'SN')!, 'senegal')).toBe(true);
    expect(countryMatches(ci, 'togo')).toBe(false);
  });

  it('matches the ISO code and the calling code, with or without +', () => {
    expect(countryMatches(ci, 'ci')).toBe(true);
    expect(countryMatches(ci, '225')).toBe(true);
    expect(countryMatches(ci, '+22')).toBe(true);
    expect(countryMatches(ci, '237')).toBe(false);
    expect(countryMatches(ci, '  ')).toBe(true);
  });
});

describe('phone numbers on the wire', () => {
  it("sends '+<code><number>' without the spaces people type", () => {
    expect(joinPhone('225', '07 01 02 03 04')).toBe('+2250701020304');
    expect(joinPhone('', '690000000')).toBe('+225690000000');
    expect(joinPhone('237', '')).toBe('');
    expect(joinPhone('237', '69a')).toBe('+23769a'); // left for validation to refuse
  });

  it('splits a wire number on the longest matching code', () => {
    expect(splitPhone('+2250701020304', list)).toMatchObject({ country: { iso_code: 'CI' }, number: '0701020304' });
    expect(splitPhone('+12425551234', list)).toMatchObject({ country: { iso_code: 'BS' }, number: '5551234' });
    expect(splitPhone('+33612345678', list)).toMatchObject({ country: { iso_code: 'FR' }, number: '612345678' });
  });

  it('prefers the given country among those sharing a code', () => {
    expect(splitPhone('+15145550000', list, 'CA')?.country.iso_code).toBe('CA');
    expect(splitPhone('+15145550000', list, 'US')?.country.iso_code).toBe('US');
  });

  it('does not guess without a + or a known code', () => {
    expect(splitPhone('0701020304', list)).toBeNull();
    expect(splitPhone('+999123', list)).toBeNull();
    expect(splitPhone('', list)).toBeNull();
  });
});
