import { useQuery } from '@tanstack/react-query';
import { vehicleDocumentsApi } from './vehicle-documents-api.ts';

/** Query keys of vehicle documents; a new document refreshes its vehicle's list and the expiring list. */
export const vehicleDocumentKeys = {
  all: ['vehicle-documents'] as const,
  byVehicle: (vehicleId: string) => [...vehicleDocumentKeys.all, 'vehicle', vehicleId] as const,
  expiring: () => [...vehicleDocumentKeys.all, 'expiring'] as const,
  types: () => ['catalog', 'document-type'] as const,
};

export function useVehicleDocuments(vehicleId: string) {
  return useQuery({
    queryKey: vehicleDocumentKeys.byVehicle(vehicleId),
    queryFn: ({ signal }) => vehicleDocumentsApi.list(vehicleId, signal),
    enabled: !!vehicleId,
  });
}

/** Reference data: changes only when someone adds a type, which refreshes it. */
export function useDocumentTypes(enabled = true) {
  return useQuery({
    queryKey: vehicleDocumentKeys.types(),
    queryFn: ({ signal }) => vehicleDocumentsApi.documentTypes(signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}
