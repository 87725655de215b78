import type { TParkSummary } from '@flotte/contract';
import { actingPark } from '../app/layout/acting-park.ts';
import { useCurrentUser } from '../features/auth/queries.ts';
import { useSession } from '../features/auth/SessionProvider.tsx';

/**
 * The park the acting profile works in (its currency, calling code, time zone), or null while the
 * user loads or when nobody is signed in (the gallery). Shares the cached GET /api/user.
 */
export function useActingPark(): TParkSummary | null {
  const { parkId } = useSession();
  const user = useCurrentUser();
  return user.data ? actingPark(user.data, parkId) : null;
}
