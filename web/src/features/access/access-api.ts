import type { Page, TAdmin, TPermissionCatalog, TProfilePermissions, TRole, TRoleInput } from '@flotte/contract';
import { api } from '../../api/client.ts';

export interface AdminListQuery {
  park_id: string;
  page: number;
  itemPerPage: number;
  search?: string;
}

/** Roles, permissions and administrators (spec 002 section 7, API sections A and B). */
export const accessApi = {
  permissionCatalog: (signal?: AbortSignal) => api.get<TPermissionCatalog>('/permissions/list', undefined, signal),
  roles: (signal?: AbortSignal) => api.get<TRole[]>('/role-name', undefined, signal),
  addRole: (body: TRoleInput) => api.post<TRole>('/role-name/add', body),
  updateRole: (id: string, body: TRoleInput) => api.put<TRole>(`/role-name/update/${id}`, body),
  deleteRole: (id: string) => api.delete<{ id: string }>(`/role-name/delete/${id}`),
  profilePermissions: (profileId: string, signal?: AbortSignal) =>
    api.get<TProfilePermissions>(`/permissions/profile/permissions/${profileId}`, undefined, signal),

  admins: (query: AdminListQuery, signal?: AbortSignal) => api.get<Page<TAdmin>>('/admin', { ...query }, signal),
  /** Multipart form data (the photo travels as a file). */
  addAdmin: (body: FormData) => api.post<TAdmin>('/admin/add', body),
  updateAdmin: (id: string, body: FormData) => api.put<TAdmin>(`/admin/${id}`, body),
  removeAdmin: (parkId: string, profileId: string) =>
    api.delete<{ profile_id: string }>('/park/remove-profile', { park_id: parkId, profile_id: profileId }),
};
