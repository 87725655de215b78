import { useQuery } from '@tanstack/react-query';
import { remindersApi } from './reminders-api.ts';

/**
 * Query keys of the reminders. A change also refreshes the vehicles (their list shows the
 * urgency), the fleet dashboard (its card counts the vehicles due) and the notifications.
 */
export const reminderKeys = {
  all: ['reminders'] as const,
  ofVehicle: (vehicleId: string) => [...reminderKeys.all, 'vehicle', vehicleId] as const,
  repairTypes: () => ['catalog', 'repair-type'] as const,
};

/** What else shows a vehicle's urgency and must follow a change. */
export const REMINDER_DEPENDENT_KEYS = [['vehicles'], ['fleet-dashboard']] as const;

export function useVehicleReminders(vehicleId: string) {
  return useQuery({ queryKey: reminderKeys.ofVehicle(vehicleId), queryFn: ({ signal }) => remindersApi.ofVehicle(vehicleId, signal) });
}

/** Seeded with the app, never changed by a park: fetched once per session. */
export function useRepairTypes(enabled = true) {
  return useQuery({ queryKey: reminderKeys.repairTypes(), queryFn: ({ signal }) => remindersApi.repairTypes(signal), enabled, staleTime: Infinity });
}
