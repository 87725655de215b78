/**
 * Real places, with their real coordinates (OpenStreetMap, rounded to about 10 m), that the
 * geocoding simulator answers from: the cities Flotte's first parks run in (Douala, Abidjan) in
 * detail, a few landmarks of Dakar, Lomé and Kinshasa, so the demo and the tests search, pin and
 * route between places a driver knows. Names are written as people there write them (accents
 * included); `district` and `street` are what a geocoder puts after the name.
 */

export interface GazetteerPlace {
  name: string;
  street?: string;
  district?: string;
  city: string;
  country: string;
  /** ISO 3166-1 alpha-2, lower case. */
  countryCode: string;
  latitude: number;
  longitude: number;
  /** OpenStreetMap's key and value of the place (aeroway=aerodrome, amenity=marketplace ...), as Photon reports them. */
  osm: [key: string, value: string];
}

const CM = { city: 'Douala', country: 'Cameroun', countryCode: 'cm' } as const;
const CI = { city: 'Abidjan', country: "Côte d'Ivoire", countryCode: 'ci' } as const;
const SN = { city: 'Dakar', country: 'Sénégal', countryCode: 'sn' } as const;
const TG = { city: 'Lomé', country: 'Togo', countryCode: 'tg' } as const;
const CD = { city: 'Kinshasa', country: 'République démocratique du Congo', countryCode: 'cd' } as const;

