import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TYangoActivity, TYangoDebit, TYangoReconciliation } from '@flotte/contract/yango';
import { api, IDEMPOTENT } from '../../api/client.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { useRefreshAfterRecipes } from '../recipes/queries.ts';
import { yangoKeys } from './link-api.ts';
import type { WirePeriod } from './yango-activity.ts';

/**
 * Issue 21 sections 3 and 4: a linked driver's Yango activity (VIEW_DRIVERS), the dashboard's
 * reconciliation (READ_FINANCE), and collecting a recipe by debiting the driver's Yango balance
 * (ENCAISSER). Dates travel as yyyy-MM-ddTHH:mm:ss in the park's time.
 */
export const yangoActivityApi = {
  activity: (yangoId: string, period: WirePeriod, signal?: AbortSignal) =>
    api.get<TYangoActivity>(`/yango/yango-transaction/${encodeURIComponent(yangoId)}`, { ...period }, signal),
  reconciliation: (period: WirePeriod, signal?: AbortSignal) => api.get<TYangoReconciliation>('/yango/reconciliation', { ...period }, signal),
  /** A money call: one Idempotency-Key for every attempt, so a lost answer never debits twice. */
  debitRecipe: (body: { recipe_id: string; amount: number; comment?: string }) => api.post<TYangoDebit>('/yango/debit-recipe', body, IDEMPOTENT),
  /** Asks Yango again about a debit still pending. */
  debit: (id: string, signal?: AbortSignal) => api.get<TYangoDebit>(`/yango/debit/${encodeURIComponent(id)}`, undefined, signal),
  /** The recipe's debits, newest first. */
  recipeDebits: (recipeId: string, signal?: AbortSignal) =>
    api.get<TYangoDebit[] | { items: TYangoDebit[] }>(`/yango/recipe/${encodeURIComponent(recipeId)}/debits`, undefined, signal).then((d) => (Array.isArray(d) ? d : d.items)),
};

export const yangoActivityKeys = {
  activity: (parkId: string | null, yangoId: string, period: WirePeriod) => [...yangoKeys.all, 'activity', parkId, yangoId, period.start_date, period.end_date] as const,
  reconciliation: (parkId: string | null, period: WirePeriod) => [...yangoKeys.all, 'reconciliation', parkId, period.start_date, period.end_date] as const,
  recipeDebits: (recipeId: string) => [...yangoKeys.all, 'recipe-debits', recipeId] as const,
};

export function useYangoActivity(yangoId: string, period: WirePeriod) {
  const { parkId } = useSession();
  return useQuery({
    queryKey: yangoActivityKeys.activity(parkId, yangoId, period),
    queryFn: ({ signal }) => yangoActivityApi.activity(yangoId, period, signal),
    placeholderData: keepPreviousData,
  });
}

export function useYangoReconciliation(period: WirePeriod, enabled = true) {
  const { parkId } = useSession();
  return useQuery({
    queryKey: yangoActivityKeys.reconciliation(parkId, period),
    queryFn: ({ signal }) => yangoActivityApi.reconciliation(period, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRecipeYangoDebits(recipeId: string | null, enabled = true) {
  return useQuery({
    queryKey: yangoActivityKeys.recipeDebits(recipeId ?? ''),
    queryFn: ({ signal }) => yangoActivityApi.recipeDebits(recipeId!, signal),
    enabled: enabled && recipeId !== null,
  });
}

/** After a debit settles: the recipe lists, figures, dashboard (recipes' refresh) and the Yango screens. */
export function useRefreshAfterYangoDebit() {
  const queryClient = useQueryClient();
  const refreshRecipes = useRefreshAfterRecipes();
  return () => Promise.all([refreshRecipes(), queryClient.invalidateQueries({ queryKey: yangoKeys.all })]);
}
