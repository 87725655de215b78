import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { profiles } from '../modules/access/access.tables.ts';
import { supplierCategories, supplierContacts, supplierOnCategory, suppliers } from '../modules/suppliers/suppliers.tables.ts';
import { vehicles } from '../modules/vehicles/vehicles.tables.ts';
import { uuidv7 } from '../platform/ids.ts';

/**
 * Years of a park's maintenances, for the benchmark's large parks (`seed:large -- --maintenances`)
 * and the generator's test: a few dozen suppliers in categories with their correspondents, then
 * the maintenances with 1 to 3 items each, set based in batches (200,000 in seconds).
 *
 * Valid by construction: a vehicle's maintenances never overlap (each has its own slot of the
 * span); the estimate is the sum of the items' estimates, the amount paid the sum of theirs; an
 * item's pair (repair type, component) is unique within its maintenance. Spread over `years`
 * back from now: 94 % finished (with the amount paid and the finisher), 5 % canceled, and the
 * last slot of one vehicle in a hundred still scheduled (available) in the coming month.
 * Finished ones carry no operations: the lists read the maintenances, and money pages at scale
 * have their own generator (operations-generator.ts).
 */
export interface MaintenancePlan {
  count: number;
  years: number;
  /** Suppliers of the park (default 40), one in ten suspended. */
  suppliers?: number;
  /** Rows per insert statement. */
  batch?: number;
}

export const SUPPLIER_CATEGORIES = ['Garage', 'Pièces détachées', 'Pneumatiques', 'Assurance', 'Lavage'] as const;
const SUPPLIER_NAMES = ['Garage', 'Auto Pièces', 'Pneus', 'Assurances', 'Lavage'];
const DISTRICTS = ['Akwa', 'Bonapriso', 'Bonamoussadi', 'Makepe', 'Deido', 'Bonabéri', 'Ndokoti', 'Logbaba'];
const CONTACTS = ['Emmanuel Nkodo', 'Clarisse Fotso', 'Hervé Kamga', 'Grâce Essomba', 'Samuel Tagne', 'Mireille Onana'];
const FUNCTIONS = ['Chef d’atelier', 'Commercial', 'Gérant', 'Comptable'];
/** Repair types 1..5 (seeded by the migration) and the catalog's 16 shared components. */
const REPAIR_TYPES = 5;
const COMPONENTS = 16;
const DESCRIPTIONS = ['Révision périodique', 'Vidange et filtres', 'Bruit au freinage', 'Pneus usés', 'Entretien courant', 'Choc léger à l’arrière'];

/** Suppliers of the park in the five categories, each with one or two correspondents. */
export async function seedSuppliers(db: Db, parkId: string, count: number): Promise<{ id: string; category: string }[]> {
  const categories = await db
    .insert(supplierCategories)
    .values(SUPPLIER_CATEGORIES.map((name) => ({ id: uuidv7(), parkId, name })))
    .returning({ id: supplierCategories.id, name: supplierCategories.name });
  const rows = Array.from({ length: count }, (_, i) => {
    const kind = i % SUPPLIER_CATEGORIES.length;
    return {
      id: uuidv7(),
      parkId,
      kind,
      name: `${SUPPLIER_NAMES[kind]} ${DISTRICTS[i % DISTRICTS.length]}${i >= SUPPLIER_NAMES.length * DISTRICTS.length ? ` ${Math.floor(i / 40) + 1}` : ''}`,
      businessName: i % 3 === 0 ? `${SUPPLIER_NAMES[kind]} ${DISTRICTS[i % DISTRICTS.length]} SARL` : null,
      socialReason: '-',
      phone: `+2376${String(95000000 + i).padStart(8, '0')}`,
      email: i % 2 === 0 ? `contact${i}@prestataire.cm` : null,
      city: 'Douala',
      street: DISTRICTS[i % DISTRICTS.length],
      desactivateAt: i % 10 === 9 ? new Date() : null,
    };
  });
  if (!rows.length) return [];
  await db.insert(suppliers).values(rows.map(({ kind: _kind, ...r }) => r));
  await db.insert(supplierOnCategory).values(
    rows.flatMap((r, i) => {
      const own = { supplierId: r.id, categoryId: categories[r.kind].id };
      // Parts sellers often fit tyres too.
      return r.kind === 1 && i % 2 === 1 ? [own, { supplierId: r.id, categoryId: categories[2].id }] : [own];
    }),
  );
  await db.insert(supplierContacts).values(
    rows.flatMap((r, i) =>
      Array.from({ length: 1 + (i % 2) }, (_, k) => ({
        id: uuidv7(),
        supplierId: r.id,
        position: k + 1,
        name: CONTACTS[(i + k) % CONTACTS.length],
        phone: `+2376${String(96000000 + i * 2 + k).padStart(8, '0')}`,
        email: `correspondant${i * 2 + k}@prestataire.cm`,
        function: FUNCTIONS[(i + k) % FUNCTIONS.length],
      })),
    ),
  );
  return rows.map((r) => ({ id: r.id, category: SUPPLIER_CATEGORIES[r.kind] }));
}

