import type { TYangoAccount, TYangoCodeSent, TYangoConnection, TYangoConnectInput, TYangoConnectionInput, TYangoImportInput, TYangoProfileLink } from '@flotte/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, IDEMPOTENT } from '../../api/client.ts';
import { driverKeys } from '../drivers/queries.ts';

/** The Yango link calls (issue 21 sections 1 and 2; spec 000 section 7 'Partner-platform link'). */
export const yangoLinkApi = {
  connection: (signal?: AbortSignal) => api.get<TYangoConnection>('/yango/connection', undefined, signal),
  /** Tests the credentials server-side before saving; `api_key` absent keeps the saved key. */
  saveConnection: (body: TYangoConnectionInput) => api.put<TYangoConnection>('/yango/connection', body),
  removeConnection: () => api.delete<unknown>('/yango/connection'),
  search: (phone: string) => api.post<{ items: TYangoAccount[] }>('/yango/verify-yango-account', { phone }),
  /** Sends our one-time code to the phone Yango holds for the profile. */
  sendCode: (body: { phone: string; yango_id: string }) => api.post<TYangoCodeSent>('/yango/link-yango-account', { ...body, canal_type: 'sms' }),
  /** Creates the driver from the Yango profile (idempotent: a lost answer never imports twice). */
  importDriver: (body: TYangoImportInput) => api.post<{ driver_id: string; yango_profile: TYangoProfileLink }>('/yango/verify-otp-yango-account', body, IDEMPOTENT),
  connectDriver: (body: TYangoConnectInput) => api.post<{ driver_id: string; yango_profile: TYangoProfileLink }>('/yango/connect-yango-profile', body, IDEMPOTENT),
  updateDriverLink: (driverId: string, body: { collect_time: string; use_yango_recipe: boolean }) =>
    api.put<TYangoProfileLink>(`/yango/driver/${driverId}`, body),
  disconnectDriver: (driverId: string) => api.delete<unknown>(`/yango/driver/${driverId}`),
};

/** Query keys of the Yango screens; the connection is per park (the cache empties at sign-out). */
export const yangoKeys = {
  all: ['yango'] as const,
  connection: (parkId: string | null) => [...yangoKeys.all, 'connection', parkId] as const,
};

/** After a link changes: the drivers (list, detail with its yango_profile) and the connection's count. */
function useRefreshAfterLink() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: driverKeys.all });
    void queryClient.invalidateQueries({ queryKey: yangoKeys.all });
  };
}

export function useSaveYangoConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: yangoLinkApi.saveConnection,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: yangoKeys.all }),
  });
}

export function useRemoveYangoConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: yangoLinkApi.removeConnection,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: yangoKeys.all }),
  });
}

export function useYangoSearch() {
  return useMutation({ mutationFn: yangoLinkApi.search });
}

export function useSendYangoCode() {
  return useMutation({ mutationFn: yangoLinkApi.sendCode });
}

export function useImportYangoDriver() {
  const refresh = useRefreshAfterLink();
  // The code step shows a wrong or expired code under its field, not in a toast.
  return useMutation({ mutationFn: yangoLinkApi.importDriver, onSuccess: refresh, meta: { errorToast: false } });
}

export function useConnectYangoDriver() {
  const refresh = useRefreshAfterLink();
  return useMutation({ mutationFn: yangoLinkApi.connectDriver, onSuccess: refresh });
}

export function useUpdateYangoDriverLink(driverId: string) {
  const refresh = useRefreshAfterLink();
  return useMutation({ mutationFn: (body: { collect_time: string; use_yango_recipe: boolean }) => yangoLinkApi.updateDriverLink(driverId, body), onSuccess: refresh });
}

export function useDisconnectYangoDriver(driverId: string) {
  const refresh = useRefreshAfterLink();
  return useMutation({ mutationFn: () => yangoLinkApi.disconnectDriver(driverId), onSuccess: refresh });
}
