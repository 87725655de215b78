import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { toWireDate } from '../platform/dates.ts';
import { loadConfig } from '../platform/config.ts';
import { createSecretBox, type SecretBox } from '../platform/secrets/secret-box.ts';
import { createYangoApi } from '../integrations/yango/yango.api.ts';
import { yangoSimProfiles } from '../integrations/yango/yango.simulator-data.ts';
import { DEMO_YANGO_PARK, type YangoApi } from '../integrations/yango/yango.types.ts';
import { apiKeyContext } from '../modules/yango/yango-credentials.ts';
import { syncYangoDriver } from '../modules/yango/yango-sync.ts';
import type { YangoDeps } from '../modules/yango/yango.deps.ts';
import { yangoConnections, yangoDriverLinks } from '../modules/yango/yango.tables.ts';
import { vehicleRecipeConfigs } from '../modules/vehicles/vehicles.tables.ts';
import type { DemoPark } from './demo-maintenance.ts';

/**
 * The demo park's Yango link (issue 21 section 5): connected to the simulator's park
 * DEMO_YANGO_PARK (its API key sealed as the settings form seals it), half of its drivers linked
 * to distinct working profiles of that park (their own names and phones kept: a link is by id),
 * two of them collected daily on their Yango revenue at 09:00 (use_yango_recipe), and a vehicle
 * driven by a third one whose recipe is 'yango_recipe'. The Yango activity of SEED_SYNCED_DRIVERS
 * of them (those three first, then drivers of a vehicle) over the last SYNC_DAYS days is copied by
 * the sync itself (syncYangoDriver, against a simulator started for the seed and closed), so
 * 'Activités VTC' and the reconciliation show figures on the first start; the others' same days
 * come with the sync job's first pass (every 5 minutes), which carries on for all from there. Each
 * driver's copy costs the first start some 50 ms of CPU on the embedded database (his ~450
 * transactions and ~230 orders of 30 days), hence the bound. Profiles from YANGO_FIRST_LINKED_PROFILE on are linked; the
 * first ones (which share a phone prefix) and DEMO_YANGO_TRY_PHONE's stay free to import.
 *
 * Idempotent: the connection and the links are written once (a second run keeps them and links
 * nobody new), the vehicle's configuration is set to what it already is, and the sync copies
 * nothing twice.
 */

/** Days of Yango activity the seed copies (the first start's cost grows with it). */
export const SYNC_DAYS = 30;
/** The first simulator profile the seed links (the ten before share the search tests' phone prefix). */
const YANGO_FIRST_LINKED_PROFILE = 10;
/** Linked drivers whose activity the seed copies itself (the others' comes with the sync job). */
export const SEED_SYNCED_DRIVERS = 8;
/** Drivers synced at once (the simulator answers on loopback: no pacing). */
const SYNC_AT_ONCE = 4;
/** A working simulator profile the seed never links, to try 'Importer depuis Yango' with (README). */
export const DEMO_YANGO_TRY_PHONE = '+2250147053442';

export interface DemoYangoSeeded {
  linked: number;
  useYangoRecipe: number;
  yangoRecipeVehicle: boolean;
  transactions: number;
  orders: number;
}

