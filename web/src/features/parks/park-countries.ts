import { PARK_COUNTRIES, PARK_COUNTRY_CODES, type TParkCountryCode } from '@flotte/contract/signup';

/** A country a park can be opened in, as GET /api/register lists them. */
export interface ParkCountry {
  code: TParkCountryCode;
  name: string;
  currency: string;
  phone_code: string;
}

/** The contract's list, for when the server's is not at hand (the new-park dialog). */
export const CONTRACT_PARK_COUNTRIES: ParkCountry[] = PARK_COUNTRY_CODES.map((code) => ({ code, ...PARK_COUNTRIES[code] }));

/** 'Devise : XAF · Indicatif : +237', what choosing the country decides for the park. */
export function countryConsequence(country: Pick<ParkCountry, 'currency' | 'phone_code'>): string {
  return `Devise : ${country.currency} · Indicatif : +${country.phone_code.replace(/\D/g, '')}`;
}
