import { suggestCourseAmount } from '@flotte/contract/course-pricing';
import type { TGeoRoute } from '@flotte/contract/geo';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ActingProfile } from '../platform/auth/auth-context.ts';
import type { Db } from '../platform/db/database.ts';
import { fromWireDate, toWireDate } from '../platform/dates.ts';
import { uuidv7 } from '../platform/ids.ts';
import { loadConfig } from '../platform/config.ts';
import { createMapServices } from '../platform/maps/maps.ts';
import type { LatLng } from '../platform/maps/maps.types.ts';
import { clientAddresses, clientContacts, clients } from '../modules/clients/clients.tables.ts';
import { finishCourse } from '../modules/courses/course-finish.ts';
import { settleCourse } from '../modules/courses/course-settle.ts';
import { courseTariffs, courses } from '../modules/courses/courses.tables.ts';
import { parkTransactions } from '../modules/treasury/treasury.tables.ts';
import type { DemoPark } from './demo-maintenance.ts';
import { place } from './douala-places.ts';
import { DEMO_CLIENTS as CLIENTS, DEMO_COURSES as COURSES, type CourseOutcome } from './demo-clients-courses.data.ts';

/**
 * The demo park's business clients and their courses (issue 20 section 5). A dozen companies of
 * Douala (a bank, hotels, an oil company's office, an NGO, a clinic, a law firm ...) with their
 * contacts and addresses at real places, and some thirty courses relative to today so the demo
 * always has all three groups:
 * - past: finished into the cash caisse through finishCourse (the revenue is a real operation in
 *   the ledger), three as the client's receivable, one of them settled through settleCourse;
 *   cancelled ones and missed ones;
 * - running now, with vehicle and driver;
 * - coming over the next days, two still waiting for their vehicle and driver.
 * The park's tariff is 1,000 XAF + 350 XAF per km; each amount is what the booking form suggests.
 * Clients and courses are written directly, in a few multi-row inserts (the booking services want
 * an HTTP request's checks, and the first start must stay fast); money goes only through the
 * courses' own services, then is dated back to when the course ended, as the other demo histories.
 */

/** The demo park's tariff (minor units of XAF). */
export const DEMO_COURSE_TARIFF = { baseFee: 1_000, pricePerKm: 350 } as const;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The roads: the caller's map services when handed in (tests), else the map services in simulator
 * mode whatever the configuration says, started for these few trips and closed: the first start
 * never waits on a live service nor needs the network, and the demo's courses still get a plausible
 * road (distance, duration, the line the map draws). A failed route is the great circle's, marked so.
 */
function demoRoads(route?: (from: LatLng, to: LatLng) => Promise<TGeoRoute>): { route: (from: LatLng, to: LatLng) => Promise<TGeoRoute>; close: () => Promise<void> } {
  if (route) return { route, close: async () => undefined };
  const maps = createMapServices({ ...loadConfig().maps, mode: 'simulator' }, { warn: () => undefined });
  return { route: (from, to) => maps.route(from, to), close: () => maps.close() };
}

/** The owner as the services see him (he holds every permission). */
function ownerActor(park: DemoPark, profileId: string): ActingProfile {
  return { id: profileId, parkId: park.parkId, type: 'proprietaire', role: 'OWNER', isOwner: true, permissions: new Set(), park: { timeZone: park.timeZone, currency: park.currency } };
}

/** Vehicles that carry passengers (four seats or more), each with the driver its configuration names. */
async function crews(db: Db, parkId: string): Promise<{ vehicleId: string; driverId: string }[]> {
  const { rows } = await db.execute<{ vehicle_id: string; driver_id: string }>(sql`
    select distinct on (v.id) v.id as vehicle_id, cd.driver_id
      from vehicles v
      join vehicle_types t on t.id = v.vehicle_type_id and coalesce(t.passengers, 4) >= 4
      join vehicle_config_drivers cd on cd.vehicle_id = v.id
      join drivers d on d.id = cd.driver_id and d.desactivate_at is null and d.blocked_at is null
     where v.park_id = ${parkId} and v.status = 'active'
     order by v.id, cd.driver_id`);
  // Each driver once: two vehicles sharing a driver can't both run now.
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.driver_id) && seen.add(r.driver_id)).map((r) => ({ vehicleId: r.vehicle_id, driverId: r.driver_id }));
}

