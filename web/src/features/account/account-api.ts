import type { TChangePassword } from '@flotte/contract';
import { api } from '../../api/client.ts';

/** The signed-in person's own account (spec 002 section 7). */
export const accountApi = {
  changePassword: (body: TChangePassword) => api.post<{ changed: true }>('/admin-reset-password', body),
};
