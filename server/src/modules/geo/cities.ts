import { fold } from '../../integrations/geocoding/gazetteer.ts';

/**
 * Where a park's map opens: the centre of the city the park gave (when it is one of these), else
 * its country's main city (where fleets run: Douala rather than Yaoundé, Abidjan rather than
 * Yamoussoukro), else the country's centre. Coordinates are the city centres' (OpenStreetMap).
 */
type City = [name: string, countryIso: string, latitude: number, longitude: number];

/** The first city of each country is its main one. */
const CITIES: City[] = [
  ['Douala', 'CM', 4.0483, 9.7043],
  ['Yaoundé', 'CM', 3.848, 11.5021],
  ['Bafoussam', 'CM', 5.4778, 10.4176],
  ['Bamenda', 'CM', 5.9597, 10.146],
  ['Garoua', 'CM', 9.3017, 13.3921],
  ['Kribi', 'CM', 2.94, 9.91],
  ['Limbé', 'CM', 4.0186, 9.2043],
  ['Abidjan', 'CI', 5.3235, -4.0219],
  ['Bouaké', 'CI', 7.6906, -5.0301],
  ['Yamoussoukro', 'CI', 6.8276, -5.2893],
  ['San-Pédro', 'CI', 4.7485, -6.6363],
  ['Dakar', 'SN', 14.6928, -17.4467],
  ['Thiès', 'SN', 14.791, -16.9359],
  ['Saint-Louis', 'SN', 16.0326, -16.4818],
  ['Lomé', 'TG', 6.1375, 1.2123],
  ['Kara', 'TG', 9.5511, 1.1861],
  ['Kinshasa', 'CD', -4.3217, 15.3126],
  ['Lubumbashi', 'CD', -11.6609, 27.4794],
  ['Cotonou', 'BJ', 6.3654, 2.4183],
  ['Porto-Novo', 'BJ', 6.4969, 2.6289],
  ['Ouagadougou', 'BF', 12.3714, -1.5197],
  ['Bobo-Dioulasso', 'BF', 11.1771, -4.2979],
  ['Bamako', 'ML', 12.6392, -8.0029],
  ['Niamey', 'NE', 13.5116, 2.1254],
  ['Libreville', 'GA', 0.4162, 9.4673],
  ['Port-Gentil', 'GA', -0.7193, 8.7815],
  ['Brazzaville', 'CG', -4.2634, 15.2429],
  ['Pointe-Noire', 'CG', -4.7761, 11.8635],
  ['Conakry', 'GN', 9.6412, -13.5784],
  ["N'Djaména", 'TD', 12.1348, 15.0557],
  ['Bangui', 'CF', 4.3947, 18.5582],
  ['Malabo', 'GQ', 3.7504, 8.7371],
  ['Lagos', 'NG', 6.5244, 3.3792],
  ['Accra', 'GH', 5.6037, -0.187],
  ['Nouakchott', 'MR', 18.0735, -15.9582],
  ['Casablanca', 'MA', 33.5731, -7.5898],
  ['Tunis', 'TN', 36.8065, 10.1815],
  ['Kigali', 'RW', -1.9441, 30.0619],
  ['Nairobi', 'KE', -1.2921, 36.8219],
  ['Paris', 'FR', 48.8566, 2.3522],
  ['Bruxelles', 'BE', 50.8503, 4.3517],
];

export interface MapCenter {
  latitude: number;
  longitude: number;
}

/** The city named (accents, case and dashes aside) in that country, else the country's main city; null when neither is known. */
export function cityCenter(countryIso: string, city: string | null | undefined): MapCenter | null {
  const iso = countryIso.toUpperCase();
  const inCountry = CITIES.filter((c) => c[1] === iso);
  const wanted = city ? fold(city) : '';
  const found = (wanted && inCountry.find((c) => fold(c[0]) === wanted)) || inCountry[0];
  return found ? { latitude: found[2], longitude: found[3] } : null;
}