export async function seedDemoClientsCourses(
  db: Db,
  park: DemoPark,
  owner: { profileId: string },
  opts: { now?: Date; route?: (from: LatLng, to: LatLng) => Promise<TGeoRoute> } = {},
): Promise<{ clients: number; courses: number; finished: number }> {
  const now = opts.now ?? new Date();
  const tz = park.timeZone;
  const today = toWireDate(now, tz).slice(0, 10);
  const at = (day: string, time: string) => fromWireDate(`${day}T${time}:00`, tz);
  const actor = ownerActor(park, owner.profileId);
  const team = await crews(db, park.parkId);
  if (team.length < 3) return { clients: 0, courses: 0, finished: 0 };

  await db.insert(courseTariffs).values({ parkId: park.parkId, baseFee: DEMO_COURSE_TARIFF.baseFee, pricePerKm: DEMO_COURSE_TARIFF.pricePerKm, updatedBy: owner.profileId }).onConflictDoNothing();

  // The clients, registered two months ago, with their contacts and addresses: three inserts.
  const since = at(addDays(today, -60), '09:00');
  const clientRows = CLIENTS.map((c, k) => ({
    id: uuidv7(),
    parkId: park.parkId,
    name: c.name,
    sex: c.sex,
    phone: c.phone,
    email: c.email,
    niu: c.niu ?? null,
    rccm: c.rccm ?? null,
    businessName: c.businessName ?? null,
    city: 'Douala',
    street: c.street,
    address: c.address ?? null,
    createdBy: owner.profileId,
    createdAt: new Date(since.getTime() + k * 37 * 60 * MINUTE_MS),
    updatedAt: new Date(since.getTime() + k * 37 * 60 * MINUTE_MS),
  }));
  await db.insert(clients).values(clientRows);
  const contactRows = CLIENTS.flatMap((c, k) => c.contacts.map((p, position) => ({ id: uuidv7(), parkId: park.parkId, clientId: clientRows[k].id, position, name: p.name, sex: p.sex, phone: p.phone, email: p.email ?? null })));
  await db.insert(clientContacts).values(contactRows);
  const addressOf = (client: number, position: number) => {
    const a = CLIENTS[client].addresses[position];
    const p = place(a.at);
    return { name: a.name, description: p.name === a.name ? p.description : `${p.name}, ${p.description}`, latitude: p.latitude, longitude: p.longitude };
  };
  await db.insert(clientAddresses).values(CLIENTS.flatMap((c, k) => c.addresses.map((_, position) => ({ id: uuidv7(), parkId: park.parkId, clientId: clientRows[k].id, position, ...addressOf(k, position) }))));

  // The courses, numbered in the order they were booked.
  const tariff = { base_fee: DEMO_COURSE_TARIFF.baseFee, price_per_km: DEMO_COURSE_TARIFF.pricePerKm };
  let running = 0;
  const roads = demoRoads(opts.route);
  const planned = await Promise.all(
    COURSES.map(async ([day, time, minutes, client, fromIdx, toIdx, people, outcome], k) => {
      // Before any await: the running ones take their crews in order.
      const runIdx = outcome === 'running' ? running++ : -1;
      let start: Date;
      if (runIdx >= 0) start = new Date(now.getTime() - (30 + 25 * runIdx) * MINUTE_MS);
      else if (day === 0) start = new Date(Math.ceil((now.getTime() + 2 * 3_600_000) / (15 * MINUTE_MS)) * 15 * MINUTE_MS);
      else start = at(addDays(today, day), time);
      const end = new Date(start.getTime() + minutes * MINUTE_MS);
      const from = addressOf(client, fromIdx);
      const to = addressOf(client, toIdx);
      const road = await roads.route(from, to);
      const amount = suggestCourseAmount({ tariff, distanceMetres: road.distance_m, decimals: 0 })!.amount;
      // Booked two to five days ahead, never after now.
      const createdAt = new Date(Math.min(start.getTime() - (2 + (k % 4)) * DAY_MS + 3 * 3_600_000, now.getTime() - (COURSES.length - k) * MINUTE_MS));
      const staffed = outcome !== 'unstaffed';
      // The running ones have crews of their own; the others take turns.
      const crew = runIdx >= 0 ? team[runIdx] : team[3 + (k % Math.max(1, team.length - 3))] ?? team[k % team.length];
      return { k, start, end, client, from, to, road, amount, people, outcome, createdAt, crew: staffed ? crew : null };
    }),
  ).finally(() => roads.close());
  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.k - b.k);
  const past = (o: CourseOutcome) => ['caisse', 'receivable', 'settled'].includes(o);
  const rows = planned.map((p, n) => {
    const contact = contactRows.find((c) => c.clientId === clientRows[p.client].id && c.position === p.k % CLIENTS[p.client].contacts.length);
    const status = past(p.outcome) ? 'inProgres' : p.outcome === 'running' ? 'inProgres' : p.outcome === 'coming' || p.outcome === 'unstaffed' ? 'awaiting' : p.outcome;
    return {
      id: uuidv7(),
      parkId: park.parkId,
      number: n + 1,
      clientId: clientRows[p.client].id,
      contactId: contact?.id ?? null,
      status: status as 'awaiting' | 'inProgres' | 'canceled' | 'missed',
      startDate: p.start,
      endDate: p.end,
      startName: p.from.name,
      startDescription: p.from.description,
      startLat: p.from.latitude,
      startLng: p.from.longitude,
      endName: p.to.name,
      endDescription: p.to.description,
      endLat: p.to.latitude,
      endLng: p.to.longitude,
      distanceM: p.road.distance_m,
      durationS: p.road.duration_s,
      distanceSource: p.road.source,
      geometry: p.road.geometry,
      vehicleId: p.crew?.vehicleId ?? null,
      driverId: p.crew?.driverId ?? null,
      numberOfPeople: p.people,
      amount: p.amount,
      description: p.people > 2 ? 'Prévoir un véhicule spacieux, bagages.' : null,
      startedAt: status === 'inProgres' ? p.start : null,
      canceledAt: p.outcome === 'canceled' ? new Date(p.start.getTime() - 3 * 3_600_000) : null,
      canceledBy: p.outcome === 'canceled' ? owner.profileId : null,
      cancelReason: p.outcome === 'canceled' ? 'Réunion reportée par le client' : null,
      missedAt: p.outcome === 'missed' ? p.end : null,
      createdBy: owner.profileId,
      createdAt: p.createdAt,
      updatedAt: p.outcome === 'canceled' ? new Date(p.start.getTime() - 3 * 3_600_000) : p.outcome === 'missed' ? p.end : p.createdAt,
      outcome: p.outcome,
    };
  });
  await db.insert(courses).values(rows.map(({ outcome: _, ...r }) => r));
  await db.execute(sql`
    update clients c set courses_count = n.n
      from (select client_id, count(*)::int as n from courses where park_id = ${park.parkId} group by client_id) n
     where c.id = n.client_id and c.park_id = ${park.parkId}`);

  // The past ones finished as they ended: into the cash caisse, or owed by the client. One transaction.
  const done = rows.filter((r) => past(r.outcome));
  await db.transaction(async (tx) => {
    const stored = await tx.select().from(courses).where(inArray(courses.id, done.map((r) => r.id)));
    const byId = new Map(stored.map((c) => [c.id, c]));
    for (const r of done) await finishCourse(tx, actor, byId.get(r.id)!, { payment_mode: r.outcome === 'caisse' ? 'caisse' : 'receivable' });
  });
  // The settled receivable, paid a few days after the course.
  const settled = done.find((r) => r.outcome === 'settled');
  const settlement = settled ? await settleCourse(db, actor, settled.id, {}) : null;

  // Dated back: each course finished at its end, its operation with it; the settlement three days
  // later (never after now). The ledger's postings keep the moment they were written (append-only),
  // as the other demo histories' do.
  const doneIds = sql`${`{${done.map((r) => r.id).join(',')}}`}::uuid[]`;
  await db.execute(sql`update courses set finished_at = end_date, updated_at = end_date where park_id = ${park.parkId} and id = any(${doneIds})`);
  await db.execute(sql`
    update fund_movements fm set operation_date = c.end_date, created_at = c.end_date, confirmed_at = c.end_date
      from courses c where c.park_id = ${park.parkId} and c.id = any(${doneIds}) and fm.id = c.fund_movement_id`);
  if (settled && settlement) {
    const paidAt = new Date(Math.min(settled.endDate.getTime() + 3 * DAY_MS, now.getTime()));
    await db.update(courses).set({ settledAt: paidAt, updatedAt: paidAt }).where(eq(courses.id, settled.id));
    await db.update(parkTransactions).set({ createdAt: paidAt, updatedAt: paidAt, completedAt: paidAt }).where(eq(parkTransactions.id, settlement.transaction_id));
  }
  return { clients: clientRows.length, courses: rows.length, finished: done.length };
}
