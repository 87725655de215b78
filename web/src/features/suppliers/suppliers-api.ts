import type { Page, TSupplier, TSupplierCategory, TSupplierDetail, TSupplierStatus } from '@flotte/contract';
import { api } from '../../api/client.ts';

export interface SupplierListQuery {
  park_id?: string;
  page: number;
  itemPerPage: number;
  search?: string;
  status?: TSupplierStatus;
  category?: string;
}

/** Suppliers (prestataires) and their categories (spec 002 section 7 'Suppliers'). */
export const suppliersApi = {
  list: (query: SupplierListQuery, signal?: AbortSignal) => api.get<Page<TSupplier>>('/supplier', { ...query }, signal),
  get: (id: string, signal?: AbortSignal) => api.get<TSupplierDetail>(`/supplier/${id}`, undefined, signal),
  /** Multipart: the logo travels as a file, categories as repeated fields, contacts as a JSON string. */
  create: (body: FormData) => api.post<TSupplier>('/supplier', body),
  update: (id: string, body: FormData) => api.put<TSupplier>(`/supplier/${id}`, body),
  deactivate: (id: string) => api.put<TSupplier>(`/supplier/deactivate/${id}`),
  activate: (id: string) => api.put<TSupplier>(`/supplier/activate/${id}`),
  categories: (signal?: AbortSignal) => api.get<TSupplierCategory[]>('/supplier/categories', undefined, signal),
  addCategory: (name: string) => api.post<TSupplierCategory>('/supplier/category', { name }),
  deleteCategory: (id: string) => api.delete<{ id: string }>(`/supplier/category/delete/${id}`),
};
