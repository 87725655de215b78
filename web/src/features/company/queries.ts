import { useQuery } from '@tanstack/react-query';
import { companyApi } from './company-api.ts';

/** Query keys of the company screens. */
export const companyKeys = {
  all: ['company'] as const,
  park: (parkId: string | null) => [...companyKeys.all, 'park', parkId] as const,
  resetOptions: () => [...companyKeys.all, 'reset-options'] as const,
};

export function useParkDetail(parkId: string | null) {
  return useQuery({
    queryKey: companyKeys.park(parkId),
    queryFn: ({ signal }) => companyApi.park(parkId!, signal),
    enabled: parkId !== null,
  });
}

export function useResetOptions(enabled: boolean) {
  return useQuery({
    queryKey: companyKeys.resetOptions(),
    queryFn: ({ signal }) => companyApi.resetOptions(signal),
    enabled,
    staleTime: 10 * 60_000,
  });
}
