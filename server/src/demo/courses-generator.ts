import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { parks, profiles } from '../modules/access/access.tables.ts';
import { clients } from '../modules/clients/clients.tables.ts';
import { drivers } from '../modules/drivers/drivers.tables.ts';
import { defaultCashCaisse } from '../modules/treasury/caisse-accounts.ts';
import { vehicles } from '../modules/vehicles/vehicles.tables.ts';
import { DOUALA_PLACES } from './douala-places.ts';

/**
 * A park's clients and courses at scale, for the benchmark's large park (`seed:large -- --courses`)
 * and the generator's test: set based in batches (100,000 courses in seconds on PostgreSQL).
 *
 * Valid by construction, as the services would leave them: numbers from 1 in the order of the
 * starts, each course between two real places of Douala (a road as the routing simulator draws
 * one: the great circle's distance × 1.3 at 25 km/h, no geometry; the amount the demo tariff's
 * 1,000 + 350 per km), 30 minutes to 8 hours long. Spread over `years`
 * up to a month ahead: the coming ones awaiting (a few cancelled ahead), those under way now
 * running, the past 84 % finished (three in four into a caisse, the others the client's
 * receivable, settled when older than two months), 10 % cancelled, 6 % missed. A course waiting
 * for its vehicle and driver is one in five of the coming ones. One client per 50 courses (10 at
 * least), each with 1 or 2 contacts and 2 or 3 addresses; courses_count kept. Finished courses
 * carry no operations: the lists read the courses (operations-generator.ts fills the money pages).
 */
export interface CoursesPlan {
  count: number;
  /** Clients of the park; by default one per 50 courses, at least 10. */
  clients?: number;
  /** Years of past courses (a month ahead is added). */
  years?: number;
  /** Rows of courses per insert statement. */
  batch?: number;
}

const COMPANIES = [
  'Banque Atlantique',
  'Hôtel Sawa',
  'Total Énergies Marketing',
  'Plan International',
  'Clinique Bonapriso',
  'Cabinet Ngassa & Associés',
  'Brasseries du Littoral',
  'Assurances Wouri',
  'Société Portuaire du Cameroun',
  'Cimenterie de Bonabéri',
  'Orange Business Douala',
  'Transit Maritime Akwa',
];

