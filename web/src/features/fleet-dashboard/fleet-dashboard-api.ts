import type { TFleetDetails, TRevenueEvolution, TRevenueGraph } from '@flotte/contract/fleet-dashboard';
import { api } from '../../api/client.ts';

/** The fleet dashboard (spec 001 section 7 'Accounting and dashboard'); VIEW_DASHBOARD. */
export const fleetDashboardApi = {
  details: (signal?: AbortSignal) => api.get<TFleetDetails>('/dashboard/fleet/details', undefined, signal),
  revenueEvolution: (q: { graph: TRevenueGraph; year: number }, signal?: AbortSignal) =>
    api.get<TRevenueEvolution>('/dashboard/park/revenue/evolution', q, signal),
};
