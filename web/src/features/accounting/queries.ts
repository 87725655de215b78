import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { accountingApi } from './accounting-api.ts';

/**
 * Query keys of the accounting reports. Anything that moves money (an operation created,
 * confirmed or cancelled, a transfer, a withdrawal) or renames the chart refreshes them all with
 * ACCOUNTING_QUERY_PREFIX.
 */
export const ACCOUNTING_QUERY_PREFIX = ['accounting'] as const;
export const accountingKeys = {
  all: ACCOUNTING_QUERY_PREFIX,
  state: (q: Record<string, string | undefined>) => [...ACCOUNTING_QUERY_PREFIX, 'state', q] as const,
  pnl: (parkId: string, year: number) => [...ACCOUNTING_QUERY_PREFIX, 'pnl', parkId, year] as const,
  diagram: (q: Record<string, string | undefined>) => [...ACCOUNTING_QUERY_PREFIX, 'diagram', q] as const,
  totals: (parkId: string) => [...ACCOUNTING_QUERY_PREFIX, 'totals', parkId] as const,
};

type StateQuery = Parameters<typeof accountingApi.state>[0];
type DiagramQuery = Parameters<typeof accountingApi.diagram>[0];

// A new period keeps the previous figures on screen while the new ones load, instead of a flash.
export function useAccountingState(q: StateQuery) {
  return useQuery({ queryKey: accountingKeys.state(q), queryFn: ({ signal }) => accountingApi.state(q, signal), placeholderData: keepPreviousData });
}

export function useAccountingPnl(parkId: string, year: number) {
  return useQuery({ queryKey: accountingKeys.pnl(parkId, year), queryFn: ({ signal }) => accountingApi.pnl({ park_id: parkId, year }, signal), placeholderData: keepPreviousData });
}

export function useAccountingDiagram(q: DiagramQuery) {
  return useQuery({ queryKey: accountingKeys.diagram(q), queryFn: ({ signal }) => accountingApi.diagram(q, signal), placeholderData: keepPreviousData });
}

export function useAccountingTotals(parkId: string) {
  return useQuery({ queryKey: accountingKeys.totals(parkId), queryFn: ({ signal }) => accountingApi.totals(parkId, signal) });
}
