import type { Permission, TNotificationKind } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { profilesHolding } from '../access/permission-holders.ts';
import { notifications } from './notifications.tables.ts';

/** Per park: the holders of each permission, read once. */
export type HoldersCache = Map<Permission, Promise<string[]>>;

export interface Notice {
  parkId: string;
  /** Who should know: the park's live profiles holding it, and the owner. */
  permission: Permission;
  kind: TNotificationKind;
  /** French, ready to show. */
  title: string;
  body: string;
  link: string | null;
  /** Per profile: the same key again is a no-op, so an event is told once. */
  dedupeKey: string;
}

/**
 * Tells an event to everyone of the park who should know; returns how many new notifications it
 * wrote (0 when everyone had already been told).
 */
export async function notifyHolders(db: Db | Tx, input: Notice): Promise<number> {
  return (await notifyHoldersNew(db, input)).length;
}

/**
 * The same, answering the profiles newly told (the daily job also sends them a message). `holders`
 * caches who holds what over many notices of one park (the job tells hundreds at once).
 */
export async function notifyHoldersNew(db: Db | Tx, input: Notice, holders?: HoldersCache): Promise<string[]> {
  let found = holders?.get(input.permission);
  if (!found) {
    found = profilesHolding(db, input.parkId, input.permission);
    holders?.set(input.permission, found);
  }
  const profileIds = await found;
  if (profileIds.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      profileIds.map((profileId) => ({
        id: uuidv7(),
        parkId: input.parkId,
        profileId,
        kind: input.kind,
        title: input.title,
        body: input.body,
        link: input.link,
        dedupeKey: input.dedupeKey,
      })),
    )
    .onConflictDoNothing({ target: [notifications.profileId, notifications.dedupeKey] })
    .returning({ profileId: notifications.profileId });
  return rows.map((r) => r.profileId);
}
