import type { TAccountingDiagram, TAccountingPnl, TAccountingState, TAccountingTotals } from '@flotte/contract/accounting';
import { api } from '../../api/client.ts';

/** Accounting reports (spec 001 section 7 'Accounting and dashboard'); all need READ_FINANCE. */
export const accountingApi = {
  state: (
    q: { park_id: string; start_date: string; end_date: string; start_date_last_month: string; end_date_last_month: string; groupe_id?: string },
    signal?: AbortSignal,
  ) => api.get<TAccountingState>('/accounting/state', q, signal),
  pnl: (q: { park_id: string; year: number }, signal?: AbortSignal) => api.get<TAccountingPnl>('/accounting/pnl', q, signal),
  diagram: (q: { park_id: string; start_date: string; end_date: string; groupe_id?: string }, signal?: AbortSignal) =>
    api.get<TAccountingDiagram>('/accounting/diagramme-pnl', q, signal),
  totals: (parkId: string, signal?: AbortSignal) => api.get<TAccountingTotals>('/accounting/total-data', { park_id: parkId }, signal),
};
