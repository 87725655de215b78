import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { loadConfig } from '../platform/config.ts';
import { fromWireDate, toWireDate } from '../platform/dates.ts';
import { createDeviceFleet } from '../integrations/gps-sim/device-fleet.ts';
import { drivers } from '../modules/drivers/drivers.tables.ts';
import { driverPositions } from '../modules/phone-gps/phone-gps.tables.ts';
import { createSecretBox, type SecretBox } from '../platform/secrets/secret-box.ts';
import { FLESPI_DEMO_TOKEN } from '../integrations/flespi/flespi.simulator.ts';
import { gpsSecretContext } from '../modules/gps/gps-link.ts';
import { gpsConnections, penaltyTriggers } from '../modules/gps/gps.tables.ts';
import { vehicleConfigDrivers, vehicleGroups, vehicles } from '../modules/vehicles/vehicles.tables.ts';
import type { DemoPark } from './demo-maintenance.ts';

/**
 * The demo park's GPS (issue 22 section 4): connected to the flespi simulator with its demo token
 * (sealed as the settings form seals it), a tracker in every vehicle but a few (so 'Sans GPS'
 * shows too), and three penalty triggers: a reminder by SMS the morning after an unpaid recipe,
 * an engine lock after three days unpaid for the vehicles of the 'Aéroport' group, and a buzzer
 * past half the objective, left disabled. The simulator's devices drive around Douala by day and
 * park at night, so the fleet map shows vehicles moving; the trigger job acts on the demo's unpaid
 * recipes from its first pass (the lock only once a vehicle has stopped). Three drivers share their
 * phone's position ('GPS téléphones'): yesterday's and today's working hours, where their vehicle's
 * tracker drove.
 *
 * Idempotent: the connection and the triggers are written once; a vehicle keeps a GPS number it has.
 */

/** Vehicles left without a tracker: every WITHOUT_GPS_EVERY-th. */
const WITHOUT_GPS_EVERY = 6;

/**
 * A 15-digit tracker ident (IMEI-like) for the i-th vehicle. The simulator puts idents ending in
 * an even digit in Douala, where the demo park is.
 */
export function demoImei(i: number): string {
  return `35693803${String(i).padStart(6, '0')}${(i % 5) * 2}`;
}

export interface DemoGpsSeeded {
  equipped: number;
  triggers: number;
}

/** Drivers who share their phone's position in the demo ('GPS téléphones'). */
export const DEMO_PHONE_SHARERS = 3;
/** Their working hours, park time: the demo's plannings run 08:30 to 18:30. */
const SHIFT = { start: '08:30', end: '18:30' };
/** A position every 5 minutes (the phone reports at most every 30 s; a demo needn't keep so many). */
const PHONE_STEP_MS = 5 * 60_000;

/**
 * Phone positions (issue 22 section 2) for DEMO_PHONE_SHARERS drivers of equipped vehicles: their
 * consent, and yesterday's and today's positions (so far) during their working hours, where their
 * vehicle's simulated tracker was (the same deterministic day), with a phone's accuracy. Once: a
 * park holding positions keeps them.
 */
export async function seedDemoPhonePositions(db: Db, park: DemoPark, now = new Date()): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(driverPositions).where(eq(driverPositions.parkId, park.parkId));
  if (count > 0) return 0;
  const sharers = await db
    .selectDistinctOn([drivers.id], { driverId: drivers.id, ident: vehicles.gpsNumber })
    .from(vehicleConfigDrivers)
    .innerJoin(drivers, eq(drivers.id, vehicleConfigDrivers.driverId))
    .innerJoin(vehicles, eq(vehicles.id, vehicleConfigDrivers.vehicleId))
    .where(and(eq(drivers.parkId, park.parkId), isNotNull(vehicles.gpsNumber), isNull(drivers.desactivateAt), isNull(drivers.blockedAt)))
    .orderBy(drivers.id)
    .limit(DEMO_PHONE_SHARERS);
  if (sharers.length === 0) return 0;
  const devices = createDeviceFleet({ now: () => now });
  const today = toWireDate(now, park.timeZone).slice(0, 10);
  const yesterday = toWireDate(new Date(now.getTime() - 86_400_000), park.timeZone).slice(0, 10);
  const rows: (typeof driverPositions.$inferInsert)[] = [];
  for (const [i, s] of sharers.entries()) {
    for (const day of [yesterday, today]) {
      const from = fromWireDate(`${day}T${SHIFT.start}:00`, park.timeZone);
      const to = new Date(Math.min(fromWireDate(`${day}T${SHIFT.end}:00`, park.timeZone).getTime(), now.getTime()));
      let next = from.getTime();
      for (const f of to > from ? devices.fixesBetween(s.ident!, from, to) : []) {
        if (f.at.getTime() < next) continue;
        next = f.at.getTime() + PHONE_STEP_MS;
        rows.push({
          parkId: park.parkId,
          driverId: s.driverId,
          recordedAt: f.at,
          receivedAt: new Date(f.at.getTime() + 2_000),
          latitude: f.latitude,
          longitude: f.longitude,
          accuracyM: 8 + ((i * 7 + rows.length) % 17),
          speedKmh: f.speedKmh,
          heading: f.course,
        });
      }
    }
  }
  await db.update(drivers).set({ gpsConsentAt: new Date(now.getTime() - 2 * 86_400_000) }).where(inArray(drivers.id, sharers.map((s) => s.driverId)));
  for (let at = 0; at < rows.length; at += 1000) await db.insert(driverPositions).values(rows.slice(at, at + 1000));
  return rows.length;
}

