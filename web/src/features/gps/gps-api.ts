import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { TGpsConnection, TGpsConnectionInput, TGpsFleet, TGpsPosition, TGpsVehicleDay, TGpsVehiclePosition } from '@flotte/contract/gps';
import { api } from '../../api/client.ts';
import { useSession } from '../auth/SessionProvider.tsx';

/** How often the fleet map asks again while it is on screen (a hidden tab asks nothing). */
export const FLEET_REFRESH_MS = 30_000;

/** The vehicle GPS calls (issue 22 section 1): the park's provider link, the fleet, a vehicle's day. */
export const gpsApi = {
  connection: (signal?: AbortSignal) => api.get<TGpsConnection>('/gps/connection', undefined, signal),
  /** Tests the credentials server-side before saving; `secret` absent keeps the saved one. */
  saveConnection: (body: TGpsConnectionInput) => api.put<TGpsConnection>('/gps/connection', body),
  removeConnection: () => api.delete<unknown>('/gps/connection'),
  fleet: (signal?: AbortSignal) => api.get<TGpsFleet>('/gps/fleet', undefined, signal),
  position: (vehicleId: string, signal?: AbortSignal) => api.get<TGpsVehiclePosition>(`/gps/vehicles/${vehicleId}/position`, undefined, signal),
  day: (vehicleId: string, date: string, signal?: AbortSignal) => api.get<TGpsVehicleDay>(`/gps/vehicles/${vehicleId}/day`, { date }, signal),
  /** The spec's vehicle history call (the latest `limit` positions of a device). */
  messages: (deviceImei: string, limit?: number, signal?: AbortSignal) =>
    api.get<TGpsPosition[]>('/flespi/device/messages', { device_imei: deviceImei, limit }, signal),
};

/** Query keys of the GPS screens, per park (the cache empties at sign-out; a profile switch changes the park). */
export const gpsKeys = {
  all: ['gps'] as const,
  connection: (parkId: string | null) => [...gpsKeys.all, 'connection', parkId] as const,
  fleet: (parkId: string | null) => [...gpsKeys.all, 'fleet', parkId] as const,
  fleetList: (parkId: string | null) => [...gpsKeys.all, 'fleet-list', parkId] as const,
  position: (parkId: string | null, vehicleId: string) => [...gpsKeys.all, 'position', parkId, vehicleId] as const,
  day: (parkId: string | null, vehicleId: string, date: string) => [...gpsKeys.all, 'day', parkId, vehicleId, date] as const,
};

export function useGpsConnection(enabled = true) {
  const { parkId } = useSession();
  return useQuery({ queryKey: gpsKeys.connection(parkId), queryFn: ({ signal }) => gpsApi.connection(signal), enabled, staleTime: 60_000 });
}

/** The fleet's latest fixes, asked again every 30 s while the screen is visible. */
export function useGpsFleet() {
  const { parkId } = useSession();
  return useQuery({
    queryKey: gpsKeys.fleet(parkId),
    queryFn: ({ signal }) => gpsApi.fleet(signal),
    refetchInterval: FLEET_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 15_000,
  });
}

export function useGpsVehicleDay(vehicleId: string, date: string) {
  const { parkId } = useSession();
  return useQuery({
    queryKey: gpsKeys.day(parkId, vehicleId, date),
    queryFn: ({ signal }) => gpsApi.day(vehicleId, date, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useGpsVehiclePosition(vehicleId: string) {
  const { parkId } = useSession();
  return useQuery({
    queryKey: gpsKeys.position(parkId, vehicleId),
    queryFn: ({ signal }) => gpsApi.position(vehicleId, signal),
    refetchInterval: FLEET_REFRESH_MS,
    staleTime: 15_000,
  });
}

export function useSaveGpsConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: gpsApi.saveConnection, onSuccess: () => void queryClient.invalidateQueries({ queryKey: gpsKeys.all }) });
}

export function useRemoveGpsConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: gpsApi.removeConnection, onSuccess: () => void queryClient.invalidateQueries({ queryKey: gpsKeys.all }) });
}