export const GAZETTEER: readonly GazetteerPlace[] = [
  // Douala
  { ...CM, name: 'Aéroport international de Douala', district: 'Bonapriso', latitude: 4.0061, longitude: 9.7195, osm: ['aeroway', 'aerodrome'] },
  { ...CM, name: 'Marché Central', street: 'Boulevard Ahmadou Ahidjo', district: 'Akwa', latitude: 4.0483, longitude: 9.7037, osm: ['amenity', 'marketplace'] },
  { ...CM, name: 'Marché Sandaga', street: 'Boulevard de la République', district: 'Akwa Nord', latitude: 4.0531, longitude: 9.7095, osm: ['amenity', 'marketplace'] },
  { ...CM, name: 'Marché Mboppi', street: 'Rue Mboppi', district: 'Akwa Nord', latitude: 4.0566, longitude: 9.7128, osm: ['amenity', 'marketplace'] },
  { ...CM, name: 'Marché de Deido', district: 'Deido', latitude: 4.0638, longitude: 9.7103, osm: ['amenity', 'marketplace'] },
  { ...CM, name: 'Marché de Ndokoti', district: 'Ndokoti', latitude: 4.0441, longitude: 9.7394, osm: ['amenity', 'marketplace'] },
  { ...CM, name: 'Hôtel Akwa Palace', street: 'Boulevard de la Liberté', district: 'Akwa', latitude: 4.0468, longitude: 9.6977, osm: ['tourism', 'hotel'] },
  { ...CM, name: 'Hôtel Sawa', street: 'Rue Drouot', district: 'Bonanjo', latitude: 4.0392, longitude: 9.6906, osm: ['tourism', 'hotel'] },
  { ...CM, name: 'Pullman Douala Rabingha', street: 'Rue Joffre', district: 'Akwa', latitude: 4.0455, longitude: 9.6944, osm: ['tourism', 'hotel'] },
  { ...CM, name: 'Akwa', latitude: 4.0495, longitude: 9.7006, osm: ['place', 'suburb'] },
  { ...CM, name: 'Bonapriso', latitude: 4.0265, longitude: 9.6985, osm: ['place', 'suburb'] },
  { ...CM, name: 'Bonanjo', latitude: 4.0397, longitude: 9.6884, osm: ['place', 'suburb'] },
  { ...CM, name: 'Deido', latitude: 4.0624, longitude: 9.7137, osm: ['place', 'suburb'] },
  { ...CM, name: 'Bonabéri', latitude: 4.0758, longitude: 9.6628, osm: ['place', 'suburb'] },
  { ...CM, name: 'Makepe', latitude: 4.0724, longitude: 9.7567, osm: ['place', 'suburb'] },
  { ...CM, name: 'Bonamoussadi', latitude: 4.0884, longitude: 9.7447, osm: ['place', 'suburb'] },
  { ...CM, name: 'Bépanda', latitude: 4.0626, longitude: 9.7302, osm: ['place', 'suburb'] },
  { ...CM, name: 'Logbaba', latitude: 4.0437, longitude: 9.7737, osm: ['place', 'suburb'] },
  { ...CM, name: 'Port autonome de Douala', district: 'Bonanjo', latitude: 4.0535, longitude: 9.6866, osm: ['landuse', 'port'] },
  { ...CM, name: 'Gare de Bessengue', street: 'Rue de la Gare', district: 'Bessengue', latitude: 4.0460, longitude: 9.7153, osm: ['railway', 'station'] },
  { ...CM, name: 'Hôpital Laquintinie', street: 'Boulevard de la Liberté', district: 'Akwa', latitude: 4.0527, longitude: 9.7045, osm: ['amenity', 'hospital'] },
  { ...CM, name: 'Hôpital général de Douala', district: 'Makepe', latitude: 4.0611, longitude: 9.7598, osm: ['amenity', 'hospital'] },
  { ...CM, name: 'Stade de la Réunification', district: 'Bépanda', latitude: 4.0617, longitude: 9.7328, osm: ['leisure', 'stadium'] },
  { ...CM, name: 'Pont sur le Wouri', district: 'Bonabéri', latitude: 4.0655, longitude: 9.6785, osm: ['man_made', 'bridge'] },
  { ...CM, name: 'Rond-point Deido', district: 'Deido', latitude: 4.0585, longitude: 9.7088, osm: ['highway', 'junction'] },

  // Abidjan
  { ...CI, name: 'Aéroport international Félix-Houphouët-Boigny', district: 'Port-Bouët', latitude: 5.2614, longitude: -3.9263, osm: ['aeroway', 'aerodrome'] },
  { ...CI, name: 'Grand marché de Treichville', street: 'Avenue 12', district: 'Treichville', latitude: 5.2952, longitude: -4.0075, osm: ['amenity', 'marketplace'] },
  { ...CI, name: "Forum des marchés d'Adjamé", street: 'Boulevard Nangui Abrogoua', district: 'Adjamé', latitude: 5.3546, longitude: -4.0219, osm: ['amenity', 'marketplace'] },
  { ...CI, name: 'Marché de Cocody', district: 'Cocody', latitude: 5.3466, longitude: -3.9916, osm: ['amenity', 'marketplace'] },
  { ...CI, name: 'Sofitel Abidjan Hôtel Ivoire', street: 'Boulevard Hassan II', district: 'Cocody', latitude: 5.3247, longitude: -4.0058, osm: ['tourism', 'hotel'] },
  { ...CI, name: 'Pullman Abidjan', street: 'Avenue Abdoulaye Fadiga', district: 'Plateau', latitude: 5.3201, longitude: -4.0188, osm: ['tourism', 'hotel'] },
  { ...CI, name: 'Plateau', latitude: 5.3235, longitude: -4.0219, osm: ['place', 'suburb'] },
  { ...CI, name: 'Cocody', latitude: 5.3496, longitude: -3.9875, osm: ['place', 'suburb'] },
  { ...CI, name: 'Marcory', latitude: 5.3041, longitude: -3.9844, osm: ['place', 'suburb'] },
  { ...CI, name: 'Yopougon', latitude: 5.3396, longitude: -4.0832, osm: ['place', 'suburb'] },
  { ...CI, name: 'Riviera', district: 'Cocody', latitude: 5.3625, longitude: -3.9622, osm: ['place', 'neighbourhood'] },
  { ...CI, name: 'Deux Plateaux', district: 'Cocody', latitude: 5.3650, longitude: -3.9977, osm: ['place', 'neighbourhood'] },
  { ...CI, name: 'Treichville', latitude: 5.2950, longitude: -4.0036, osm: ['place', 'suburb'] },
  { ...CI, name: 'Adjamé', latitude: 5.3594, longitude: -4.0207, osm: ['place', 'suburb'] },
  { ...CI, name: 'Abobo', latitude: 5.4185, longitude: -4.0205, osm: ['place', 'suburb'] },
  { ...CI, name: 'Koumassi', latitude: 5.2900, longitude: -3.9528, osm: ['place', 'suburb'] },
  { ...CI, name: 'Port-Bouët', latitude: 5.2564, longitude: -3.9587, osm: ['place', 'suburb'] },
  { ...CI, name: "Port autonome d'Abidjan", district: 'Treichville', latitude: 5.2836, longitude: -4.0121, osm: ['landuse', 'port'] },
  { ...CI, name: 'Gare de Treichville', street: 'Boulevard de Marseille', district: 'Treichville', latitude: 5.3005, longitude: -4.0129, osm: ['railway', 'station'] },
  { ...CI, name: "Gare routière d'Adjamé", district: 'Adjamé', latitude: 5.3512, longitude: -4.0185, osm: ['amenity', 'bus_station'] },
  { ...CI, name: 'CHU de Treichville', street: 'Boulevard de Marseille', district: 'Treichville', latitude: 5.2946, longitude: -3.9983, osm: ['amenity', 'hospital'] },
  { ...CI, name: 'CHU de Cocody', street: 'Boulevard de l’Université', district: 'Cocody', latitude: 5.3436, longitude: -3.9896, osm: ['amenity', 'hospital'] },
  { ...CI, name: 'Cathédrale Saint-Paul', street: 'Boulevard Angoulvant', district: 'Plateau', latitude: 5.3288, longitude: -4.0237, osm: ['amenity', 'place_of_worship'] },

  // Dakar
  { ...SN, name: 'Aéroport international Blaise-Diagne', city: 'Diass', latitude: 14.6700, longitude: -17.0733, osm: ['aeroway', 'aerodrome'] },
  { ...SN, name: 'Marché Sandaga', street: 'Avenue Émile Badiane', district: 'Plateau', latitude: 14.6717, longitude: -17.4347, osm: ['amenity', 'marketplace'] },
  { ...SN, name: "Place de l'Indépendance", district: 'Plateau', latitude: 14.6681, longitude: -17.4316, osm: ['place', 'square'] },
  { ...SN, name: 'Plateau', latitude: 14.6680, longitude: -17.4360, osm: ['place', 'suburb'] },

  // Lomé
  { ...TG, name: 'Aéroport international Gnassingbé-Eyadéma', latitude: 6.1656, longitude: 1.2545, osm: ['aeroway', 'aerodrome'] },
  { ...TG, name: 'Grand marché de Lomé', street: 'Rue du Commerce', district: 'Adawlato', latitude: 6.1296, longitude: 1.2232, osm: ['amenity', 'marketplace'] },
  { ...TG, name: 'Port autonome de Lomé', latitude: 6.1383, longitude: 1.2836, osm: ['landuse', 'port'] },

  // Kinshasa
  { ...CD, name: "Aéroport international de N'djili", district: 'Nsele', latitude: -4.3858, longitude: 15.4446, osm: ['aeroway', 'aerodrome'] },
  { ...CD, name: 'Marché central de Kinshasa', district: 'Gombe', latitude: -4.3189, longitude: 15.3106, osm: ['amenity', 'marketplace'] },
  { ...CD, name: 'Gombe', latitude: -4.3050, longitude: 15.3031, osm: ['place', 'suburb'] },
];

/** Lower case, accents and punctuation away: 'Bonabéri' and 'bonaberi', "Côte d'Ivoire" and 'cote d ivoire' match. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The places matching `q` (each of its words found in the name or the address, accents and case
 * aside), those whose name starts with it first, then those whose name holds it, then the others;
 * within each, the gazetteer's order.
 */
export function searchGazetteer(q: string, countryCodes: readonly string[] = []): GazetteerPlace[] {
  const words = fold(q).split(' ').filter(Boolean);
  if (!words.length) return [];
  const countries = new Set(countryCodes.map((c) => c.toLowerCase()));
  const phrase = words.join(' ');
  const rank = (p: GazetteerPlace) => {
    const name = fold(p.name);
    return name.startsWith(phrase) ? 0 : name.includes(phrase) ? 1 : 2;
  };
  return GAZETTEER.filter((p) => {
    if (countries.size && !countries.has(p.countryCode)) return false;
    const hay = fold([p.name, p.street, p.district, p.city, p.country].filter(Boolean).join(' '));
    return words.every((w) => hay.includes(w));
  })
    .map((p, i) => ({ p, i, r: rank(p) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.p);
}
