import { useQuery } from '@tanstack/react-query';
import type { TPnlType } from '@flotte/contract/pnl';
import { operationsApi } from './operations-api.ts';

/**
 * Query keys of the operations screens. An operation created, confirmed or cancelled changes the
 * list, the caisse balances (treasury) and the accounting figures: `invalidatedByOperations`
 * lists the prefixes to refresh.
 */
export const operationKeys = {
  all: ['operations'] as const,
  list: () => [...operationKeys.all, 'list'] as const,
  detail: (id: string) => [...operationKeys.all, 'detail', id] as const,
  subAccounts: (type: TPnlType | 'all') => ['pnl', 'sub-accounts', type] as const,
  caisses: (parkId: string) => [...operationKeys.all, 'caisses', parkId] as const,
  fuelTypes: () => ['catalog', 'carburant'] as const,
  components: () => ['catalog', 'car-component'] as const,
};

export const invalidatedByOperations = [operationKeys.all, ['treasury'], ['accounting'], ['pnl']] as const;

const REFERENCE_STALE_MS = 10 * 60_000;

export function useOperation(id: string | null) {
  return useQuery({ queryKey: operationKeys.detail(id ?? ''), queryFn: ({ signal }) => operationsApi.get(id!, signal), enabled: id !== null });
}

export function useSubAccounts(type: TPnlType | 'all', enabled = true) {
  return useQuery({
    queryKey: operationKeys.subAccounts(type),
    queryFn: ({ signal }) => (type === 'all' ? operationsApi.allSubAccounts(signal) : operationsApi.subAccounts(type, signal)),
    enabled,
    staleTime: 60_000,
  });
}

export function useOperationCaisses(parkId: string | null, enabled = true) {
  return useQuery({ queryKey: operationKeys.caisses(parkId ?? ''), queryFn: ({ signal }) => operationsApi.caisses(parkId!, signal), enabled: enabled && !!parkId });
}

export function useFuelTypes(enabled = true) {
  return useQuery({ queryKey: operationKeys.fuelTypes(), queryFn: ({ signal }) => operationsApi.fuelTypes(signal), enabled, staleTime: REFERENCE_STALE_MS });
}

export function useCarComponents(enabled = true) {
  return useQuery({ queryKey: operationKeys.components(), queryFn: ({ signal }) => operationsApi.components(signal), enabled, staleTime: REFERENCE_STALE_MS });
}
