import type { TRefItem } from '@flotte/contract';
import type {
  TMaintenance,
  TMaintenanceCreate,
  TMaintenanceCreated,
  TMaintenanceLostDays,
  TMaintenancePage,
  TMaintenanceStatusFilter,
  TMaintenanceUpdate,
  TRepairType,
} from '@flotte/contract/maintenance';
import { api, IDEMPOTENT } from '../../api/client.ts';

export interface MaintenanceListQuery {
  page: number;
  itemPerPage: number;
  search?: string;
  vehicle_id?: string;
  supplier_id?: string;
  status?: TMaintenanceStatusFilter;
  /** yyyy-MM-dd, whole days. */
  start_date?: string;
  end_date?: string;
}

/** What the upload routes answer: the stored path goes into the maintenance. */
export interface StoredFile {
  id: string;
  path: string;
  name: string | null;
  size: number;
}

function upload(url: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<StoredFile>(url, form);
}

/**
 * Maintenance (spec 002 section 7 'Maintenance'). Finishing moves money and scheduling takes the
 * vehicle off the planning: both carry an Idempotency-Key, so a lost answer is retried safely.
 */
export const maintenanceApi = {
  list: (query: MaintenanceListQuery, signal?: AbortSignal) => api.get<TMaintenancePage>('/entretien', { ...query }, signal),
  get: (id: string, signal?: AbortSignal) => api.get<TMaintenance>(`/entretien/${id}`, undefined, signal),
  create: (body: TMaintenanceCreate) => api.post<TMaintenanceCreated>('/entretien', body, IDEMPOTENT),
  update: (id: string, body: TMaintenanceUpdate) => api.put<TMaintenance>(`/entretien/${id}`, body, IDEMPOTENT),
  /** Who would lose which planned days if the vehicle went to the garage then. */
  planningImpact: (q: { vehicle_id: string; duration_choice: number; start_date: string; end_date: string }, signal?: AbortSignal) =>
    api.get<TMaintenanceLostDays[]>('/entretien/planning-impact', q, signal),
  repairTypes: (signal?: AbortSignal) => api.get<TRepairType[]>('/repair-type', undefined, signal),
  components: (signal?: AbortSignal) => api.get<TRefItem[]>('/car-component', undefined, signal),
  addComponent: (name: string) => api.post<TRefItem>('/car-component', { name }),
  /** A picture of the job (jpg, png, svg): POST /file/upload answers its path. */
  uploadImage: (file: File) => upload('/file/upload', file),
  /** The invoice, any type: POST /file/upload/file. */
  uploadInvoice: (file: File) => upload('/file/upload/file', file),
};
