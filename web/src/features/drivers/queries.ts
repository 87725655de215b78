import { SUCCESS_MESSAGES } from '@flotte/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { driversApi } from './drivers-api.ts';

/** Query keys of the drivers screens; a driver change refreshes `all` (list, picker, detail). */
export const driverKeys = {
  all: ['drivers'] as const,
  list: () => [...driverKeys.all, 'list'] as const,
  picker: (parkId: string | null, assignableOnly: boolean) => [...driverKeys.all, 'picker', parkId, assignableOnly] as const,
  detail: (id: string) => [...driverKeys.all, 'detail', id] as const,
  grades: () => ['catalog', 'grade'] as const,
  driverTypes: () => ['catalog', 'driver-type'] as const,
};

/** Reference data changes rarely (a park adds a grade now and then). */
const REFERENCE_STALE_MS = 10 * 60_000;

export function useGrades(enabled = true) {
  return useQuery({ queryKey: driverKeys.grades(), queryFn: ({ signal }) => driversApi.grades(signal), enabled, staleTime: REFERENCE_STALE_MS });
}

export function useDriverTypes(enabled = true) {
  return useQuery({ queryKey: driverKeys.driverTypes(), queryFn: ({ signal }) => driversApi.driverTypes(signal), enabled, staleTime: REFERENCE_STALE_MS });
}

export function useDriver(id: string | null) {
  return useQuery({ queryKey: driverKeys.detail(id ?? ''), queryFn: ({ signal }) => driversApi.get(id!, signal), enabled: id !== null });
}

/** The server's success messages (spec 000 section 8, wording included). */
export const DRIVER_SUCCESS = {
  created: SUCCESS_MESSAGES.DRIVER_ADDED,
  updated: SUCCESS_MESSAGES.DRIVER_UPDATED,
} as const;
