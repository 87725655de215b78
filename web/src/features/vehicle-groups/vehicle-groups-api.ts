import type { Page, TAdmin } from '@flotte/contract';
import type { TVehicleGroup, TVehicleGroupInputParsed } from '@flotte/contract/vehicle-groups';
import type { TVehicleListItem } from '@flotte/contract/vehicles';
import { api } from '../../api/client.ts';

/** What the group screens use of a GET /vehicle item. */
export type GroupableVehicle = Pick<TVehicleListItem, 'id' | 'label' | 'registration_number' | 'brand' | 'model' | 'group'>;

/** A park has tens of vehicles and administrators, rarely hundreds: one page of 1000 holds them all. */
const ALL = { page: 1, itemPerPage: 1000 };

/** Vehicle groups (spec 000 section 7 'Vehicle groups'); writes need MANAGE_VEHICLE_GROUPS. */
export const vehicleGroupsApi = {
  list: (parkId: string, signal?: AbortSignal) => api.get<TVehicleGroup[]>('/vehicle-group', { park_id: parkId }, signal),
  add: (body: TVehicleGroupInputParsed & { park_id: string }) => api.post<TVehicleGroup>('/vehicle-group/add', body),
  update: (id: string, body: TVehicleGroupInputParsed) => api.put<TVehicleGroup>(`/vehicle-group/update/${id}`, body),
  remove: (id: string) => api.delete<unknown>(`/vehicle-group/delete/${id}`),
  addVehicles: (id: string, vehiclesIds: string[]) => api.put<TVehicleGroup>(`/vehicle-group/add-vehicles/${id}`, { vehicles_ids: vehiclesIds }),
  removeVehicles: (vehiclesIds: string[]) => api.put<{ vehicles_ids: string[] }>('/vehicle-group/remove-vehicles', { vehicles_ids: vehiclesIds }),

  vehicles: (parkId: string, signal?: AbortSignal) => api.get<Page<GroupableVehicle>>('/vehicle', { park_id: parkId, ...ALL }, signal),
  /** Needs MANAGE_ACCESS (the server's rule for the administrators list). */
  admins: (parkId: string, signal?: AbortSignal) => api.get<Page<TAdmin>>('/admin', { park_id: parkId, ...ALL }, signal),
};
