import type { TParkDetail, TParkReset, TParkUpdate, TResetOption } from '@flotte/contract';
import { api } from '../../api/client.ts';

/** Company data, reset and deletion calls (spec 002 section 7, API section C). */
export const companyApi = {
  park: (parkId: string, signal?: AbortSignal) => api.get<TParkDetail>(`/park/${parkId}`, undefined, signal),
  /** JSON, or multipart form data when a new logo file goes with it. */
  updatePark: (parkId: string, body: TParkUpdate | FormData) => api.put<TParkDetail>(`/park/${parkId}`, body),
  resetOptions: (signal?: AbortSignal) => api.get<TResetOption[]>('/park/reset-options', undefined, signal),
  reset: (parkId: string, body: TParkReset) => api.put<{ reset: string[] }>(`/park/reset/${parkId}`, body),
  deleteAccount: () => api.delete<{ deleted: true }>('/account'),
};
