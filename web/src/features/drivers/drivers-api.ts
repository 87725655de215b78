import type { Page, TDriver, TDriverStatus, TRefItem } from '@flotte/contract';
import { api } from '../../api/client.ts';

export type DriverStatus = TDriverStatus;
export type DriverRecord = TDriver;

/** The fields a picker needs. */
export type DriverSummary = Pick<TDriver, 'id' | 'first_name' | 'last_name' | 'phone' | 'image' | 'status'>;

export interface DriverListQuery {
  park_id: string;
  page: number;
  itemPerPage: number;
  search?: string;
  status?: DriverStatus;
  can_assign?: boolean;
  available_on_date?: string;
}

/** Drivers of the acting park (spec 000 sections 3 and 7 'Drivers'). */
export const driversApi = {
  list: <T = DriverRecord>(query: DriverListQuery, signal?: AbortSignal) => api.get<Page<T>>('/driver', { ...query }, signal),
  get: (id: string, signal?: AbortSignal) => api.get<DriverRecord>(`/driver/${id}`, undefined, signal),
  /** Multipart: the photo travels as a file, licences and days off as JSON strings. */
  create: (body: FormData) => api.post<DriverRecord>('/driver', body),
  update: (id: string, body: FormData) => api.put<DriverRecord>(`/driver/update/${id}`, body),
  suspend: (driverId: string, reason?: string) => api.post<DriverRecord>('/driver/suspended', { driver_id: driverId, reason }),
  removeSuspension: (id: string) => api.get<DriverRecord>(`/driver/remove-suspension/${id}`),
  deactivate: (id: string) => api.get<DriverRecord>(`/driver/deactivate/${id}`),
  activate: (id: string) => api.get<DriverRecord>(`/driver/activate/${id}`),
  enableWithdraw: (driverId: string, parkId: string, status: boolean) =>
    api.put<DriverRecord>('/driver/enable-withdraw', { status, driver_id: driverId, park_id: parkId }),

  grades: (signal?: AbortSignal) => api.get<TRefItem[]>('/grade', undefined, signal),
  driverTypes: (signal?: AbortSignal) => api.get<TRefItem[]>('/driver-type', undefined, signal),
};
