import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { profiles } from '../modules/access/access.tables.ts';
import { brands, colors, documentTypes, driverTypes, grades, models, vehicleContractTypes, vehicleTypes } from '../modules/catalog/catalog.tables.ts';
import { drivers } from '../modules/drivers/drivers.tables.ts';
import { vehicleOwners } from '../modules/owners/owners.tables.ts';
import {
  vehicleConfigDrivers,
  vehicleConfigs,
  vehicleDocuments,
  vehicleGroupAdmins,
  vehicleGroups,
  vehicleRecipeConfigs,
  vehicles,
} from '../modules/vehicles/vehicles.tables.ts';
import { uuidv7 } from '../platform/ids.ts';

/**
 * A realistic fleet for a park: owners, drivers, vehicles with their work and recipe
 * configurations, documents (some expiring soon, a few expired) and groups. The demo park gets a
 * small one so a newcomer sees a living fleet; the benchmark seed a large one to measure pages at
 * scale. Rows go in directly, in batches, and are valid by construction: every configuration
 * follows the rules the API enforces (one driver per vehicle on any day, work days never on the
 * salary day, distinct hourly slots).
 */
export interface FleetSize {
  vehicles: number;
  drivers: number;
}

const FIRST_NAMES = ['Jean', 'Paul', 'Serge', 'Arnaud', 'Hervé', 'Blaise', 'Cyrille', 'Franck', 'Landry', 'Yannick', 'Aristide', 'Boris', 'Christian', 'Didier', 'Emmanuel', 'Fabrice', 'Gaston', 'Hugues', 'Ibrahim', 'Joël', 'Kevin', 'Lionel', 'Moussa', 'Nestor', 'Olivier', 'Patrice', 'Rodrigue', 'Samuel', 'Thierry', 'Ulrich', 'Vincent', 'William', 'Aminata', 'Brigitte', 'Clarisse', 'Danielle', 'Estelle', 'Flore', 'Grâce', 'Mireille'];
const LAST_NAMES = ['Mbarga', 'Ngono', 'Fotso', 'Tchoupo', 'Kamga', 'Essomba', 'Nkodo', 'Ekotto', 'Atangana', 'Bello', 'Djoumessi', 'Eto', 'Fouda', 'Hamadou', 'Kouam', 'Mballa', 'Ndongo', 'Onana', 'Tagne', 'Wamba', 'Abega', 'Biyik', 'Manga', 'Nana', 'Simo', 'Talla', 'Yimga', 'Zambo', 'Owona', 'Moukoko'];
const REGION_PREFIXES = ['LT', 'CE', 'OU', 'NW', 'SW', 'AD'];
const LABELS = ['Taxi', 'VTC', 'Navette', 'Location'];
const MODEL_PREFERENCE = ['Corolla', 'Yaris', 'RAV4', 'Accent', 'Dzire', 'Rio', '301', 'Logan', 'Camry', 'Picanto'];

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length];
}

/** yyyy-MM-dd of today plus some days (UTC calendar; close enough for seed data). */
function day(offset: number, from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + offset));
  return d.toISOString().slice(0, 10);
}

/** The Monday of the current week, for alternations that start on a week boundary. */
function thisMonday(): string {
  const now = new Date();
  const dow = (now.getUTCDay() + 6) % 7; // 0 = Monday
  return day(-dow, now);
}

async function referenceIds(db: Db) {
  const [types, brandRows, modelRows, colorRows, docTypes, gradeRows, driverTypeRows, contractTypes] = await Promise.all([
    db.select().from(vehicleTypes),
    db.select().from(brands),
    db.select().from(models),
    db.select().from(colors),
    db.select().from(documentTypes).where(isNull(documentTypes.parkId)),
    db.select().from(grades).where(isNull(grades.parkId)),
    db.select().from(driverTypes).where(isNull(driverTypes.parkId)),
    db.select().from(vehicleContractTypes).where(isNull(vehicleContractTypes.parkId)),
  ]);
  if (!types.length || !modelRows.length || !colorRows.length || !docTypes.length) {
    throw new Error('reference data missing: the reference-data migration must run before the fleet seed');
  }
  // Prefer the models this market drives most, in that order, then the rest.
  const preferred = MODEL_PREFERENCE.map((n) => modelRows.find((m) => m.name === n)).filter((m) => m !== undefined);
  const orderedModels = [...preferred, ...modelRows.filter((m) => !preferred.includes(m))];
  const berline = types.find((t) => /berline/i.test(t.name)) ?? types[0];
  return {
    vehicleTypeId: berline.id,
    models: orderedModels.map((m) => ({ id: m.id, brandId: m.brandId })),
    brandIds: new Set(brandRows.map((b) => b.id)),
    colorIds: colorRows.map((c) => c.id),
    docTypeIds: docTypes.sort((a, b) => a.id - b.id).slice(0, 3).map((d) => d.id),
    gradeIds: gradeRows.map((g) => g.id),
    driverTypeIds: driverTypeRows.map((t) => t.id),
    contractTypeIds: contractTypes.map((c) => c.id),
  };
}

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Fills a park with a fleet of the given size. Vehicles come in kinds, in turn: most with one
 * driver Monday to Saturday and Sunday as salary day; some with two drivers alternating every day;
 * some hourly with a handover at 12:30; a few not configured yet. Spare drivers stay free, a few
 * suspended or deactivated.
 */
