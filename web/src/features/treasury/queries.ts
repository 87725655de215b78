import { useQuery } from '@tanstack/react-query';
import { treasuryApi } from './treasury-api.ts';

/**
 * Query keys of the balance screen. A transfer or a bank operation changes caisse balances only;
 * the park balance section (withdrawals) keeps its own keys.
 */
export const treasuryKeys = {
  all: ['treasury'] as const,
  caisses: (parkId: string) => [...treasuryKeys.all, 'caisses', parkId] as const,
  /** Under caisses(parkId), so what refreshes the balances refreshes the pickers too. */
  usableCaisses: (parkId: string) => [...treasuryKeys.caisses(parkId), 'usable'] as const,
  admins: (parkId: string) => [...treasuryKeys.all, 'admins', parkId] as const,
  withdrawModes: (countryIso: string) => [...treasuryKeys.all, 'withdraw-modes', countryIso] as const,
};

export function useCaisses(parkId: string | null) {
  return useQuery({
    queryKey: treasuryKeys.caisses(parkId ?? ''),
    queryFn: ({ signal }) => treasuryApi.caisses(parkId!, signal),
    enabled: !!parkId,
  });
}

/**
 * The caisses a picker offers: those the person may use (all with MANAGE_CAISSE, else those they
 * administer, plus the default cash account with ACCESS_CAISSE_CASH); the server refuses others.
 */
export function useUsableCaisses(parkId: string | null) {
  return useQuery({
    queryKey: treasuryKeys.usableCaisses(parkId ?? ''),
    queryFn: ({ signal }) => treasuryApi.usableCaisses(parkId!, signal),
    enabled: !!parkId,
  });
}

export function useCaisseAdminCandidates(parkId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: treasuryKeys.admins(parkId ?? ''),
    queryFn: ({ signal }) => treasuryApi.admins(parkId!, signal),
    select: (page) => page.items,
    enabled: enabled && !!parkId,
    staleTime: 60_000,
  });
}

/** Reference data: the operators of a country change rarely. */
export function useWithdrawModes(countryIso: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: treasuryKeys.withdrawModes(countryIso ?? ''),
    queryFn: ({ signal }) => treasuryApi.withdrawModes(countryIso!, signal),
    enabled: enabled && !!countryIso,
    staleTime: 10 * 60_000,
  });
}
