import type { TClient, TClientInput, TClientPage } from '@flotte/contract/clients';
import type { TCoursePage } from '@flotte/contract/courses';
import { api } from '../../api/client.ts';

export interface ClientListQuery {
  page: number;
  itemPerPage: number;
  search?: string;
}

/** The park's business clients (issue 20 section 1). POST and PUT send the whole record. */
export const clientsApi = {
  list: (query: ClientListQuery, signal?: AbortSignal) => api.get<TClientPage>('/client', { ...query }, signal),
  get: (id: string, signal?: AbortSignal) => api.get<TClient>(`/client/${id}`, undefined, signal),
  create: (body: TClientInput) => api.post<TClient>('/client', body),
  update: (id: string, body: TClientInput) => api.put<TClient>(`/client/${id}`, body),
  /** The client's rides, latest first. */
  courses: (id: string, query: { page: number; itemPerPage: number }, signal?: AbortSignal) => api.get<TCoursePage>(`/client/${id}/course`, { ...query }, signal),
};
