import type { Page } from '@flotte/contract';
import type { TTransactionValidation } from '@flotte/contract/payins';
import type {
  TAccountType,
  TCheckInvoiceAnswer,
  TInvoice,
  TInvoiceAnswer,
  TInvoiceStatus,
  TMigrationQuote,
  TPayInvoiceAnswer,
  TPlan,
  TPlanPeriod,
  TPlanSelection,
  TSubscriptionCountry,
  TSubscriptionInfo,
} from '@flotte/contract/subscriptions';
import type { TOperator } from '@flotte/contract/withdrawals';
import { api, IDEMPOTENT } from '../../api/client.ts';

export interface PlansFilter {
  country_code: TSubscriptionCountry;
  account_type: TAccountType;
  period: TPlanPeriod;
}

/**
 * The subscription calls (issue 23). Every buying route answers an invoice to pay ({invoice,
 * applied}); the POSTs may move money once paid, so they carry an Idempotency-Key. migrate-to-pro
 * is a GET that creates an invoice (the spec's), answered again when repeated the same day.
 */
export const subscriptionApi = {
  info: (signal?: AbortSignal) => api.get<TSubscriptionInfo>('/subscription/active-subscription-info', undefined, signal),
  plans: (filter: PlansFilter, signal?: AbortSignal) => api.get<TPlan[]>('/subscription/by-country', { ...filter }, signal),
  select: (planId: string, vehicleNumber: number | undefined, signal?: AbortSignal) =>
    api.get<TPlanSelection>('/subscription/select-subscription', { subscription_id: planId, vehicle_number: vehicleNumber }, signal),
  subscribe: (body: { subscription_id: string; vehicle_number: number; vtc_app_type: TAccountType }) =>
    api.post<TInvoiceAnswer>('/subscription/subscribe', body, IDEMPOTENT),
  change: (body: { subscription_id: string; vehicle_number: number }) => api.post<TInvoiceAnswer>('/subscription/change-subscription', body, IDEMPOTENT),
  upgrade: (vehicleNumber: number) => api.post<TInvoiceAnswer>('/subscription/upgrade-vehicle', { vehicle_number: vehicleNumber }, IDEMPOTENT),
  extend: (body: { periods: number; vehicle_number?: number }) => api.post<TInvoiceAnswer>('/subscription/extend', body, IDEMPOTENT),
  migrationQuote: (subscriptionId: string, signal?: AbortSignal) =>
    api.get<TMigrationQuote>('/subscription/calculate-amount-migration', { subscription_id: subscriptionId }, signal),
  migrate: (subscriptionId: string) => api.get<TInvoiceAnswer>('/subscription/migrate-to-pro', { subscription_id: subscriptionId }),
  pay: (body: { invoice_id: string; operator_id: number; phone: string }) => api.post<TPayInvoiceAnswer>('/subscription/paid-invoice-subscription', body, IDEMPOTENT),
  checkInvoice: (invoiceId: string) => api.get<TCheckInvoiceAnswer>('/subscription/check-invoice', { invoice_id: invoiceId }),
  invoices: (query: { page: number; itemPerPage: number; status?: TInvoiceStatus }, signal?: AbortSignal) =>
    api.get<Page<TInvoice>>('/subscription/invoices/history', query, signal),
  /** The invoice's PDF (the API client adds the session, which a bare link could not carry). */
  invoicePdf: (invoiceId: string) => api.blob(`/subscription/invoice-subscription?invoice_id=${encodeURIComponent(invoiceId)}`),
  operators: (signal?: AbortSignal) => api.get<TOperator[]>('/operator', undefined, signal),
};

/** The validation card's buttons for a subscription pay-in (the recipes' /payin/:id/* refuse it). */
export const subscriptionPayinEndpoints = {
  validated: (id: string) => api.post<TTransactionValidation>(`/subscription/payin/${id}/validated`, {}, IDEMPOTENT),
  cancel: (id: string) => api.post<TTransactionValidation>(`/subscription/payin/${id}/cancel`, {}, IDEMPOTENT),
};

/** Query keys of the subscription screens, per park (a profile switch changes the park). */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  park: (parkId: string | null) => [...subscriptionKeys.all, parkId] as const,
  info: (parkId: string | null) => [...subscriptionKeys.park(parkId), 'info'] as const,
  plans: (parkId: string | null, filter: PlansFilter) => [...subscriptionKeys.park(parkId), 'plans', filter] as const,
  selection: (parkId: string | null, planId: string, vehicleNumber: number) => [...subscriptionKeys.park(parkId), 'selection', planId, vehicleNumber] as const,
  migration: (parkId: string | null, subscriptionId: string) => [...subscriptionKeys.park(parkId), 'migration', subscriptionId] as const,
  invoices: (parkId: string | null) => [...subscriptionKeys.park(parkId), 'invoices'] as const,
  /** Shared with the recipes' payment form (the same GET /operator, reference data). */
  operators: () => ['catalog', 'operator'] as const,
};
