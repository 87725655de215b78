import type { Page } from '@flotte/contract';
import type {
  TCreditAccountInput,
  TParkAmount,
  TParkTransaction,
  TWithdrawInput,
  TWithdrawMeans,
  TWithdrawMeansInput,
  TWithdrawMode,
} from '@flotte/contract/withdrawals';
import { api, IDEMPOTENT } from '../../api/client.ts';

/**
 * The park balance and withdrawals (spec 001 section 7 'Withdrawals'). Money calls carry an
 * Idempotency-Key, so an answer lost on a slow network is retried without paying twice.
 */
export const withdrawalsApi = {
  amount: (parkId: string, signal?: AbortSignal) => api.get<TParkAmount>(`/park/amount/${parkId}`, undefined, signal),
  transactions: (parkId: string, page: number, itemPerPage: number, signal?: AbortSignal) =>
    api.get<Page<TParkTransaction>>('/park/transactions', { park_id: parkId, page, itemPerPage, exclude_type: 'credit_sold' }, signal),
  checkStatus: (id: string) => api.get<TParkTransaction>(`/transaction/check-status/${id}`),

  modes: (countryIso: string, signal?: AbortSignal) => api.get<TWithdrawMode[]>('/vtc-withdraw', { country_iso_code: countryIso }, signal),
  means: (parkId: string, signal?: AbortSignal) => api.get<TWithdrawMeans[]>('/mean-withdraw-on-park', { park_id: parkId }, signal),
  addMeans: (body: TWithdrawMeansInput) => api.post<TWithdrawMeans>('/mean-withdraw-on-park', body),
  updateMeans: (id: string, body: TWithdrawMeansInput) => api.put<TWithdrawMeans>(`/mean-withdraw-on-park/${id}`, body),
  removeMeans: (id: string, parkId: string) => api.delete<{ id: string }>(`/mean-withdraw-on-park/${id}`, { park_id: parkId }),

  withdraw: (body: TWithdrawInput) => api.post<TParkTransaction>('/transaction/withdraw', body, IDEMPOTENT),
  creditAccount: (body: TCreditAccountInput) => api.post<TParkTransaction>('/transaction/credit-account', body, IDEMPOTENT),
};
