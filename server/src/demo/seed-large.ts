import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { applyMigrations } from '../platform/db/migrate.ts';
import { addProfile, createPark, createUser } from '../modules/access/parks.service.ts';
import { seedFleet } from './fleet-generator.ts';
import { seedOperations } from './operations-generator.ts';
import { seedRecipeHistory } from './recipes-generator.ts';
import { seedMaintenances } from './maintenance-generator.ts';
import { seedContracts } from './contracts-generator.ts';
import { seedCourses } from './courses-generator.ts';
import { seedYangoActivity } from './yango-generator.ts';
import { seedGpsActivity } from './gps-generator.ts';
import { seedSubscriptionHistory } from './subscriptions-generator.ts';
import { createSecretBox } from '../platform/secrets/secret-box.ts';
import { yangoSimParkData } from '../integrations/yango/yango.simulator-data.ts';
import { DEMO_YANGO_PARK } from '../integrations/yango/yango.types.ts';
import '../modules/registrations.ts';

/**
 * `npm run seed:large -- --vehicles 1000` (in bench/): a park with a large fleet (2.5 drivers per
 * vehicle, with documents and configurations) on DATABASE_URL or the DATA_DIR database, for
 * benchmarks of list pages at scale. `--operations 1000000` adds that many operations over three
 * years (the default: none); `--recipes-years 3` that many years of daily recipes; `--maintenances
 * 200000` that many maintenances over three years, with a few dozen suppliers; `--contracts 10000` that
 * many partner and driver contracts with their instalments; `--courses 100000` that many courses over
 * three years with their clients; `--yango-drivers 150` links that many drivers to Yango with
 * `--yango-days` (120) days of their Yango orders and transactions in our copy; `--gps-vehicles 1000` gives
 * that many vehicles a tracker of the flespi simulator, with `--gps-triggers` (20) penalty triggers,
 * `--gps-actions` (100,000) rows of their action log over 90 days and the matching episodes;
 * `--subscription-years 5` that many years of a paid monthly subscription with its invoices and
 * `--subscription-upgrades` (40) upgrades, the running one leaving `--subscription-headroom` (0)
 * vehicles free. Prints the park and its owner's sign-in.
 */
