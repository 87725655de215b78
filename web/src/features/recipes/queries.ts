import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { RECIPE_PAGE_SIZE } from '@flotte/contract/recipes';
import { invalidatedByOperations } from '../operations/queries.ts';
import { nextUnpaidPage } from './recipe-grouping.ts';
import { recipesApi } from './recipes-api.ts';

/**
 * Query keys of the recipe screens. A collection, a debt or a change of objective moves what the
 * receipts page, the driver's figures (sold, debts), the operations, caisses, accounting and the
 * dashboard show: `invalidatedByRecipes` lists every prefix to refresh.
 */
export const recipeKeys = {
  all: ['recipes'] as const,
  expectedToday: (driverId: string | undefined) => [...recipeKeys.all, 'expected-today', driverId ?? null] as const,
  unpaid: (filter: UnpaidFilter) => [...recipeKeys.all, 'unpaid', filter] as const,
  unpaidTotal: (driverId: string | undefined) => [...recipeKeys.all, 'unpaid-total', driverId ?? null] as const,
  history: () => [...recipeKeys.all, 'history'] as const,
  deleted: () => [...recipeKeys.all, 'deleted'] as const,
  driver: (driverId: string) => [...recipeKeys.all, 'driver', driverId] as const,
  operators: () => ['catalog', 'operator'] as const,
};

// 'fleet-dashboard' is the fleet dashboard's prefix (fleet-dashboard/queries.ts), 'salary' the
// driver salary tab's (a debt's salary share); named here to keep that screen's chunk out of this one.
export const invalidatedByRecipes = [recipeKeys.all, ...invalidatedByOperations, ['fleet-dashboard'], ['dashboard'], ['drivers'], ['withdrawals'], ['salary']] as const;

/** Refreshes every list and figure a recipe change touches. */
export function useRefreshAfterRecipes() {
  const queryClient = useQueryClient();
  return () => Promise.all(invalidatedByRecipes.map((key) => queryClient.invalidateQueries({ queryKey: key })));
}

export interface UnpaidFilter {
  driver_id?: string;
  /** yyyy-MM-dd. */
  start_date?: string;
  end_date?: string;
}

export function useExpectedToday(driverId: string | undefined, enabled = true) {
  return useQuery({ queryKey: recipeKeys.expectedToday(driverId), queryFn: ({ signal }) => recipesApi.expectedToday(driverId, signal), enabled });
}

/** The header card's uncollected total: the first page carries the total of the whole list. */
export function useUnpaidTotal(driverId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: recipeKeys.unpaidTotal(driverId),
    queryFn: ({ signal }) => recipesApi.unpaid({ driver_id: driverId, page: 1, itemPerPage: 1 }, signal),
    select: (page) => page.total_remaining,
    enabled,
  });
}

/** Unpaid recipes by pages of 20, the next asked while a full page returns (spec 001 section 9). */
export function useUnpaidRecipes(filter: UnpaidFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: recipeKeys.unpaid(filter),
    queryFn: ({ pageParam, signal }) => recipesApi.unpaid({ ...filter, page: pageParam, itemPerPage: RECIPE_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextUnpaidPage,
    enabled,
  });
}

/** Mobile-money operators of the park's country (reference data). */
export function useOperators(enabled = true) {
  return useQuery({ queryKey: recipeKeys.operators(), queryFn: ({ signal }) => recipesApi.operators(signal), enabled, staleTime: 10 * 60_000 });
}
