import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { anyId } from '../../platform/db/prepared.ts';
import { vehicleGroups } from '../vehicles/vehicles.tables.ts';
import { penaltyTriggers, triggerEpisodes } from './gps.tables.ts';

/** Reads of the park's penalty triggers, each with what its episodes count. */

export type PenaltyTriggerRow = typeof penaltyTriggers.$inferSelect;
export type PenaltyTriggerValues = Omit<typeof penaltyTriggers.$inferInsert, 'id' | 'parkId' | 'createdBy' | 'createdAt' | 'updatedAt'>;

export interface TriggerWithCounts {
  trigger: PenaltyTriggerRow;
  firedCount: number;
  activeCount: number;
}

/** The park's triggers, newest first; or the one trigger `id`. */
export async function selectTriggers(db: Db | Tx, parkId: string, id?: string): Promise<TriggerWithCounts[]> {
  // Episodes acted on, and locks still holding (waiting for the vehicle to stop, or placed).
  const counts = db
    .select({
      triggerId: triggerEpisodes.triggerId,
      fired: sql<number>`count(*)::int`.as('fired'),
      active: sql<number>`(count(*) filter (where ${triggerEpisodes.action} = 'lock' and ${triggerEpisodes.state} in ('waiting', 'done')))::int`.as('active'),
    })
    .from(triggerEpisodes)
    .where(eq(triggerEpisodes.parkId, parkId))
    .groupBy(triggerEpisodes.triggerId)
    .as('counts');
  const where = id ? and(eq(penaltyTriggers.parkId, parkId), eq(penaltyTriggers.id, id)) : eq(penaltyTriggers.parkId, parkId);
  const rows = await db
    .select({ trigger: penaltyTriggers, fired: counts.fired, active: counts.active })
    .from(penaltyTriggers)
    .leftJoin(counts, eq(counts.triggerId, penaltyTriggers.id))
    .where(where)
    .orderBy(desc(penaltyTriggers.createdAt), desc(penaltyTriggers.id));
  return rows.map((r) => ({ trigger: r.trigger, firedCount: Number(r.fired ?? 0), activeCount: Number(r.active ?? 0) }));
}

/** The raw row of the park's trigger, or undefined (another park's reads as unknown). */
export async function triggerRow(db: Db | Tx, parkId: string, id: string, lock = false): Promise<PenaltyTriggerRow | undefined> {
  const q = db.select().from(penaltyTriggers).where(and(eq(penaltyTriggers.parkId, parkId), eq(penaltyTriggers.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Titles of the park's vehicle groups among `ids` (another park's group is not among them). */
export async function groupTitles(db: Db | Tx, parkId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: vehicleGroups.id, title: vehicleGroups.title })
    .from(vehicleGroups)
    .where(and(eq(vehicleGroups.parkId, parkId), anyId(vehicleGroups.id, ids)));
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function insertTrigger(db: Db | Tx, v: PenaltyTriggerValues & { parkId: string; createdBy: string }): Promise<string> {
  const [row] = await db.insert(penaltyTriggers).values(v).returning({ id: penaltyTriggers.id });
  return row.id;
}

export async function updateTriggerRow(db: Db | Tx, parkId: string, id: string, v: Partial<PenaltyTriggerValues>): Promise<boolean> {
  const rows = await db
    .update(penaltyTriggers)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(penaltyTriggers.parkId, parkId), eq(penaltyTriggers.id, id)))
    .returning({ id: penaltyTriggers.id });
  return rows.length > 0;
}

export async function deleteTriggerRow(db: Db | Tx, parkId: string, id: string): Promise<void> {
  await db.delete(penaltyTriggers).where(and(eq(penaltyTriggers.parkId, parkId), eq(penaltyTriggers.id, id)));
}

/** How many of the trigger's episodes are in `state` with `action`. */
export async function countEpisodes(db: Db | Tx, triggerId: string, action: 'lock', state: 'waiting' | 'done'): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(triggerEpisodes)
    .where(and(eq(triggerEpisodes.triggerId, triggerId), eq(triggerEpisodes.action, action), eq(triggerEpisodes.state, state)));
  return Number(row?.n ?? 0);
}
