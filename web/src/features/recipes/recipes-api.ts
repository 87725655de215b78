import type { TOperator } from '@flotte/contract/withdrawals';
import type {
  TChangeRecipeDriverInput,
  TDebtInput,
  TDeletedRecipesPage,
  TExceptionalPaymentInput,
  TExpectedToday,
  TManageRecipeInput,
  TPayExpectedInput,
  TPayRecipesInput,
  TRecipe,
  TRecipeHistoryPage,
  TRecipeStatus,
  TUnpaidHistory,
} from '@flotte/contract/recipes';
import { api, IDEMPOTENT } from '../../api/client.ts';
import type { PaymentRoute } from './recipe-payment.ts';

/** What a payment answers: the recipes as they are now (cash, sold), or the validation card's data (mobile money). */
export type PaymentAnswer = { recipe?: TRecipe; recipes?: TRecipe[]; validation?: unknown };

/** GET /transaction/unpaid/recipes/history: dates yyyy-MM-dd, whole days. */
export interface UnpaidQuery {
  page: number;
  itemPerPage: number;
  driver_id?: string;
  start_date?: string;
  end_date?: string;
}

/** GET /park/history-recipe. */
export interface HistoryQuery extends UnpaidQuery {
  vehicle_id?: string;
  status?: TRecipeStatus;
}

const PAYMENT_PATHS: Record<PaymentRoute, string> = {
  expected: '/transaction/paid-recipe-expected-today',
  'resolve-debt': '/transaction/resolve-debt',
  'accept-cash-payment': '/transaction/accept-cash-payment',
};

/**
 * Recipes (spec 001 section 7 'Recipes'). Every call that moves money or changes what a driver
 * owes carries an Idempotency-Key, so an answer lost on a slow network is retried without
 * collecting twice.
 */
export const recipesApi = {
  expectedToday: (driverId: string | undefined, signal?: AbortSignal) => api.get<TExpectedToday>('/transaction/recipes/expected-today', { driver_id: driverId }, signal),
  unpaid: (query: UnpaidQuery, signal?: AbortSignal) => api.get<TUnpaidHistory>('/transaction/unpaid/recipes/history', { ...query }, signal),
  history: (query: HistoryQuery, signal?: AbortSignal) => api.get<TRecipeHistoryPage>('/park/history-recipe', { ...query }, signal),
  deleted: (query: { page: number; itemPerPage: number; driver_id?: string }, signal?: AbortSignal) => api.get<TDeletedRecipesPage>('/park/deleted-recipes', { ...query }, signal),
  operators: (signal?: AbortSignal) => api.get<TOperator[]>('/operator', undefined, signal),

  pay: (route: PaymentRoute, body: TPayExpectedInput | TPayRecipesInput) => api.post<PaymentAnswer>(PAYMENT_PATHS[route], body, IDEMPOTENT),
  exceptional: (body: TExceptionalPaymentInput) => api.post<PaymentAnswer>('/transaction/exceptional-payment', body, IDEMPOTENT),
  indebt: (body: TDebtInput) => api.post<TRecipe>('/park/create-driver-account-history', body, IDEMPOTENT),
  manage: (body: TManageRecipeInput) => api.put<TRecipe>('/park/manage-recipe', body, IDEMPOTENT),
  changeDriver: (body: TChangeRecipeDriverInput) => api.post<TRecipe>('/driver/change-driver-on-recipe', body, IDEMPOTENT),
  remove: (id: string, comment: string) => api.delete<TRecipe>(`/park/delete-recipe/${id}`, undefined, { body: { comment }, ...IDEMPOTENT }),
};
