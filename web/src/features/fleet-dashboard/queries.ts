import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TRevenueGraph } from '@flotte/contract/fleet-dashboard';
import type { TUser } from '@flotte/contract';
import { actingPark } from '../../app/layout/acting-park.ts';
import { parkToday } from '../accounting/reporting-period.ts';
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

/**
 * The queries' keys and fetches in one place, shared by the hooks below and by the session's start
 * (app/route-data.ts), which asks for them before the screen renders: the same options, so the
 * screen's useQuery joins a request in flight or finds its answer in the cache.
 */
export const fleetDetailsQuery = (parkId: string) =>
  queryOptions({ queryKey: fleetDashboardKeys.details(parkId), queryFn: ({ signal }) => fleetDashboardApi.details(signal), refetchInterval: 60_000 });

export const revenueEvolutionQuery = (parkId: string, graph: TRevenueGraph, year: number) =>
  queryOptions({ queryKey: fleetDashboardKeys.evolution(parkId, graph, year), queryFn: ({ signal }) => fleetDashboardApi.revenueEvolution({ graph, year }, signal) });

/** The chart as the home screen first shows it: by month, this year in the acting park. */
export const firstRevenueEvolutionQuery = (parkId: string, user: TUser) =>
  revenueEvolutionQuery(parkId, 'month', parkToday(actingPark(user, parkId)?.time_zone).getFullYear());

export function useFleetDetails(parkId: string) {
  return useQuery(fleetDetailsQuery(parkId));
}

export function useRevenueEvolution(parkId: string, graph: TRevenueGraph, year: number) {
  return useQuery({ ...revenueEvolutionQuery(parkId, graph, year), placeholderData: keepPreviousData });
}
