import type { TRefItem } from '@flotte/contract';
import type { TCaisse } from '@flotte/contract/caisses';
import type { TDayAssignment, TFundMovementInput, TOperation, TOperationPage, TOperationStatus, TOperationTypeFilter } from '@flotte/contract/operations';
import type { TPnlAccount, TPnlType } from '@flotte/contract/pnl';
import { api, IDEMPOTENT } from '../../api/client.ts';

export interface OperationListQuery {
  page: number;
  itemPerPage: number;
  search?: string;
  driver_id?: string;
  vehicle_id?: string;
  sub_account_id?: string;
  type?: TOperationTypeFilter;
  status?: TOperationStatus;
  /** yyyy-MM-dd, whole days. */
  start_date?: string;
  end_date?: string;
}

/** What POST /file/upload/file answers: the stored path goes into file_link. */
export interface StoredProof {
  id: string;
  path: string;
  name: string | null;
  size: number;
}

/**
 * Operations (spec 001 section 7 'Fund movements and accounting'). Creating, confirming and
 * cancelling move money: they carry an Idempotency-Key, so a lost answer is retried safely.
 */
export const operationsApi = {
  list: (query: OperationListQuery, signal?: AbortSignal) => api.get<TOperationPage>('/accounting/pnl/operation', { ...query }, signal),
  get: (id: string, signal?: AbortSignal) => api.get<TOperation>(`/accounting/pnl/operation/${id}`, undefined, signal),
  create: (body: TFundMovementInput) => api.post<TOperation>('/pnl-account/fund-movement', body, IDEMPOTENT),
  confirm: (id: string) => api.post<TOperation>('/pnl-account/validate-expense', { fund_movement_id: id }, IDEMPOTENT),
  cancel: (id: string, comment: string) => api.delete<TOperation>(`/accounting/pnl/operation/${id}`, undefined, { body: { comment }, ...IDEMPOTENT }),

  /** Who drove what that day (driver_id or vehicle_id, date yyyy-MM-dd or a wire date). */
  dayAssignment: (q: { driver_id?: string; vehicle_id?: string; date: string }, signal?: AbortSignal) =>
    api.get<TDayAssignment>('/accounting/driver-vehicle', q, signal),

  subAccounts: (type: TPnlType, signal?: AbortSignal) => api.get<TPnlAccount[]>('/pnl-sub-account', { type }, signal),
  allSubAccounts: (signal?: AbortSignal) => api.get<TPnlAccount[]>('/pnl-sub-account', undefined, signal),
  /** The caisses the person administers (the default cash account only with ACCESS_CAISSE_CASH). */
  caisses: (parkId: string, signal?: AbortSignal) => api.get<TCaisse[]>('/caisse', { filter_by_profile: true, park_id: parkId }, signal),
  fuelTypes: (signal?: AbortSignal) => api.get<TRefItem[]>('/carburant', undefined, signal),
  components: (signal?: AbortSignal) => api.get<TRefItem[]>('/car-component', undefined, signal),
  addComponent: (name: string) => api.post<TRefItem>('/car-component', { name }),
  uploadProof: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<StoredProof>('/file/upload/file', form);
  },
};
