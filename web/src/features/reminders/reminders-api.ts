import type { TRepairType } from '@flotte/contract/maintenance';
import type { TReminder, TReminderInput, TVehicleReminders } from '@flotte/contract/reminders';
import { api } from '../../api/client.ts';

/** A vehicle's service reminders (issue 18 section 2); changes need MANAGE_MAINTENANCE. */
export const remindersApi = {
  ofVehicle: (vehicleId: string, signal?: AbortSignal) => api.get<TVehicleReminders>(`/vehicle/${vehicleId}/reminders`, undefined, signal),
  add: (vehicleId: string, body: TReminderInput) => api.post<TReminder>(`/vehicle/${vehicleId}/reminders`, body),
  update: (id: string, body: TReminderInput) => api.put<TReminder>(`/reminders/${id}`, body),
  remove: (id: string) => api.delete<unknown>(`/reminders/${id}`),
  /** The shared kinds of maintenance (Vidange, Réparation ...). */
  repairTypes: (signal?: AbortSignal) => api.get<TRepairType[]>('/repair-type', undefined, signal),
};
