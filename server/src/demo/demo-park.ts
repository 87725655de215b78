import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { parks } from '../modules/access/access.tables.ts';
import { addProfile, createPark, createUser } from '../modules/access/parks.service.ts';
import { seedFleet } from './fleet-generator.ts';
import { seedOperations } from './operations-generator.ts';
import { seedDemoPlanningAndRecipes } from './demo-planning-recipes.ts';
import { seedDemoMaintenance } from './demo-maintenance.ts';
import { seedDemoContracts } from './demo-contracts.ts';
import { seedDemoClientsCourses } from './demo-clients-courses.ts';
import { seedDemoYango } from './demo-yango.ts';
import { seedDemoGps } from './demo-gps.ts';
import { seedDemoSecondPark, seedDemoSubscription } from './demo-subscriptions.ts';
import { loadConfig } from '../platform/config.ts';
import { openStorage } from '../platform/storage/storage.config.ts';
import type { FileStorage } from '../platform/storage/storage.types.ts';
import { caisseAdmins, caisses } from '../modules/treasury/treasury.tables.ts';

/**
 * The demo park, created on the first start only, with its fleet and its money. Later issues add
 * theirs here, each in its own seed step.
 */
export const DEMO = {
  parkCode: 'FLOTTE-DEMO',
  password: 'Flotte2026!',
  owner: { email: 'owner@flotte.demo', phone: '+237690000001' },
  agent: { email: 'agent@flotte.demo', phone: '+237690000002' },
} as const;

