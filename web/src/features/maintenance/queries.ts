import { useQuery } from '@tanstack/react-query';
import { maintenanceApi } from './maintenance-api.ts';

/**
 * Query keys of the maintenance screens. Scheduling takes a vehicle off the planning (and may put
 * it in 'maintain' at once); finishing also moves money: `invalidatedBySchedule` and
 * `invalidatedByFinish` list the prefixes each refreshes.
 */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  list: () => [...maintenanceKeys.all, 'list'] as const,
  detail: (id: string) => [...maintenanceKeys.all, 'detail', id] as const,
  repairTypes: () => ['catalog', 'repair-type'] as const,
  // Shared with the operations dialog: a component added in one shows in the other.
  components: () => ['catalog', 'car-component'] as const,
};

/** The planning, the vehicles (their status) and the dashboard's cards follow a maintenance's dates. */
export const invalidatedBySchedule = [maintenanceKeys.all, ['planning'], ['vehicles'], ['recipes'], ['fleet-dashboard'], ['suppliers']] as const;
/** Finishing writes operations out of a caisse: the money screens follow too. */
export const invalidatedByFinish = [...invalidatedBySchedule, ['operations'], ['treasury'], ['accounting'], ['pnl']] as const;

const REFERENCE_STALE_MS = 10 * 60_000;

export function useMaintenance(id: string | null) {
  return useQuery({ queryKey: maintenanceKeys.detail(id ?? ''), queryFn: ({ signal }) => maintenanceApi.get(id!, signal), enabled: id !== null });
}

export function useRepairTypes(enabled = true) {
  return useQuery({ queryKey: maintenanceKeys.repairTypes(), queryFn: ({ signal }) => maintenanceApi.repairTypes(signal), enabled, staleTime: REFERENCE_STALE_MS });
}

export function useCarComponents(enabled = true) {
  return useQuery({ queryKey: maintenanceKeys.components(), queryFn: ({ signal }) => maintenanceApi.components(signal), enabled, staleTime: REFERENCE_STALE_MS });
}
