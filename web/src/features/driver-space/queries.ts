import { useQuery } from '@tanstack/react-query';
import { driverApi, driverKeys } from './driver-api.ts';

/** His own record and his park (the header, the currency of every amount). */
export function useDriverMe() {
  return useQuery({ queryKey: driverKeys.me(), queryFn: ({ signal }) => driverApi.me(signal), staleTime: 5 * 60_000 });
}

export function useDriverToday() {
  return useQuery({ queryKey: driverKeys.today(), queryFn: ({ signal }) => driverApi.today(signal), staleTime: 60_000 });
}

export function useDriverPlanning(days: number) {
  return useQuery({ queryKey: driverKeys.planning(days), queryFn: ({ signal }) => driverApi.planning(days, signal), staleTime: 60_000 });
}

export function useDriverOwed(page = 1) {
  return useQuery({ queryKey: driverKeys.owed(page), queryFn: ({ signal }) => driverApi.owed(page, signal) });
}

export function useDriverPaid(page: number) {
  return useQuery({ queryKey: driverKeys.paid(page), queryFn: ({ signal }) => driverApi.paid(page, signal), placeholderData: (previous) => previous });
}

export function useDriverSalary() {
  return useQuery({ queryKey: driverKeys.salary(), queryFn: ({ signal }) => driverApi.salary(signal) });
}

/** Asked again every minute while the space is open: the header's count follows new ones. */
export function useDriverNotifications() {
  return useQuery({ queryKey: driverKeys.notifications(), queryFn: ({ signal }) => driverApi.notifications(signal), refetchInterval: 60_000 });
}

export function useDriverOperators(enabled: boolean) {
  return useQuery({ queryKey: driverKeys.operators(), queryFn: ({ signal }) => driverApi.operators(signal), enabled, staleTime: 10 * 60_000 });
}
