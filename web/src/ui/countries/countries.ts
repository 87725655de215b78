import { normalizePhone } from '@flotte/contract/constants';

/**
 * Countries as GET /api/location/country gives them, and the pure rules around them: calling codes
 * (spec: 225 when unspecified) and the accent-blind search of the country pickers.
 */
export interface Country {
  id: string | number;
  /** French name ('Côte d'Ivoire'). */
  name: string;
  /** ISO 3166-1 alpha-2 ('CI'), what parks store as `country_code`. */
  iso_code: string;
  /** Emoji flag. */
  flag: string;
  /** Calling code, digits only ('225'). */
  phonecode: string;
  currency: string;
  longitude: number | string | null;
  latitude: number | string | null;
}

export const DEFAULT_CALLING_CODE = '225';
export const COUNTRY_FETCH_ERROR = "La liste des pays n'a pas pu être chargée";

/**
 * The countries the spec has seen (CM, CI, CD, SN, TG): the phone field offers their codes while
 * the full list loads, or if it can't, so a number can always be typed on a bad connection.
 */
export const SEEN_COUNTRIES: Country[] = [
  { id: 'CM', name: 'Cameroun', iso_code: 'CM', flag: '🇨🇲', phonecode: '237', currency: 'XAF', longitude: null, latitude: null },
  { id: 'CI', name: "Côte d'Ivoire", iso_code: 'CI', flag: '🇨🇮', phonecode: '225', currency: 'XOF', longitude: null, latitude: null },
  { id: 'CD', name: 'République démocratique du Congo', iso_code: 'CD', flag: '🇨🇩', phonecode: '243', currency: 'CDF', longitude: null, latitude: null },
  { id: 'SN', name: 'Sénégal', iso_code: 'SN', flag: '🇸🇳', phonecode: '221', currency: 'XOF', longitude: null, latitude: null },
  { id: 'TG', name: 'Togo', iso_code: 'TG', flag: '🇹🇬', phonecode: '228', currency: 'XOF', longitude: null, latitude: null },
];

/** Digits of a calling code ('+225', '225 ', 225 -> '225'). */
function digitsOf(code: string | number | null | undefined): string {
  return String(code ?? '').replace(/\D/g, '');
}

/** The country's calling code without '+', or 225 when the country or its code is unknown. */
export function callingCodeFor(country?: Pick<Country, 'phonecode'> | null): string {
  return digitsOf(country?.phonecode) || DEFAULT_CALLING_CODE;
}

export function findCountry(countries: readonly Country[], isoCode: string | null | undefined): Country | null {
  if (!isoCode) return null;
  const wanted = isoCode.toUpperCase();
  return countries.find((c) => c.iso_code.toUpperCase() === wanted) ?? null;
}

/** Lower case without accents, so 'cote' finds 'Côte d'Ivoire' and 'senegal' 'Sénégal'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

/** Whether a search typed in a country picker matches the country by name, ISO code or calling code. */
export function countryMatches(country: Country, search: string): boolean {
  const query = foldText(search).replace(/^\+/, '');
  if (!query) return true;
  return (
    foldText(country.name).includes(query) ||
    country.iso_code.toLowerCase() === query ||
    digitsOf(country.phonecode).startsWith(query)
  );
}

/** 'Côte d'Ivoire (+225)'; the flag is drawn beside it. */
export function countryLabel(country: Country): string {
  return `${country.name} (+${digitsOf(country.phonecode)})`;
}

/**
 * Splits a number on the wire ('+2250701020304') into a country and the national part, taking the
 * longest calling code that matches (so +1 and +1242 are told apart). `preferred` wins among
 * countries sharing the code (+1: Canada and the United States). Null when no code matches.
 */
export function splitPhone(
  wire: string,
  countries: readonly Country[],
  preferred?: string | null,
): { country: Country; number: string } | null {
  const digits = wire.replace(/\D/g, '');
  if (!wire.trim().startsWith('+') || !digits) return null;
  let best: Country | null = null;
  for (const country of countries) {
    const code = digitsOf(country.phonecode);
    if (!code || !digits.startsWith(code)) continue;
    const longer = !best || code.length > digitsOf(best.phonecode).length;
    const tie = best && code.length === digitsOf(best.phonecode).length && country.iso_code === preferred;
    if (longer || tie) best = country;
  }
  return best ? { country: best, number: digits.slice(digitsOf(best.phonecode).length) } : null;
}

/**
 * '+<code><number>', what phone fields send (spec: "prefixed with + and the country code"); '' without
 * a number. Only the separators people type are dropped: letters stay, so validation sees them.
 */
export function joinPhone(callingCode: string, nationalNumber: string): string {
  const number = normalizePhone(nationalNumber.trim());
  return number ? `+${digitsOf(callingCode) || DEFAULT_CALLING_CODE}${number}` : '';
}
