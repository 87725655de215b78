import type { TTransactionValidation } from '@flotte/contract/payins';
import { api, IDEMPOTENT } from '../../api/client.ts';

/**
 * A mobile-money pay-in as the validation card follows it: its status (GET
 * /transaction/check-status/{id} answers a pay-in's validation data), 'J'ai validé' (the server
 * asks the operator now) and 'Annuler'. The two buttons may settle money: they carry an
 * Idempotency-Key.
 */
export const payinsApi = {
  status: (id: string, signal?: AbortSignal) => api.get<TTransactionValidation>(`/transaction/check-status/${id}`, undefined, signal),
  validated: (id: string) => api.post<TTransactionValidation>(`/payin/${id}/validated`, {}, IDEMPOTENT),
  cancel: (id: string) => api.post<TTransactionValidation>(`/payin/${id}/cancel`, {}, IDEMPOTENT),
};

export const payinKeys = {
  all: ['payins'] as const,
  status: (id: string) => [...payinKeys.all, 'status', id] as const,
};
