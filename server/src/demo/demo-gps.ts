import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { loadConfig } from '../platform/config.ts';
import { createSecretBox, type SecretBox } from '../platform/secrets/secret-box.ts';
import { FLESPI_DEMO_TOKEN } from '../integrations/flespi/flespi.simulator.ts';
import { gpsSecretContext } from '../modules/gps/gps-link.ts';
import { gpsConnections, penaltyTriggers } from '../modules/gps/gps.tables.ts';
import { vehicleGroups, vehicles } from '../modules/vehicles/vehicles.tables.ts';
import type { DemoPark } from './demo-maintenance.ts';

/**
 * The demo park's GPS (issue 22 section 4): connected to the flespi simulator with its demo token
 * (sealed as the settings form seals it), a tracker in every vehicle but a few (so 'Sans GPS'
 * shows too), and three penalty triggers: a reminder by SMS the morning after an unpaid recipe,
 * an engine lock after three days unpaid for the vehicles of the 'Aéroport' group, and a buzzer
 * past half the objective, left disabled. The simulator's devices drive around Douala by day and
 * park at night, so the fleet map shows vehicles moving; the trigger job acts on the demo's unpaid
 * recipes from its first pass (the lock only once a vehicle has stopped).
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