export async function seedDemoYango(
  db: Db,
  park: DemoPark,
  owner: { profileId: string },
  opts: { now?: Date; box?: SecretBox; api?: YangoApi } = {},
): Promise<DemoYangoSeeded> {
  const now = opts.now ?? new Date();
  const today = toWireDate(now, park.timeZone).slice(0, 10);
  // The two drivers collected on their Yango revenue owe it from a week back, so the demo shows
  // Yango recipes (for the days already copied) as soon as the recipe job runs.
  const weekAgo = toWireDate(new Date(now.getTime() - 7 * 86_400_000), park.timeZone).slice(0, 10);
  const config = opts.box && opts.api ? null : loadConfig();
  const box = opts.box ?? createSecretBox(config!.secretsKey);

  await db
    .insert(yangoConnections)
    .values({
      parkId: park.parkId,
      clientId: DEMO_YANGO_PARK.clientId,
      yangoParkId: DEMO_YANGO_PARK.id,
      apiKeySealed: box.seal(DEMO_YANGO_PARK.apiKey, apiKeyContext(park.parkId)),
      apiKeyLast4: DEMO_YANGO_PARK.apiKey.slice(-4),
      yangoParkName: DEMO_YANGO_PARK.name,
      yangoParkCity: DEMO_YANGO_PARK.city,
      status: 'ok',
      checkedAt: now,
      updatedBy: owner.profileId,
    })
    .onConflictDoNothing();

  // Half of the park's drivers: every other active one in id order (so some drivers of a vehicle
  // stay free to connect), topped up from the others. Once: a park with links keeps them.
  const existing = await db.select({ driverId: yangoDriverLinks.driverId }).from(yangoDriverLinks).where(eq(yangoDriverLinks.parkId, park.parkId));
  if (existing.length === 0) {
    const { rows: all } = await db.execute<{ id: string; active: boolean; vehicle_id: string | null }>(sql`
      select d.id, (d.desactivate_at is null and d.blocked_at is null) as active,
        (select vc.vehicle_id from vehicle_config_drivers vc where vc.driver_id = d.id order by vc.position limit 1) as vehicle_id
        from drivers d where d.park_id = ${park.parkId} order by d.id`);
    const active = all.filter((d) => d.active);
    const half = Math.floor(all.length / 2);
    const chosen = [...active.filter((_, i) => i % 2 === 0), ...active.filter((_, i) => i % 2 === 1)].slice(0, half);
    chosen.sort((a, b) => (a.id < b.id ? -1 : 1));
    const profiles = yangoSimProfiles(DEMO_YANGO_PARK)
      .slice(YANGO_FIRST_LINKED_PROFILE)
      .filter((p) => p.workStatus === 'working' && p.balance > 0 && p.phone !== DEMO_YANGO_TRY_PHONE); // a balance to collect from
    // The two collected on their Yango revenue: the first two who drive a vehicle.
    const recipeDrivers = new Set(chosen.filter((d) => d.vehicle_id).slice(0, 2).map((d) => d.id));
    if (chosen.length) {
      await db
        .insert(yangoDriverLinks)
        .values(
          chosen.map((d, i) => ({
            driverId: d.id,
            parkId: park.parkId,
            yangoId: profiles[i].id,
            useYangoRecipe: recipeDrivers.has(d.id),
            collectTime: '09:00',
            recipesSince: recipeDrivers.has(d.id) ? weekAgo : today,
            linkedBy: owner.profileId,
            // The sync starts SYNC_DAYS back (less its overlap) rather than its first pass's 90 days.
            txSyncedTo: new Date(now.getTime() - SYNC_DAYS * 86_400_000),
            ordersSyncedTo: new Date(now.getTime() - SYNC_DAYS * 86_400_000),
          })),
        )
        .onConflictDoNothing();
    }
  }

  // A vehicle with a single driver, linked and not already collected on his own link: its
  // recipe becomes 'yango_recipe' (the objective is his Yango revenue), from now on.
  const { rows: vehicle } = await db.execute<{ vehicle_id: string }>(sql`
    select vc.vehicle_id from vehicle_config_drivers vc
      join vehicle_configs c on c.vehicle_id = vc.vehicle_id and c.number_drivers = 1
      join vehicles v on v.id = vc.vehicle_id and v.status = 'active'
      join vehicle_recipe_configs rc on rc.vehicle_id = vc.vehicle_id
      join yango_driver_links l on l.driver_id = vc.driver_id and not l.use_yango_recipe
     where vc.park_id = ${park.parkId}
     order by (rc.collection_type = 'yango_recipe') desc, vc.vehicle_id
     limit 1`);
  if (vehicle[0]) {
    await db
      .update(vehicleRecipeConfigs)
      .set({ collectionType: 'yango_recipe', amount: null, recipesSince: now })
      .where(and(eq(vehicleRecipeConfigs.vehicleId, vehicle[0].vehicle_id), sql`${vehicleRecipeConfigs.collectionType} <> 'yango_recipe'`));
  }

  // Their activity, copied by the sync against a simulator of our own (never a live Yango).
  const api = opts.api ?? createYangoApi({ ...config!.yango, mode: 'simulator' });
  const deps: YangoDeps = {
    db,
    api,
    box,
    access: { db, jwtSecret: new Uint8Array(32), notifier: { send: () => Promise.reject(new Error('the demo seed sends nothing')) } },
  };
  let transactions = 0;
  let orders = 0;
  try {
    const { rows: featured } = await db.execute<{ driver_id: string }>(sql`
      select l.driver_id from yango_driver_links l
        left join lateral (select vc.vehicle_id from vehicle_config_drivers vc where vc.driver_id = l.driver_id order by vc.position limit 1) v on true
        left join vehicle_recipe_configs rc on rc.vehicle_id = v.vehicle_id
       where l.park_id = ${park.parkId}
       order by l.use_yango_recipe desc, (rc.collection_type = 'yango_recipe') is true desc, (v.vehicle_id is null), l.driver_id
       limit ${SEED_SYNCED_DRIVERS}`);
    const queue = featured.map((l) => l.driver_id);
    const worker = async () => {
      for (let driverId = queue.shift(); driverId; driverId = queue.shift()) {
        const r = await syncYangoDriver(deps, park.parkId, driverId, now);
        transactions += r.transactions;
        orders += r.orders;
      }
    };
    await Promise.all(Array.from({ length: SYNC_AT_ONCE }, worker));
  } finally {
    if (!opts.api) await api.close();
  }

  const { rows: counts } = await db.execute<{ linked: number; recipe: number; vehicle: number }>(sql`
    select (select count(*)::int from yango_driver_links where park_id = ${park.parkId}) as linked,
      (select count(*)::int from yango_driver_links where park_id = ${park.parkId} and use_yango_recipe) as recipe,
      (select count(*)::int from vehicle_recipe_configs where park_id = ${park.parkId} and collection_type = 'yango_recipe') as vehicle`);
  return { linked: counts[0].linked, useYangoRecipe: counts[0].recipe, yangoRecipeVehicle: counts[0].vehicle > 0, transactions, orders };
}