export async function seedDemoPark(db: Db, opts: { storage?: FileStorage } = {}): Promise<{ created: boolean; steps?: Record<string, number> }> {
  // How long each step took (ms), for the start's log.
  const steps: Record<string, number> = {};
  let t = Date.now();
  let c = process.cpuUsage();
  const step = (name: string) => {
    const now = Date.now();
    const used = process.cpuUsage(c);
    steps[name] = now - t;
    steps[`${name}Cpu`] = Math.round((used.user + used.system) / 1000);
    t = now;
    c = process.cpuUsage();
  };
  const [existing] = await db.select({ id: parks.id }).from(parks).where(eq(parks.code, DEMO.parkCode)).limit(1);
  if (existing) return { created: false };
  const park = await createPark(db, {
    name: 'Flotte Démo',
    code: DEMO.parkCode,
    countryCode: 'CM',
    city: 'Douala',
    currency: 'XAF',
    timeZone: 'Africa/Douala',
    phone: '+237690000000',
    phoneCode: '237',
    legalNotice: 'Flotte Démo SARL, Akwa, Douala. Parc de démonstration.',
  });
  const owner = await createUser(db, {
    ...DEMO.owner,
    password: DEMO.password,
    firstName: 'Aïcha',
    lastName: 'Mbarga',
    ownerType: 'professionnel',
    countryIsoCode: 'CM',
  });
  const ownerProfile = await addProfile(db, { userId: owner.id, parkId: park.id, type: 'proprietaire', owner: true });
  const agent = await createUser(db, {
    ...DEMO.agent,
    password: DEMO.password,
    firstName: 'Jean-Paul',
    lastName: 'Ekwalla',
    countryIsoCode: 'CM',
  });
  // Collecting money and reading the fleet, no access management.
  const agentProfile = await addProfile(db, { userId: agent.id, parkId: park.id, type: 'agent', roleNames: ['Caissier'] });
  // A living fleet: about 25 vehicles with their configurations, 40 drivers, owners, groups and
  // documents, some of them expiring soon.
  step('accounts');
  await seedFleet(db, park.id, { vehicles: 25, drivers: 40 });
  step('fleet');
  // Its money: three caisses and six months of operations (about 13 a day), a few waiting for the
  // owner's confirmation, refused or cancelled. The agent's new operations wait for the owner too.
  await seedOperations(db, park.id, { count: 2_400, years: 0.5 });
  step('operations');
  // The cashier keeps the Akwa till: it is one of the caisses offered when recording an expense.
  const [akwa] = await db.select({ id: caisses.id }).from(caisses).where(and(eq(caisses.parkId, park.id), eq(caisses.name, 'Caisse Akwa')));
  await db.insert(caisseAdmins).values({ caisseId: akwa.id, profileId: agentProfile.id, parkId: park.id });
  // Its garages and six months of maintenance (invoices stored like any park file), a vehicle at
  // the garage today, two expected next week, service reminders and this morning's notifications.
  // Before the planning, which then plans nobody on a vehicle while it is at the garage.
  const storage = opts.storage ?? (await openStorage(loadConfig().storage));
  try {
    await seedDemoMaintenance(db, { parkId: park.id, timeZone: 'Africa/Douala', currency: 'XAF' }, { profileId: ownerProfile.id, userId: owner.id }, { storage });
  } finally {
    if (!opts.storage) await storage.close();
  }
  step('maintenance');
  // Its working life: a confirmed planning from three months ago to a month ahead, the recipes it
  // made, mostly collected (some in part, some by mobile money), a few unpaid or deleted, debts,
  // and last month's salaries of four drivers.
  await seedDemoPlanningAndRecipes(db, { parkId: park.id, timeZone: 'Africa/Douala', currency: 'XAF' }, ownerProfile.id, new Date(), step);
  // Its contracts: three partners paid monthly from a caisse, three drivers buying their car (new,
  // half paid with a missed week, paid off last month), through the contracts' services.
  const contractStorage = opts.storage ?? (await openStorage(loadConfig().storage));
  try {
    await seedDemoContracts(db, { parkId: park.id, timeZone: 'Africa/Douala', currency: 'XAF' }, { profileId: ownerProfile.id }, { storage: contractStorage });
  } finally {
    if (!opts.storage) await contractStorage.close();
  }
  step('contracts');
  // Its business clients at real places of Douala and some thirty courses: past (their money in
  // the cash caisse or owed), running now, coming.
  await seedDemoClientsCourses(db, { parkId: park.id, timeZone: 'Africa/Douala', currency: 'XAF' }, { profileId: ownerProfile.id });
  step('courses');
  // Its Yango link: connected to the simulator's park, half its drivers linked, two collected on
  // their Yango revenue and one vehicle on 'yango_recipe', their last 30 days of activity copied.
  await seedDemoYango(db, { parkId: park.id, timeZone: 'Africa/Douala', currency: 'XAF' }, { profileId: ownerProfile.id });
  step('yango');
  // Its GPS: connected to the flespi simulator, trackers in most vehicles, three penalty triggers.
  await seedDemoGps(db, { parkId: park.id, timeZone: 'Africa/Douala', currency: 'XAF' }, { profileId: ownerProfile.id });
  step('gps');
  // Its subscription in place of the trial: Premium monthly, 23 days left, two paid invoices; and
  // the owner's second park in Yaoundé, ending in 6 days (the near-end banner).
  await seedDemoSubscription(db, park.id, ownerProfile.id);
  await seedDemoSecondPark(db, owner.id);
  step('subscriptions');
  await db.update(parks).set({ operationsNeedConfirmation: true }).where(eq(parks.id, park.id));
  step('end');
  return { created: true, steps };
}

export function demoBanner(url: string): string {
  return [
    '',
    `  Flotte est prêt sur ${url}`,
    '',
    '  Parc de démonstration « Flotte Démo » (Douala, XAF) :',
    `    Propriétaire : ${DEMO.owner.email} ou ${DEMO.owner.phone}, mot de passe ${DEMO.password}`,
    `    Agent        : ${DEMO.agent.email}, mot de passe ${DEMO.password}`,
    '',
    '  Mode démo : aucun SMS ni email ne part. Les codes à usage unique sont affichés ici',
    `  dans le journal ([outbox] ...) et lisibles sur ${url}/api/dev/outbox?to=${DEMO.owner.email}`,
    '',
  ].join('\n');
}
