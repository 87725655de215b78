import { useQuery } from '@tanstack/react-query';
import { authApi } from './auth-api.ts';
import { authKeys } from './query-keys.ts';
import { useSession } from './SessionProvider.tsx';

export { authKeys };

/** The signed-in user for the acting profile (GET /api/user). */
export function useCurrentUser() {
  const { profileId, status } = useSession();
  return useQuery({
    queryKey: authKeys.user(profileId),
    queryFn: ({ signal }) => authApi.user(signal),
    enabled: status === 'signed-in',
    staleTime: 5 * 60_000,
  });
}

/** The person's profiles of the signed-in type, for the park switcher. */
export function useProfiles(enabled: boolean) {
  const { userType, status } = useSession();
  return useQuery({
    queryKey: authKeys.profiles(userType),
    queryFn: ({ signal }) => authApi.profiles(userType!, signal),
    enabled: enabled && status === 'signed-in' && userType !== null,
    staleTime: 5 * 60_000,
  });
}
