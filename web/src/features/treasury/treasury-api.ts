import type { Page, TAdmin } from '@flotte/contract';
import type { TBankOperationInput, TCaisse, TCaisseInput, TCaisseMovement, TCaisseTransferInput } from '@flotte/contract/caisses';
import { api, IDEMPOTENT } from '../../api/client.ts';

/** What the caisse form shows of a withdrawal mode (GET /vtc-withdraw). */
export interface WithdrawModeOption {
  id: number;
  title: string;
  image: string | null;
}

/** A park has a handful of administrators: one page of 1000 holds them all. */
const ALL = { page: 1, itemPerPage: 1000 };

/**
 * Caisses (spec 001 section 7 'Caisses'), the transfer between caisses and the bank operation
 * (paths not in the spec: POST /caisse/transfer and POST /transaction/bank-operation). Money calls
 * carry an Idempotency-Key, so a lost answer is retried without moving the money twice.
 */
export const treasuryApi = {
  caisses: (parkId: string, signal?: AbortSignal) => api.get<TCaisse[]>('/caisse', { park_id: parkId }, signal),
  /** The caisses the person may use (filter_by_profile): what every caisse picker offers. */
  usableCaisses: (parkId: string, signal?: AbortSignal) => api.get<TCaisse[]>('/caisse', { filter_by_profile: true, park_id: parkId }, signal),
  add: (body: TCaisseInput) => api.post<TCaisse>('/caisse', body, IDEMPOTENT),
  update: (id: string, body: TCaisseInput) => api.put<TCaisse>(`/caisse/update/${id}`, body),
  remove: (id: string) => api.delete<{ id: string }>(`/caisse/delete/${id}`),
  transfer: (body: TCaisseTransferInput) => api.post<TCaisseMovement>('/caisse/transfer', body, IDEMPOTENT),
  bankOperation: (body: TBankOperationInput) => api.post<TCaisseMovement>('/transaction/bank-operation', body, IDEMPOTENT),

  /** The park's administrators (MANAGE_CAISSE may list them, to choose a caisse's). */
  admins: (parkId: string, signal?: AbortSignal) => api.get<Page<TAdmin>>('/admin', { park_id: parkId, ...ALL }, signal),
  /** The operators offered in the park's country. */
  withdrawModes: (countryIso: string, signal?: AbortSignal) => api.get<WithdrawModeOption[]>('/vtc-withdraw', { country_iso_code: countryIso }, signal),
};
