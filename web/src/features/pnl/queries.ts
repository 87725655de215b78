import { useQuery } from '@tanstack/react-query';
import type { TPnlType } from '@flotte/contract/pnl';
import { pnlApi } from './pnl-api.ts';

/**
 * Query keys of the P&L chart. A change to it also renames or removes rows of the accounting
 * reports, so mutations refresh ACCOUNTING_QUERY_PREFIX too; screens that list sub-accounts (the
 * fund movement dialog) can refresh on PNL_QUERY_PREFIX.
 */
export const PNL_QUERY_PREFIX = ['pnl'] as const;
export const pnlKeys = {
  all: PNL_QUERY_PREFIX,
  list: (parkId: string, type: TPnlType) => [...PNL_QUERY_PREFIX, 'list', parkId, type] as const,
};

export function usePnlTree(parkId: string, type: TPnlType) {
  return useQuery({ queryKey: pnlKeys.list(parkId, type), queryFn: ({ signal }) => pnlApi.list(parkId, type, signal), enabled: parkId !== '' });
}