export async function seedMaintenances(db: Db, parkId: string, plan: MaintenancePlan): Promise<{ maintenances: number; suppliers: number }> {
  const batch = plan.batch ?? 50_000;
  const made = await seedSuppliers(db, parkId, plan.suppliers ?? 40);
  // Garages and parts sellers do the work; one maintenance in eight names no supplier.
  const workshops = made.filter((s) => s.category === 'Garage' || s.category === 'Pièces détachées').map((s) => s.id);
  const vehicleIds = (await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.parkId, parkId)).orderBy(vehicles.id)).map((v) => v.id);
  if (!vehicleIds.length || plan.count < 1) return { maintenances: 0, suppliers: made.length };
  const [owner] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.parkId, parkId), eq(profiles.role, 'OWNER')));
  const ownerId = owner?.id ?? null;

  const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
  const nV = vehicleIds.length;
  // Each vehicle's maintenances share the span in equal slots; one starts inside its slot and
  // ends within 5 days, so the slot must be longer than that.
  const perVehicle = Math.ceil(plan.count / nV);
  const spanSecs = Math.round(plan.years * 365 * 86_400);
  const slotSecs = Math.floor(spanSecs / perVehicle);
  if (slotSecs < 7 * 86_400) throw new Error(`${plan.count} maintenances over ${plan.years} years are too many for ${nV} vehicles (one a week at most)`);
  const h = (salt: string) => sql.raw(`abs(hashtext(g::text || '${salt}'))`);
  const supplier = workshops.length
    ? sql`case when g % 8 <> 0 then (${uuids(workshops)})[1 + ${h('f')} % ${workshops.length}] end`
    : sql`null::uuid`;
  const description = sql`case when g % 3 = 0 then (array[${sql.join(DESCRIPTIONS.map((d) => sql`${d}`), sql`, `)}])[1 + ${h('x')} % ${DESCRIPTIONS.length}] end`;
  for (let from = 0; from < plan.count; from += batch) {
    const to = Math.min(plan.count, from + batch) - 1;
    // One statement per batch: the rows (ids made from their creation time, as UUIDv7), their
    // items, the maintenances with the items' totals, then the items. A CTE read twice is
    // computed once, so the ids agree.
    await db.execute(sql`
      with src as (
        select g, m.*,
          encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from m.created) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid as id
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (
          select
            1 + ${h('d')} % 3 as choice,
            1 + ${h('n')} % 3 as items,
            -- The last slot of one vehicle in a hundred is still to come, in the coming month.
            g / ${nV} = ${perVehicle - 1} and g % ${nV} % 100 = 0 as scheduled,
            ${h('s')} % 100 < 5 as canceled
        ) m0
        cross join lateral (
          select case when m0.scheduled then date_trunc('day', now()) + make_interval(days => 2 + ${h('t')} % 28, hours => 8)
            else date_trunc('day', now() - make_interval(secs => ${spanSecs} - (g / ${nV}) * ${slotSecs} - ${h('t')} % (${slotSecs} - 6 * 86400)))
              + interval '8 hours' end as start_at
        ) m1
        cross join lateral (
          select case when m0.scheduled then 'available' when m0.canceled then 'canceled' else 'finished' end as status,
            m0.choice, m0.items, m1.start_at, m1.start_at - interval '3 days' as created,
            m1.start_at + case m0.choice when 1 then interval '4 hours' when 2 then interval '10 hours'
              else make_interval(days => 1 + ${h('l')} % 4, hours => 10) end as end_at
        ) m
      ),
      items as (
        select src.id, src.status, 1 + (${h('r')} + k) % ${REPAIR_TYPES} as repair_type_id, 1 + (${h('c')} + k * 5) % ${COMPONENTS} as component_id,
          e.estimate, case when src.status = 'finished' then e.estimate + (abs(hashtext(g::text || 'p' || k)) % 5 - 2) * 500 end as paid
        from src cross join generate_series(1, src.items) k
        cross join lateral (select (4 + abs(hashtext(g::text || 'e' || k)) % 60) * 500 as estimate) e
      ),
      totals as (select id, sum(estimate) as estimate, sum(paid) as paid from items group by id),
      ins as (
        insert into maintenances (id, park_id, vehicle_id, supplier_id, description, duration_choice, start_at, end_at, status,
          estimated_amount, amount, created_by, created_at, updated_at, finished_at, finished_by, canceled_at, canceled_by)
        select src.id, ${parkId}, (${uuids(vehicleIds)})[1 + g % ${nV}], ${supplier}, ${description},
          src.choice, src.start_at, src.end_at, src.status, t.estimate, t.paid, ${ownerId}::uuid, src.created,
          case src.status when 'finished' then src.end_at when 'canceled' then src.start_at - interval '1 day' else src.created end,
          case when src.status = 'finished' then src.end_at end, case when src.status = 'finished' then ${ownerId}::uuid end,
          case when src.status = 'canceled' then src.start_at - interval '1 day' end, case when src.status = 'canceled' then ${ownerId}::uuid end
        from src join totals t on t.id = src.id
      )
      insert into maintenance_items (maintenance_id, repair_type_id, component_id, estimated_amount, amount)
      select id, repair_type_id, component_id, estimate, paid from items`);
  }
  return { maintenances: plan.count, suppliers: made.length };
}
