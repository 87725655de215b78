import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { withdrawalsApi } from './withdrawals-api.ts';

/**
 * Query keys of the park balance section. A withdrawal or a top-up changes the balance and its
 * transactions (and a top-up or a caisse-funded withdrawal a caisse: the caller refreshes the
 * caisses too); means changes touch the means list only.
 */
export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  balance: (parkId: string) => [...withdrawalKeys.all, 'balance', parkId] as const,
  amount: (parkId: string) => [...withdrawalKeys.balance(parkId), 'amount'] as const,
  transactions: (parkId: string, page: number, size: number) => [...withdrawalKeys.balance(parkId), 'transactions', page, size] as const,
  means: (parkId: string) => [...withdrawalKeys.all, 'means', parkId] as const,
  modes: (countryIso: string) => [...withdrawalKeys.all, 'modes', countryIso] as const,
};

export function useParkAmount(parkId: string | null, enabled = true) {
  return useQuery({ queryKey: withdrawalKeys.amount(parkId ?? ''), queryFn: ({ signal }) => withdrawalsApi.amount(parkId!, signal), enabled: enabled && !!parkId });
}

export function useParkTransactions(parkId: string | null, page: number, size: number, enabled = true) {
  return useQuery({
    queryKey: withdrawalKeys.transactions(parkId ?? '', page, size),
    queryFn: ({ signal }) => withdrawalsApi.transactions(parkId!, page, size, signal),
    enabled: enabled && !!parkId,
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawMeans(parkId: string | null, enabled: boolean) {
  return useQuery({ queryKey: withdrawalKeys.means(parkId ?? ''), queryFn: ({ signal }) => withdrawalsApi.means(parkId!, signal), enabled: enabled && !!parkId });
}

/** Reference data: a country's modes change rarely. */
export function useWithdrawModeList(countryIso: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: withdrawalKeys.modes(countryIso ?? ''),
    queryFn: ({ signal }) => withdrawalsApi.modes(countryIso!, signal),
    enabled: enabled && !!countryIso,
    staleTime: 10 * 60_000,
  });
}