export async function seedDemoGps(db: Db, park: DemoPark, owner: { profileId: string }, opts: { box?: SecretBox } = {}): Promise<DemoGpsSeeded> {
  const box = opts.box ?? createSecretBox(loadConfig().secretsKey);
  await db
    .insert(gpsConnections)
    .values({
      parkId: park.parkId,
      provider: 'flespi',
      secretSealed: box.seal(FLESPI_DEMO_TOKEN, gpsSecretContext(park.parkId)),
      secretLast4: FLESPI_DEMO_TOKEN.slice(-4),
      status: 'ok',
      checkedAt: new Date(),
      updatedBy: owner.profileId,
    })
    .onConflictDoNothing();

  const rows = await db
    .select({ id: vehicles.id, label: vehicles.label, gps: vehicles.gpsNumber })
    .from(vehicles)
    .where(eq(vehicles.parkId, park.parkId));
  const n = (label: string | null) => Number(/(\d+)$/.exec(label ?? '')?.[1] ?? 0);
  rows.sort((a, b) => n(a.label) - n(b.label) || (a.id < b.id ? -1 : 1));
  let equipped = 0;
  for (const [i, v] of rows.entries()) {
    if (v.gps) {
      equipped += 1;
      continue;
    }
    if ((i + 1) % WITHOUT_GPS_EVERY === 0) continue;
    await db.update(vehicles).set({ gpsNumber: demoImei(i) }).where(and(eq(vehicles.id, v.id), isNull(vehicles.gpsNumber)));
    equipped += 1;
  }

  await seedDemoPhonePositions(db, park);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(penaltyTriggers).where(eq(penaltyTriggers.parkId, park.parkId));
  if (count > 0) return { equipped, triggers: count };
  const airport = await db
    .select({ id: vehicleGroups.id })
    .from(vehicleGroups)
    .where(and(eq(vehicleGroups.parkId, park.parkId), inArray(vehicleGroups.title, ['Aéroport'])));
  const base = { parkId: park.parkId, createdBy: owner.profileId };
  await db.insert(penaltyTriggers).values([
    {
      ...base,
      title: 'Rappel de recette impayée',
      description: 'Un SMS au chauffeur le lendemain matin d’une recette non réglée.',
      calculationType: 'time',
      graceDays: 0,
      graceHours: 5,
      selectedAction: 'notification',
      notificationType: 'sms',
      notificationMessage: 'Bonjour, votre recette n’est pas encore réglée. Merci de passer à la caisse ou de payer par mobile money.',
      autoCancel: false,
      enabled: true,
    },
    {
      ...base,
      title: 'Blocage après 3 jours d’impayé',
      description: 'Coupe le moteur, une fois le véhicule arrêté depuis 5 minutes, et le rend dès que la dette est réglée.',
      calculationType: 'time',
      graceDays: 3,
      graceHours: 0,
      selectedAction: 'lock',
      buzzerDuration: 10,
      stopDelay: 5,
      autoCancel: true,
      enabled: true,
      vehicleGroupIds: airport.map((g) => g.id),
    },
    {
      ...base,
      title: 'Alerte dette supérieure à la moitié de l’objectif',
      calculationType: 'amount',
      graceDays: 0,
      graceHours: 0,
      actionType: 'percentage',
      threshold: 50,
      selectedAction: 'buzzer',
      buzzerDuration: 15,
      buzzerMode: 'intermittent',
      autoCancel: false,
      enabled: false,
    },
  ]);
  return { equipped, triggers: 3 };
}
