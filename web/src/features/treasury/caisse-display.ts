import type { TCaisseAdmin } from '@flotte/contract/caisses';

/** A caisse card shows this many administrators' avatars, then '+n' for the others (spec 001 section 2.2). */
export const CARD_AVATARS = 3;

export function splitAvatars<T>(admins: readonly T[], shown = CARD_AVATARS): { shown: T[]; more: number } {
  return { shown: admins.slice(0, shown), more: Math.max(0, admins.length - shown) };
}

export const adminName = (a: Pick<TCaisseAdmin, 'first_name' | 'last_name'>) => `${a.first_name} ${a.last_name}`.trim();

/** What a hidden balance shows in place of the amount. */
export const HIDDEN_BALANCE = '••••••';
