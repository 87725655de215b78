import type { Permission } from '@flotte/contract';
import { useCurrentUser } from './queries.ts';

/**
 * The one permission check every screen uses. It reads the effective permissions the server
 * computed for the acting profile (related permissions included, everything for the owner), so
 * the web hides exactly what the server would refuse, and never decides more than that.
 */
export function usePermissions() {
  const user = useCurrentUser();
  const held = new Set(user.data?.permissions ?? []);
  return {
    ready: !!user.data,
    isOwner: user.data?.isOwner ?? false,
    can: (p: Permission) => held.has(p),
  };
}
