import type { TLoginType } from '@flotte/contract';

/**
 * Query keys of the access domain: the user as one profile sees it, and the profiles of a type.
 * Apart from the hooks (queries.ts) because the session's start fills the user's entry before
 * TanStack Query's hooks are loaded.
 */
export const authKeys = {
  all: ['auth'] as const,
  user: (profileId: string | null) => [...authKeys.all, 'user', profileId] as const,
  profiles: (type: TLoginType | null) => [...authKeys.all, 'profiles', type] as const,
};
