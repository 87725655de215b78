import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TRevenueGraph } from '@flotte/contract/fleet-dashboard';
import { fleetDashboardApi } from './fleet-dashboard-api.ts';

/**
 * Query keys of the fleet dashboard. Anything that collects, deletes or pays (recipes, salaries,
 * operations) refreshes them with the 'fleet-dashboard' prefix; they also refresh every minute
 * while the home screen is open, since recipes arrive from the collection job.
 */
export const fleetDashboardKeys = {
  all: ['fleet-dashboard'] as const,
  details: (parkId: string) => [...fleetDashboardKeys.all, 'details', parkId] as const,
  evolution: (parkId: string, graph: TRevenueGraph, year: number) => [...fleetDashboardKeys.all, 'evolution', parkId, graph, year] as const,
};

export function useFleetDetails(parkId: string) {
  return useQuery({ queryKey: fleetDashboardKeys.details(parkId), queryFn: ({ signal }) => fleetDashboardApi.details(signal), refetchInterval: 60_000 });
}

export function useRevenueEvolution(parkId: string, graph: TRevenueGraph, year: number) {
  return useQuery({
    queryKey: fleetDashboardKeys.evolution(parkId, graph, year),
    queryFn: ({ signal }) => fleetDashboardApi.revenueEvolution({ graph, year }, signal),
    placeholderData: keepPreviousData,
  });
}
