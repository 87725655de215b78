import { useQuery } from '@tanstack/react-query';
import { useSession } from '../auth/SessionProvider.tsx';
import { yangoKeys, yangoLinkApi } from './link-api.ts';

/**
 * The acting park's Yango connection (GET /api/yango/connection, VIEW_DRIVERS): whether it is
 * connected, its Yango park, key hint, last check and linked drivers. `enabled: false` for a
 * screen that may not read it.
 */
export function useYangoConnection(enabled = true) {
  const { parkId } = useSession();
  return useQuery({
    queryKey: yangoKeys.connection(parkId),
    queryFn: ({ signal }) => yangoLinkApi.connection(signal),
    enabled,
    staleTime: 60_000,
  });
}