async function main() {
  const { values } = parseArgs({ options: { vehicles: { type: 'string', default: '1000' }, drivers: { type: 'string' }, operations: { type: 'string', default: '0' }, 'recipes-years': { type: 'string', default: '0' }, maintenances: { type: 'string', default: '0' }, contracts: { type: 'string', default: '0' }, courses: { type: 'string', default: '0' }, 'yango-drivers': { type: 'string', default: '0' }, 'yango-days': { type: 'string', default: '120' }, 'gps-vehicles': { type: 'string', default: '0' }, 'gps-triggers': { type: 'string', default: '20' }, 'gps-actions': { type: 'string', default: '100000' }, 'subscription-years': { type: 'string', default: '0' }, 'subscription-upgrades': { type: 'string', default: '40' }, 'subscription-headroom': { type: 'string', default: '0' } } });
  const vehicleCount = Number(values.vehicles);
  if (!Number.isInteger(vehicleCount) || vehicleCount < 1) throw new Error('--vehicles takes a positive whole number');
  const driverCount = values.drivers ? Number(values.drivers) : Math.round(vehicleCount * 2.5);
  const operationCount = Number(values.operations);
  if (!Number.isInteger(operationCount) || operationCount < 0) throw new Error('--operations takes a whole number');
  const recipeYears = Number(values['recipes-years']);
  if (!Number.isFinite(recipeYears) || recipeYears < 0) throw new Error('--recipes-years takes a number of years');
  const maintenanceCount = Number(values.maintenances);
  if (!Number.isInteger(maintenanceCount) || maintenanceCount < 0) throw new Error('--maintenances takes a whole number');
  const contractCount = Number(values.contracts);
  if (!Number.isInteger(contractCount) || contractCount < 0) throw new Error('--contracts takes a whole number');
  const courseCount = Number(values.courses);
  if (!Number.isInteger(courseCount) || courseCount < 0) throw new Error('--courses takes a whole number');
  const yangoDrivers = Number(values['yango-drivers']);
  const yangoDays = Number(values['yango-days']);
  if (!Number.isInteger(yangoDrivers) || yangoDrivers < 0 || !Number.isInteger(yangoDays) || yangoDays < 1) throw new Error('--yango-drivers and --yango-days take whole numbers');

  const gpsVehicles = Number(values['gps-vehicles']);
  const gpsTriggers = Number(values['gps-triggers']);
  const gpsActions = Number(values['gps-actions']);
  if ([gpsVehicles, gpsTriggers, gpsActions].some((n) => !Number.isInteger(n) || n < 0)) throw new Error('--gps-vehicles, --gps-triggers and --gps-actions take whole numbers');

  const subscriptionYears = Number(values['subscription-years']);
  const subscriptionUpgrades = Number(values['subscription-upgrades']);
  const subscriptionHeadroom = Number(values['subscription-headroom']);
  if ([subscriptionYears, subscriptionUpgrades, subscriptionHeadroom].some((n) => !Number.isInteger(n) || n < 0)) throw new Error('--subscription-years, --subscription-upgrades and --subscription-headroom take whole numbers');

  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  try {
    await applyMigrations(database);
    const started = Date.now();
    const stamp = Date.now().toString(36);
    const park = await createPark(database.db, { name: `Parc Bench ${vehicleCount}`, countryCode: 'CM', city: 'Douala', currency: 'XAF' });
    const email = `bench.${stamp}@flotte.bench`;
    const password = 'Bench#2026';
    const owner = await createUser(database.db, { email, password, firstName: 'Banc', lastName: "D'essai" });
    const ownerProfile = await addProfile(database.db, { userId: owner.id, parkId: park.id, type: 'proprietaire', owner: true });
    const made = await seedFleet(database.db, park.id, { vehicles: vehicleCount, drivers: driverCount });
    const money = operationCount > 0 ? await seedOperations(database.db, park.id, { count: operationCount, years: 3 }) : { operations: 0, reversals: 0 };
    const today = new Date().toISOString().slice(0, 10);
    const recipeHistory = recipeYears > 0 ? await seedRecipeHistory(database.db, park.id, { years: recipeYears, today }) : { recipes: 0 };
    const maintenance = maintenanceCount > 0 ? await seedMaintenances(database.db, park.id, { count: maintenanceCount, years: 3 }) : { maintenances: 0, suppliers: 0 };
    const contractRows = contractCount > 0 ? await seedContracts(database.db, park.id, { count: contractCount }) : { contracts: 0, instalments: 0 };
    const courseRows = courseCount > 0 ? await seedCourses(database.db, park.id, { count: courseCount }) : { clients: 0, courses: 0 };
    const yango =
      yangoDrivers > 0
        ? await seedYangoActivity(database.db, park.id, {
            drivers: yangoDrivers,
            days: yangoDays,
            box: createSecretBox(config.secretsKey),
            // The simulator's working profiles: the activity's live balance read finds them.
            yangoIds: yangoSimParkData(DEMO_YANGO_PARK).filter((d) => d.workStatus === 'working').map((d) => d.id),
          })
        : { yangoDrivers: 0, yangoTransactions: 0, yangoOrders: 0, yangoSampleId: null };
    // After the recipes: the enabled triggers' episodes follow the drivers' current unpaid runs.
    const gps =
      gpsVehicles > 0
        ? await seedGpsActivity(database.db, park.id, { vehicles: gpsVehicles, triggers: gpsTriggers, actions: gpsActions, box: createSecretBox(config.secretsKey), ownerProfileId: ownerProfile.id })
        : { gpsVehicles: 0, gpsTriggers: 0, gpsEnabledTriggers: 0, gpsEpisodes: 0, gpsDoneLocks: 0, gpsActions: 0, gpsSampleVehicleId: null };
    // The park's paid subscription over the years, in place of its trial (issue 23).
    const subscription =
      subscriptionYears > 0
        ? await seedSubscriptionHistory(database.db, park.id, { years: subscriptionYears, upgrades: subscriptionUpgrades, headroom: subscriptionHeadroom })
        : { subscriptionInvoices: 0, subscriptionVehicles: 0, subscriptionVehiclesUsed: 0 };
    // A bulk load leaves the planner's statistics behind until autovacuum notices, and the totals
    // tables' trigger leaves dead row versions behind; a real park grows slowly and has neither.
    // Vacuum and analyze now, as any bulk import should, so the figures measured right after
    // reflect what production would get.
    await database.pool.query('vacuum analyze');
    console.log(
      JSON.stringify({ park_id: park.id, owner: { email, password, type: 'proprietaire' }, ...made, ...money, ...recipeHistory, ...maintenance, ...contractRows, ...courseRows, ...yango, ...gps, ...subscription, seconds: (Date.now() - started) / 1000 }),
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