export async function seedCourses(db: Db, parkId: string, plan: CoursesPlan): Promise<{ clients: number; courses: number }> {
  const batch = plan.batch ?? 5_000;
  const years = plan.years ?? 3;
  const [park] = await db.select({ timeZone: parks.timeZone }).from(parks).where(eq(parks.id, parkId));
  if (!park) throw new Error(`no park ${parkId}`);
  const vehicleIds = (await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.parkId, parkId)).orderBy(vehicles.id)).map((v) => v.id);
  const driverIds = (await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.parkId, parkId)).orderBy(drivers.id)).map((d) => d.id);
  if (!vehicleIds.length || !driverIds.length || plan.count < 1) return { clients: 0, courses: 0 };
  const [owner] = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.parkId, parkId), eq(profiles.role, 'OWNER')));
  const ownerId = owner?.id ?? null;
  const cash = await defaultCashCaisse(db, parkId);
  const clientCount = plan.clients ?? Math.max(10, Math.round(plan.count / 50));

  const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
  const texts = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;
  const floats = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::float8[]`;
  const P = DOUALA_PLACES.length;
  const names = texts(DOUALA_PLACES.map((p) => p.name));
  const descriptions = texts(DOUALA_PLACES.map((p) => p.description));
  const lats = floats(DOUALA_PLACES.map((p) => p.latitude));
  const lngs = floats(DOUALA_PLACES.map((p) => p.longitude));
  const h = (salt: string) => sql.raw(`abs(hashtext(g::text || '${salt}'))`);
  const v7 = (ts: string) =>
    sql.raw(`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from ${ts}) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`);

  // The clients, their contacts (1 or 2) and addresses (2 or 3), in one statement.
  await db.execute(sql`
    with c as (
      select g, ${v7("now() - interval '4 years' + g * interval '1 minute'")} as id,
        (${texts(COMPANIES)})[1 + g % ${COMPANIES.length}] || case when g >= ${COMPANIES.length} then ' ' || (g / ${COMPANIES.length} + 1)::text else '' end as name
      from generate_series(0, ${clientCount - 1}::int) g
    ),
    ins as (
      insert into clients (id, park_id, name, sex, phone, email, niu, rccm, business_name, city, street, created_by, created_at, updated_at)
      select id, ${parkId}, name, 'Monsieur', '+2376' || lpad((${h('p')} % 100000000)::text, 8, '0'),
        'contact' || g || '@client.bench', 'M0' || lpad((${h('n')} % 100000000000)::text, 11, '0') || chr(65 + g % 26),
        'RC/DLA/' || (2005 + g % 20) || '/B/' || (1000 + g % 9000), name || ' SA', 'Douala', (${names})[1 + ${h('s')} % ${P}], ${ownerId}::uuid,
        now() - interval '4 years', now() - interval '4 years'
      from c
    ),
    contacts as (
      insert into client_contacts (id, park_id, client_id, position, name, sex, phone, email)
      select gen_random_uuid(), ${parkId}, c.id, k, case when k = 0 then 'Service courrier' else 'Assistante de direction' end,
        case when k = 0 then 'Monsieur' else 'Madame' end, '+2376' || lpad((abs(hashtext(c.g::text || 'cp' || k)) % 100000000)::text, 8, '0'), null
      from c cross join generate_series(0, 1) k where k = 0 or c.g % 2 = 0
    )
    insert into client_addresses (id, park_id, client_id, position, name, description, latitude, longitude)
    select gen_random_uuid(), ${parkId}, c.id, k, (${names})[1 + (c.g + k * 7) % ${P}], (${descriptions})[1 + (c.g + k * 7) % ${P}],
      (${lats})[1 + (c.g + k * 7) % ${P}], (${lngs})[1 + (c.g + k * 7) % ${P}]
    from c cross join generate_series(0, 2) k where k < 2 or c.g % 3 = 0`);
  const clientIds = (
    await db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.parkId, parkId), sql`${clients.email} like '%@client.bench'`))
      .orderBy(clients.id)
  ).map((c) => c.id);
  const nC = clientIds.length;
  const { rows: known } = await db.execute<{ base: number }>(sql`select coalesce(max(number), 0)::int as base from courses where park_id = ${parkId}`);
  const base = Number(known[0].base);
  // The span: `years` back from now to 30 days ahead, the courses evenly over it in number order.
  const pastDays = Math.round(years * 365);
  const spanDays = pastDays + 30;
  const tz = park.timeZone.replace(/'/g, "''");

  for (let from = 0; from < plan.count; from += batch) {
    const to = Math.min(plan.count, from + batch) - 1;
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`
        with c0 as (
          select g,
            -- The day (in order), at 6:00 to 19:59 of the park's clock, 30 min to 8 h long.
            ((date_trunc('day', now() at time zone '${sql.raw(tz)}') - interval '${sql.raw(String(pastDays))} days'
              + floor(g::float8 * ${spanDays} / ${plan.count}) * interval '1 day'
              + (6 * 60 + ${h('t')} % (14 * 60)) * interval '1 minute') at time zone '${sql.raw(tz)}') as start_date,
            (30 + ${h('d')} % 450) * interval '1 minute' as span,
            1 + ${h('a')} % ${P} as a, 1 + (${h('a')} % ${P} + 1 + ${h('b')} % ${P - 1}) % ${P} as b,
            ${h('s')} % 100 as roll
          from generate_series(${from}::int, ${to}::int) g
        ),
        c1 as (
          select c0.*, c0.start_date + c0.span as end_date,
            (${lats})[a] + (${h('x')} % 100 - 50) / 20000.0 as slat, (${lngs})[a] + (${h('y')} % 100 - 50) / 20000.0 as slng,
            (${lats})[b] + (${h('u')} % 100 - 50) / 20000.0 as elat, (${lngs})[b] + (${h('v')} % 100 - 50) / 20000.0 as elng,
            (${clientIds.length ? uuids(clientIds) : sql`'{}'::uuid[]`})[1 + ${h('c')} % ${nC}] as client_id
          from c0
        ),
        c2 as (
          select c1.*,
            round(1.3 * 2 * 6371000 * asin(least(1, sqrt(sin(radians(elat - slat) / 2) ^ 2 + cos(radians(slat)) * cos(radians(elat)) * sin(radians(elng - slng) / 2) ^ 2))))::int as metres,
            case when start_date > now() then case when roll < 5 then 'canceled' else 'awaiting' end
              when end_date > now() then case when roll < 5 then 'canceled' else 'inProgres' end
              when roll < 84 then 'finished' when roll < 94 then 'canceled' else 'missed' end as status,
            least(start_date - (1 + ${h('k')} % 10) * interval '1 day', now()) as created
          from c1
        ),
        c as (
          select c2.*, ${v7('c2.created')} as id, (1000 + ceil(350 * c2.metres / 1000.0))::bigint as amount,
            case when c2.status = 'finished' then case when ${h('m')} % 4 = 0 then 'receivable' else 'caisse' end end as payment_mode,
            -- One coming course in five still waits for its vehicle and driver.
            not (c2.status in ('awaiting', 'canceled') and c2.start_date > now() and ${h('w')} % 5 = 0) as staffed
          from c2
        )
        insert into courses (id, park_id, number, kind, client_id, contact_id, status, start_date, end_date,
          start_name, start_description, start_lat, start_lng, end_name, end_description, end_lat, end_lng,
          distance_m, duration_s, distance_source, vehicle_id, driver_id, number_of_people, amount, description,
          started_at, finished_at, finished_by, canceled_at, canceled_by, cancel_reason, missed_at,
          payment_mode, caisse_id, settled_at, created_by, created_at, updated_at)
        select c.id, ${parkId}, ${base + 1} + c.g, 1, c.client_id,
          (select cc.id from client_contacts cc where cc.client_id = c.client_id and cc.position = 0 limit 1),
          c.status, c.start_date, c.end_date,
          (${names})[c.a], (${descriptions})[c.a], c.slat, c.slng, (${names})[c.b], (${descriptions})[c.b], c.elat, c.elng,
          c.metres, round(c.metres / (25 / 3.6))::int, 'road',
          case when c.staffed then (${uuids(vehicleIds)})[1 + ${h('vv')} % ${vehicleIds.length}] end,
          case when c.staffed then (${uuids(driverIds)})[1 + ${h('dd')} % ${driverIds.length}] end,
          1 + ${h('n')} % 4, c.amount, case when c.g % 7 = 0 then 'Transfert de personnel' end,
          case when c.status in ('inProgres', 'finished') then c.start_date end,
          case when c.status = 'finished' then c.end_date end,
          case when c.status = 'finished' then ${ownerId}::uuid end,
          case when c.status = 'canceled' then least(c.start_date - interval '2 hours', now()) end,
          case when c.status = 'canceled' then ${ownerId}::uuid end,
          case when c.status = 'canceled' then 'Annulée à la demande du client' end,
          case when c.status = 'missed' then c.end_date end,
          c.payment_mode, case when c.payment_mode = 'caisse' then ${cash.id}::uuid end,
          case when c.payment_mode = 'receivable' and c.end_date < now() - interval '60 days' then c.end_date + interval '20 days' end,
          ${ownerId}::uuid, c.created, greatest(c.created, least(c.end_date, now()))
        from c`);
    });
  }
  // The clients' counters, as the courses' transactions keep them.
  await db.execute(sql`
    update clients cl set courses_count = n.n
      from (select client_id, count(*)::int as n from courses where park_id = ${parkId} group by client_id) n
     where cl.id = n.client_id and cl.park_id = ${parkId}`);
  return { clients: nC, courses: plan.count };
}
