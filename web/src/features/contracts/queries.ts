import { useQuery } from '@tanstack/react-query';
import { contractsApi } from './contracts-api.ts';

/**
 * Query keys of the contract screens. A contract's payments are recipes (driver) or operations
 * (partner), so a payment refreshes the money screens too: `invalidatedByPayment` lists them.
 */
export const contractKeys = {
  all: ['contracts'] as const,
  list: () => [...contractKeys.all, 'list'] as const,
  stats: () => [...contractKeys.all, 'stats'] as const,
  detail: (id: string) => [...contractKeys.all, 'detail', id] as const,
  history: (id: string) => [...contractKeys.all, 'history', id] as const,
};

/** Creating, signing, updating, cancelling or regenerating touches the contracts and the vehicles' views of them. */
export const invalidatedByChange = [contractKeys.all, ['vehicles'], ['drivers'], ['owners']] as const;
/** A payment moves money: the recipes, operations, caisses and reports follow. */
export const invalidatedByPayment = [...invalidatedByChange, ['recipes'], ['operations'], ['treasury'], ['accounting'], ['pnl'], ['fleet-dashboard']] as const;

export function useContract(id: string | null) {
  return useQuery({ queryKey: contractKeys.detail(id ?? ''), queryFn: ({ signal }) => contractsApi.get(id!, signal), enabled: id !== null });
}

export function useContractStats(enabled = true) {
  return useQuery({ queryKey: contractKeys.stats(), queryFn: ({ signal }) => contractsApi.stats(signal), enabled });
}
