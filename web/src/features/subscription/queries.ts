import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../auth/SessionProvider.tsx';
import { subscriptionApi, subscriptionKeys, type PlansFilter } from './subscription-api.ts';

/** What the subscription screen and the banner read; a few minutes fresh (days, not seconds, matter). */
export const INFO_STALE_MS = 5 * 60_000;

export function useSubscriptionInfo() {
  const { parkId } = useSession();
  return useQuery({ queryKey: subscriptionKeys.info(parkId), queryFn: ({ signal }) => subscriptionApi.info(signal), staleTime: INFO_STALE_MS });
}

export function usePlans(filter: PlansFilter, enabled: boolean) {
  const { parkId } = useSession();
  return useQuery({
    queryKey: subscriptionKeys.plans(parkId, filter),
    queryFn: ({ signal }) => subscriptionApi.plans(filter, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
}

/** What the chosen plan would cost now (and the credit of a change); asked only for a valid count. */
export function usePlanSelection(planId: string | null, vehicleNumber: number | null) {
  const { parkId } = useSession();
  return useQuery({
    queryKey: subscriptionKeys.selection(parkId, planId ?? '', vehicleNumber ?? 0),
    queryFn: ({ signal }) => subscriptionApi.select(planId!, vehicleNumber!, signal),
    enabled: planId !== null && vehicleNumber !== null,
    placeholderData: keepPreviousData,
    staleTime: 0, // a quote of today's days left: asked again at each opening
    retry: false,
  });
}

export function useMigrationQuote(subscriptionId: string | null) {
  const { parkId } = useSession();
  return useQuery({
    queryKey: subscriptionKeys.migration(parkId, subscriptionId ?? ''),
    queryFn: ({ signal }) => subscriptionApi.migrationQuote(subscriptionId!, signal),
    enabled: subscriptionId !== null,
    staleTime: 0,
    retry: false,
  });
}

/** Mobile-money operators of the park's country (reference data, cached with the recipes' copy). */
export function useOperators(enabled: boolean) {
  return useQuery({ queryKey: subscriptionKeys.operators(), queryFn: ({ signal }) => subscriptionApi.operators(signal), enabled, staleTime: 10 * 60_000 });
}

/**
 * After a purchase: the card, the banner, the plans and the invoices read again. Not the quotes of
 * an open dialog: a migration's quote asked again once it is applied would only be refused (already
 * professionnel); each dialog asks its own when it opens.
 */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  const { parkId } = useSession();
  return useCallback(
    () =>
      queryClient.invalidateQueries({
        queryKey: subscriptionKeys.park(parkId),
        predicate: (q) => q.queryKey[2] !== 'migration' && q.queryKey[2] !== 'selection',
      }),
    [queryClient, parkId],
  );
}
