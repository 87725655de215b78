import { sql } from 'drizzle-orm';
import { OWNER_ROLE, PARK_CHECKLIST_STEPS, type TParkChecklist, type TParkChecklistStep } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';

/**
 * GET /api/park/checklist: what a new park's owner does first, each step done once the park holds
 * what it asks for. One statement of five EXISTS probes on the park's indexes: it costs the same
 * for a park of ten vehicles or ten thousand.
 */
export async function parkChecklist(db: Db, parkId: string): Promise<TParkChecklist> {
  const { rows } = await db.execute<Record<TParkChecklistStep, boolean>>(sql`
    select exists (select 1 from vehicles where park_id = ${parkId}) as vehicle,
           exists (select 1 from drivers where park_id = ${parkId}) as driver,
           exists (select 1 from vehicle_configs where park_id = ${parkId}) as planning,
           exists (select 1 from vehicle_recipe_configs where park_id = ${parkId}) as recipes,
           exists (select 1 from profiles where park_id = ${parkId} and role <> ${OWNER_ROLE} and type <> 'driver' and removed_at is null) as agent`);
  const steps = PARK_CHECKLIST_STEPS.map((step) => ({ step, done: rows[0][step] === true }));
  return { steps, done: steps.every((s) => s.done) };
}
