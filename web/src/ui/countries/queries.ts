import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { COUNTRY_FETCH_ERROR, type Country } from './countries.ts';

export const countryKeys = {
  all: ['location', 'country'] as const,
};

/** GET /api/location/country; any failure reads as the spec's message. */
export async function fetchCountries(signal?: AbortSignal): Promise<Country[]> {
  try {
    return await api.get<Country[]>('/location/country', undefined, signal);
  } catch (error) {
    if (signal?.aborted) throw error; // a cancelled query is not a failure to show
    throw new Error(COUNTRY_FETCH_ERROR, { cause: error });
  }
}

/**
 * The country list (public, the same for everyone, cached a day by the server): fetched once per
 * session and kept, since every phone field and country picker reads it.
 */
export function useCountries() {
  return useQuery({
    queryKey: countryKeys.all,
    queryFn: ({ signal }) => fetchCountries(signal),
    staleTime: 24 * 60 * 60_000,
    gcTime: 24 * 60 * 60_000,
    retry: 1,
  });
}
