import { useQuery } from '@tanstack/react-query';
import { vehiclesApi } from './vehicles-api.ts';

/**
 * Query keys of the vehicle screens. Everything about vehicles starts with 'vehicles' (the groups
 * screen refreshes that prefix when it moves vehicles); reference data lives under 'catalog',
 * shared with the drivers and documents screens.
 */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  list: () => [...vehicleKeys.all, 'list'] as const,
  picker: (parkId: string | null) => [...vehicleKeys.all, 'picker', parkId] as const,
  allData: (id: string) => [...vehicleKeys.all, 'all-data', id] as const,
  vehicleTypes: () => ['catalog', 'vehicle-type'] as const,
  brands: () => ['catalog', 'brand'] as const,
  models: (brandId: number | null) => ['catalog', 'model', brandId] as const,
  colors: () => ['catalog', 'color'] as const,
  contractTypes: () => ['catalog', 'vehicle-contract'] as const,
  owners: (parkId: string | null) => ['vehicle-owners', parkId] as const,
};

/** Reference data changes with releases, or when a park adds a contract type (which refreshes it). */
const REFERENCE_STALE_MS = 10 * 60_000;

export function useVehicleTypes(enabled = true) {
  return useQuery({ queryKey: vehicleKeys.vehicleTypes(), queryFn: ({ signal }) => vehiclesApi.vehicleTypes(signal), enabled, staleTime: REFERENCE_STALE_MS });
}

export function useBrands(enabled = true) {
  return useQuery({
    queryKey: vehicleKeys.brands(),
    queryFn: ({ signal }) => vehiclesApi.brands(signal),
    select: (page) => page.items,
    enabled,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useModels(brandId: number | null, enabled = true) {
  return useQuery({
    queryKey: vehicleKeys.models(brandId),
    queryFn: ({ signal }) => vehiclesApi.models(brandId!, signal),
    enabled: enabled && brandId !== null,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useColors(enabled = true) {
  return useQuery({ queryKey: vehicleKeys.colors(), queryFn: ({ signal }) => vehiclesApi.colors(signal), enabled, staleTime: REFERENCE_STALE_MS });
}

export function useContractTypes(enabled = true) {
  return useQuery({ queryKey: vehicleKeys.contractTypes(), queryFn: ({ signal }) => vehiclesApi.contractTypes(signal), enabled, staleTime: REFERENCE_STALE_MS });
}

export function useOwners(parkId: string | null, enabled = true) {
  return useQuery({ queryKey: vehicleKeys.owners(parkId), queryFn: ({ signal }) => vehiclesApi.owners(parkId!, signal), enabled: enabled && !!parkId });
}

/** Everything the details dialog and the update sections show: vehicle, configuration, recipe, documents. */
export function useVehicleAllData(id: string | null) {
  return useQuery({ queryKey: vehicleKeys.allData(id ?? ''), queryFn: ({ signal }) => vehiclesApi.allData(id!, signal), enabled: id !== null });
}
