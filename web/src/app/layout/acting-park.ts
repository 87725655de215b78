import type { TParkSummary, TUser } from '@flotte/contract';

/** The park the acting profile works in: the session's park, else the user's first park. */
export function actingPark(user: TUser, parkId: string | null): TParkSummary | null {
  return user.parks.find((park) => park.id === parkId) ?? user.parks[0] ?? null;
}