export async function seedFleet(db: Db, parkId: string, size: FleetSize): Promise<{ vehicles: number; drivers: number }> {
  const ref = await referenceIds(db);

  const ownerRows = Array.from({ length: Math.max(2, Math.round(size.vehicles / 6)) }, (_, i) => {
    const company = i % 2 === 1;
    return {
      id: uuidv7(),
      parkId,
      type: (company ? 'entreprise' : 'individuel') as 'entreprise' | 'individuel',
      firstName: pick(FIRST_NAMES, i * 7 + 3),
      lastName: pick(LAST_NAMES, i * 5 + 1),
      businessName: company ? `${pick(LAST_NAMES, i * 3)} Transport SARL` : null,
      phone: `+2376${String(71000000 + i).padStart(8, '0')}`,
      street: pick(['Akwa', 'Bonapriso', 'Bonamoussadi', 'Makepe', 'Deido', 'Bonabéri'], i),
    };
  });
  await insertBatched(ownerRows, (b) => db.insert(vehicleOwners).values(b));

  const driverRows = Array.from({ length: size.drivers }, (_, i) => ({
    id: uuidv7(),
    parkId,
    firstName: pick(FIRST_NAMES, i),
    lastName: pick(LAST_NAMES, i * 3 + Math.floor(i / LAST_NAMES.length)),
    phone: `+2376${String(80000000 + i).padStart(8, '0')}`,
    cniNumber: `CM${String(100000000 + i * 37)}`,
    sex: (i % 10 >= 8 ? 'women' : 'men') as 'men' | 'women',
    gradeId: ref.gradeIds.length ? pick(ref.gradeIds, i) : null,
    driverTypeId: ref.driverTypeIds.length ? pick(ref.driverTypeIds, i) : null,
    startWorkAt: day(-150 - (i % 700)),
    // Most drivers take no weekly day off (the salary day is their rest from paying); one in five
    // keeps Sunday, which the planning then reports as a conflict on Sundays.
    daysOff: i % 5 === 4 ? [7] : [],
    blockedAt: null as Date | null,
    blockReason: null as string | null,
    desactivateAt: null as Date | null,
  }));

  // Vehicle kinds, in turn: 1 = one driver, 2 = alternating pair, 3 = hourly pair, 0 = not configured.
  const kinds = Array.from({ length: size.vehicles }, (_, i) => [1, 1, 2, 1, 3, 1, 2, 1, 1, 0][i % 10]);
  let nextDriver = 0;
  const takeDriver = () => (nextDriver < driverRows.length ? driverRows[nextDriver++] : null);

  const vehicleRows: (typeof vehicles.$inferInsert)[] = [];
  const configRows: (typeof vehicleConfigs.$inferInsert)[] = [];
  const configDriverRows: (typeof vehicleConfigDrivers.$inferInsert)[] = [];
  const recipeRows: (typeof vehicleRecipeConfigs.$inferInsert)[] = [];
  const documentRows: (typeof vehicleDocuments.$inferInsert)[] = [];

  kinds.forEach((kind, i) => {
    const model = pick(ref.models, i);
    const id = uuidv7();
    const status = i % 23 === 5 ? 'maintain' : i % 29 === 7 ? 'deactivated' : i % 19 === 11 ? 'reserve' : 'active';
    vehicleRows.push({
      id,
      parkId,
      status,
      label: `${pick(LABELS, i)} ${String(i + 1).padStart(3, '0')}`,
      vehicleTypeId: ref.vehicleTypeId,
      brandId: model.brandId,
      modelId: model.id,
      colorId: pick(ref.colorIds, i * 3),
      registrationNumber: `${pick(REGION_PREFIXES, i)}-${String(100 + ((i * 37) % 900)).padStart(3, '0')}-${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}${i >= 676 ? Math.floor(i / 676) : ''}`,
      chassisNumber: `JTD${String(1000000000 + i * 7919).slice(0, 10)}${i}`,
      mileage: 40000 + ((i * 7331) % 160000),
      mileageForVidange: 45000 + ((i * 7331) % 160000),
      entryFleetAt: day(-60 - (i % 900)),
      circulationAt: 2012 + (i % 13),
      vehicleOwnerId: pick(ownerRows, i).id,
      contractTypeId: ref.contractTypeIds.length ? pick(ref.contractTypeIds, i) : null,
      tags: i % 4 === 0 ? ['Climatisé'] : [],
    });

    // Documents: insurance, technical inspection, registration card; some insurance ends soon.
    const insuranceEnd = i % 8 === 0 ? day(5 + (i % 20)) : i % 17 === 3 ? day(-3) : day(120 + (i % 200));
    const docs: [number | undefined, string, string][] = [
      [ref.docTypeIds[0], day(-245), insuranceEnd],
      [ref.docTypeIds[1], day(-100), i % 11 === 4 ? day(12) : day(265)],
      [ref.docTypeIds[2], day(-900), day(900)],
    ];
    for (const [typeId, start, end] of docs) {
      if (typeId !== undefined) documentRows.push({ id: uuidv7(), parkId, vehicleId: id, documentTypeId: typeId, startDate: start, endDate: end });
    }

    if (kind === 0 || status === 'deactivated') return;
    const first = takeDriver();
    const second = kind >= 2 ? takeDriver() : null;
    if (!first || (kind >= 2 && !second)) return;

    recipeRows.push({
      vehicleId: id,
      parkId,
      manageInVtc: true,
      collectionMethod: 'both',
      collectionType: 'recipe_objective',
      amount: kind === 3 ? 8000 : pick([12000, 15000, 18000], i),
      salaryAmount: kind === 3 ? 1500 : 3000,
      frequency: 'daily',
      collectTime: '20:30',
    });
    const base = { vehicleId: id, parkId, startTime: '08:30', endTime: '18:30', workProgram: 'driver_in_turn', salaryDayConfig: true, salaryDayId: 7 };
    if (kind === 1) {
      configRows.push({ ...base, workPlanning: 'daily', numberDrivers: 1 });
      configDriverRows.push({ vehicleId: id, driverId: first.id, parkId, position: 1, startWorkAt: first.startWorkAt, workDays: [1, 2, 3, 4, 5, 6] });
    } else if (kind === 2) {
      configRows.push({ ...base, workPlanning: 'daily', numberDrivers: 2, alternation: true, alternatingDays: 1, startAlternationAt: thisMonday(), firstDriverAlternationId: first.id });
      configDriverRows.push({ vehicleId: id, driverId: first.id, parkId, position: 1, startWorkAt: first.startWorkAt, workDays: [] });
      configDriverRows.push({ vehicleId: id, driverId: second!.id, parkId, position: 2, startWorkAt: second!.startWorkAt, workDays: [] });
    } else {
      configRows.push({ ...base, workPlanning: 'hourly', numberDrivers: 2, passationTime: '12:30', endTime: '20:30' });
      configDriverRows.push({ vehicleId: id, driverId: first.id, parkId, position: 1, startWorkAt: first.startWorkAt, workDays: [1, 2, 3, 4, 5, 6], hourIntervalId: 1 });
      configDriverRows.push({ vehicleId: id, driverId: second!.id, parkId, position: 2, startWorkAt: second!.startWorkAt, workDays: [1, 2, 3, 4, 5, 6], hourIntervalId: 2 });
    }
  });

  // Of the drivers left without a vehicle, a few are suspended or have left.
  for (let i = nextDriver; i < driverRows.length; i++) {
    const k = i - nextDriver;
    if (k % 5 === 1) {
      driverRows[i].blockedAt = new Date();
      driverRows[i].blockReason = 'Retards répétés sur les versements';
    } else if (k % 5 === 3) {
      driverRows[i].desactivateAt = new Date();
    }
  }

  await insertBatched(driverRows, (b) => db.insert(drivers).values(b));
  await insertBatched(vehicleRows, (b) => db.insert(vehicles).values(b));
  await insertBatched(configRows, (b) => db.insert(vehicleConfigs).values(b));
  await insertBatched(configDriverRows, (b) => db.insert(vehicleConfigDrivers).values(b));
  await insertBatched(recipeRows, (b) => db.insert(vehicleRecipeConfigs).values(b));
  await insertBatched(documentRows, (b) => db.insert(vehicleDocuments).values(b));

  // Groups by district, each run by the park's non-owner administrators when there are some.
  const groupNames = ['Akwa', 'Bonabéri', 'Aéroport'];
  const admins = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.parkId, parkId), eq(profiles.role, 'MEMBER'), isNull(profiles.removedAt)));
  for (const [g, title] of groupNames.entries()) {
    const [group] = await db
      .insert(vehicleGroups)
      .values({ parkId, title, description: `Véhicules basés à ${title}` })
      .returning({ id: vehicleGroups.id });
    const members = vehicleRows.filter((_, i) => i % 4 === g).map((v) => v.id!);
    await insertBatched(members, (ids) => db.update(vehicles).set({ groupId: group.id }).where(inArray(vehicles.id, ids)));
    if (admins.length) await db.insert(vehicleGroupAdmins).values(admins.map((a) => ({ groupId: group.id, profileId: a.id, parkId })));
  }

  return { vehicles: vehicleRows.length, drivers: driverRows.length };
}
