import type { TCountry } from '@flotte/contract';

/**
 * The countries a park can be in: the 54 African countries, where Flotte's fleets run, and the
 * countries their owners often live in or buy vehicles from. Names are French; `id` is the ISO 3166-1
 * numeric code, so it never changes when the list grows. Coordinates are each country's centre, for
 * centring a map. Kept in code rather than a table: it changes with treaties, not with parks.
 */
type Row = [id: number, iso: string, name: string, phonecode: string, currency: string, latitude: number, longitude: number];

const ROWS: Row[] = [
  // Africa
  [12, 'DZ', 'Algérie', '213', 'DZD', 28.03, 1.66],
  [24, 'AO', 'Angola', '244', 'AOA', -11.2, 17.87],
  [204, 'BJ', 'Bénin', '229', 'XOF', 9.31, 2.32],
  [72, 'BW', 'Botswana', '267', 'BWP', -22.33, 24.68],
  [854, 'BF', 'Burkina Faso', '226', 'XOF', 12.24, -1.56],
  [108, 'BI', 'Burundi', '257', 'BIF', -3.37, 29.92],
  [132, 'CV', 'Cap-Vert', '238', 'CVE', 16.0, -24.01],
  [120, 'CM', 'Cameroun', '237', 'XAF', 7.37, 12.35],
  [140, 'CF', 'République centrafricaine', '236', 'XAF', 6.61, 20.94],
  [148, 'TD', 'Tchad', '235', 'XAF', 15.45, 18.73],
  [174, 'KM', 'Comores', '269', 'KMF', -11.88, 43.87],
  [178, 'CG', 'Congo', '242', 'XAF', -0.23, 15.83],
  [180, 'CD', 'République démocratique du Congo', '243', 'CDF', -4.04, 21.76],
  [384, 'CI', "Côte d'Ivoire", '225', 'XOF', 7.54, -5.55],
  [262, 'DJ', 'Djibouti', '253', 'DJF', 11.83, 42.59],
  [818, 'EG', 'Égypte', '20', 'EGP', 26.82, 30.8],
  [226, 'GQ', 'Guinée équatoriale', '240', 'XAF', 1.65, 10.27],
  [232, 'ER', 'Érythrée', '291', 'ERN', 15.18, 39.78],
  [748, 'SZ', 'Eswatini', '268', 'SZL', -26.52, 31.47],
  [231, 'ET', 'Éthiopie', '251', 'ETB', 9.15, 40.49],
  [266, 'GA', 'Gabon', '241', 'XAF', -0.8, 11.61],
  [270, 'GM', 'Gambie', '220', 'GMD', 13.44, -15.31],
  [288, 'GH', 'Ghana', '233', 'GHS', 7.95, -1.02],
  [324, 'GN', 'Guinée', '224', 'GNF', 9.95, -9.7],
  [624, 'GW', 'Guinée-Bissau', '245', 'XOF', 11.8, -15.18],
  [404, 'KE', 'Kenya', '254', 'KES', -0.02, 37.91],
  [426, 'LS', 'Lesotho', '266', 'LSL', -29.61, 28.23],
  [430, 'LR', 'Liberia', '231', 'LRD', 6.43, -9.43],
  [434, 'LY', 'Libye', '218', 'LYD', 26.34, 17.23],
  [450, 'MG', 'Madagascar', '261', 'MGA', -18.77, 46.87],
  [454, 'MW', 'Malawi', '265', 'MWK', -13.25, 34.3],
  [466, 'ML', 'Mali', '223', 'XOF', 17.57, -4.0],
  [478, 'MR', 'Mauritanie', '222', 'MRU', 21.01, -10.94],
  [480, 'MU', 'Maurice', '230', 'MUR', -20.35, 57.55],
  [504, 'MA', 'Maroc', '212', 'MAD', 31.79, -7.09],
  [508, 'MZ', 'Mozambique', '258', 'MZN', -18.67, 35.53],
  [516, 'NA', 'Namibie', '264', 'NAD', -22.96, 18.49],
  [562, 'NE', 'Niger', '227', 'XOF', 17.61, 8.08],
  [566, 'NG', 'Nigeria', '234', 'NGN', 9.08, 8.68],
  [646, 'RW', 'Rwanda', '250', 'RWF', -1.94, 29.87],
  [678, 'ST', 'Sao Tomé-et-Principe', '239', 'STN', 0.19, 6.61],
  [686, 'SN', 'Sénégal', '221', 'XOF', 14.5, -14.45],
  [690, 'SC', 'Seychelles', '248', 'SCR', -4.68, 55.49],
  [694, 'SL', 'Sierra Leone', '232', 'SLE', 8.46, -11.78],
  [706, 'SO', 'Somalie', '252', 'SOS', 5.15, 46.2],
  [710, 'ZA', 'Afrique du Sud', '27', 'ZAR', -30.56, 22.94],
  [728, 'SS', 'Soudan du Sud', '211', 'SSP', 6.88, 31.31],
  [729, 'SD', 'Soudan', '249', 'SDG', 12.86, 30.22],
  [834, 'TZ', 'Tanzanie', '255', 'TZS', -6.37, 34.89],
  [768, 'TG', 'Togo', '228', 'XOF', 8.62, 0.82],
  [788, 'TN', 'Tunisie', '216', 'TND', 33.89, 9.54],
  [800, 'UG', 'Ouganda', '256', 'UGX', 1.37, 32.29],
  [894, 'ZM', 'Zambie', '260', 'ZMW', -13.13, 27.85],
  [716, 'ZW', 'Zimbabwe', '263', 'ZWG', -19.02, 29.15],
  // Europe, the Americas and Asia
  [250, 'FR', 'France', '33', 'EUR', 46.23, 2.21],
  [56, 'BE', 'Belgique', '32', 'EUR', 50.5, 4.47],
  [756, 'CH', 'Suisse', '41', 'CHF', 46.82, 8.23],
  [442, 'LU', 'Luxembourg', '352', 'EUR', 49.82, 6.13],
  [276, 'DE', 'Allemagne', '49', 'EUR', 51.17, 10.45],
  [724, 'ES', 'Espagne', '34', 'EUR', 40.46, -3.75],
  [380, 'IT', 'Italie', '39', 'EUR', 41.87, 12.57],
  [620, 'PT', 'Portugal', '351', 'EUR', 39.4, -8.22],
  [528, 'NL', 'Pays-Bas', '31', 'EUR', 52.13, 5.29],
  [826, 'GB', 'Royaume-Uni', '44', 'GBP', 55.38, -3.44],
  [124, 'CA', 'Canada', '1', 'CAD', 56.13, -106.35],
  [840, 'US', 'États-Unis', '1', 'USD', 37.09, -95.71],
  [332, 'HT', 'Haïti', '509', 'HTG', 18.97, -72.29],
  [156, 'CN', 'Chine', '86', 'CNY', 35.86, 104.2],
  [392, 'JP', 'Japon', '81', 'JPY', 36.2, 138.25],
  [356, 'IN', 'Inde', '91', 'INR', 20.59, 78.96],
  [422, 'LB', 'Liban', '961', 'LBP', 33.85, 35.86],
  [792, 'TR', 'Turquie', '90', 'TRY', 38.96, 35.24],
  [784, 'AE', 'Émirats arabes unis', '971', 'AED', 23.42, 53.85],
  [682, 'SA', 'Arabie saoudite', '966', 'SAR', 23.89, 45.08],
  [634, 'QA', 'Qatar', '974', 'QAR', 25.35, 51.18],
];

/** The flag emoji of an ISO alpha-2 code: its two regional-indicator letters. */
function flagOf(iso: string): string {
  return String.fromCodePoint(...[...iso].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** Every country, sorted by French name ('Égypte' among the E's). */
export const COUNTRIES: TCountry[] = ROWS.map(([id, iso, name, phonecode, currency, latitude, longitude]) => ({
  id,
  name,
  iso_code: iso,
  flag: flagOf(iso),
  phonecode,
  currency,
  longitude,
  latitude,
})).sort((a, b) => a.name.localeCompare(b.name, 'fr'));

const BY_ISO = new Map(COUNTRIES.map((c) => [c.iso_code, c]));
const CURRENCIES = new Set(COUNTRIES.map((c) => c.currency));

export function countryByIso(iso: string): TCountry | undefined {
  return BY_ISO.get(iso.toUpperCase());
}

/** A currency some country of the list uses: a park's money is in one of these. */
export function isKnownCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}
