import { useQuery } from '@tanstack/react-query';
import { vehicleGroupsApi } from './vehicle-groups-api.ts';

/** Query keys of vehicle groups. A group change also moves vehicles, so it refreshes the vehicle lists too. */
export const vehicleGroupKeys = {
  all: ['vehicle-groups'] as const,
  list: (parkId: string) => [...vehicleGroupKeys.all, 'list', parkId] as const,
  vehicles: (parkId: string) => [...vehicleGroupKeys.all, 'vehicles', parkId] as const,
  admins: (parkId: string) => [...vehicleGroupKeys.all, 'admins', parkId] as const,
};
/** Prefix of the vehicle screens' queries (their `group` column changes with ours). */
export const VEHICLES_QUERY_PREFIX = ['vehicles'] as const;

export function useVehicleGroups(parkId: string | null) {
  return useQuery({
    queryKey: vehicleGroupKeys.list(parkId ?? ''),
    queryFn: ({ signal }) => vehicleGroupsApi.list(parkId!, signal),
    enabled: !!parkId,
  });
}

/** Every vehicle of the park with its group, for the pickers ('not yet in a group'). */
export function useParkVehicles(parkId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: vehicleGroupKeys.vehicles(parkId ?? ''),
    queryFn: ({ signal }) => vehicleGroupsApi.vehicles(parkId!, signal),
    select: (page) => page.items,
    enabled: enabled && !!parkId,
  });
}

export function useParkAdmins(parkId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: vehicleGroupKeys.admins(parkId ?? ''),
    queryFn: ({ signal }) => vehicleGroupsApi.admins(parkId!, signal),
    select: (page) => page.items,
    enabled: enabled && !!parkId,
    staleTime: 60_000,
  });
}
