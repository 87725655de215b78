import { useQuery } from '@tanstack/react-query';
import { suppliersApi } from './suppliers-api.ts';

/**
 * Query keys of the suppliers screens: any supplier change refreshes `all` (lists, pickers,
 * detail, categories with their counts).
 */
export const supplierKeys = {
  all: ['suppliers'] as const,
  list: () => [...supplierKeys.all, 'list'] as const,
  picker: (category: string | null) => [...supplierKeys.all, 'picker', category] as const,
  detail: (id: string) => [...supplierKeys.all, 'detail', id] as const,
  categories: () => [...supplierKeys.all, 'categories'] as const,
};

/** The pickers offer up to this many active suppliers (a park works with tens, not thousands). */
export const PICKER_LIMIT = 1000;

/** The park's active suppliers, optionally of one category, for the pickers of other screens. */
export function useActiveSuppliers(category: string | null = null, enabled = true) {
  return useQuery({
    queryKey: supplierKeys.picker(category),
    queryFn: ({ signal }) => suppliersApi.list({ page: 1, itemPerPage: PICKER_LIMIT, status: 'enable', ...(category ? { category } : {}) }, signal),
    enabled,
  });
}

export function useSupplierCategories(enabled = true) {
  return useQuery({ queryKey: supplierKeys.categories(), queryFn: ({ signal }) => suppliersApi.categories(signal), enabled });
}

export function useSupplier(id: string | null) {
  return useQuery({ queryKey: supplierKeys.detail(id ?? ''), queryFn: ({ signal }) => suppliersApi.get(id!, signal), enabled: id !== null });
}
