import { and, eq } from 'drizzle-orm';
import {
  VEHICLE_DOCUMENT_MAX_IMAGES,
  VEHICLE_GENERAL_FIELDS,
  VEHICLE_MAX_IMAGES,
  VEHICLE_MESSAGES as VM,
  ZRecipeConfig,
  ZVehicleConfig,
  ZVehicleDocumentInput,
  ZVehicleInput,
  ZVehicleUpdateType,
  type TVehicleAllData,
  type TVehicleDetail,
  type TVehicleInputParsed,
  type TVehicleUpdateType,
} from '@flotte/contract';
import type { z } from 'zod';
import { AppError, fieldError, parseInput } from '../../platform/errors.ts';
import { toMinor } from '../../platform/money.ts';
import { findBrand, findColor, findModel, findScoped, findVehicleType } from '../catalog/catalog.service.ts';
import { storeUpload } from '../files/files.service.ts';
import { assertParkFiles } from '../files/park-file-refs.ts';
import { findOwner } from '../owners/owners.service.ts';
import { addVehicleDocument } from './vehicle-documents.service.ts';
import { parkContext, saveConfig, saveRecipe, type VehiclesDeps } from './vehicle-config.service.ts';
import { findRow, getVehicle, getVehicleAllData, type NewImage } from './vehicles.service.ts';
import { registrationTaken } from './vehicles.queries.ts';
import { vehicles } from './vehicles.tables.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { assertVehicleSlots, checkVehicleSlots } from '../subscriptions/subscription-limits.ts';

/**
 * Registering a vehicle and editing it one section at a time (general information, work planning,
 * automatic revenue, a document), with the rules its schemas can't see: reference data and owner of
 * the park, a model of the brand, a registration free in the park, at most 4 images.
 */


/** The reference data and the owner named must exist for this park, and the model be of the brand. */
async function checkReferences(deps: VehiclesDeps, parkId: string, input: TVehicleInputParsed): Promise<void> {
  const { db } = deps;
  const [type, brand, model, color] = await Promise.all([
    findVehicleType(db, input.vehicle_type_id),
    findBrand(db, input.brand_id),
    findModel(db, input.model_id),
    findColor(db, input.color_id),
  ]);
  if (!type) throw fieldError('vehicle_type_id', VM.vehicleType);
  if (!brand) throw fieldError('brand_id', VM.brand);
  if (!model) throw fieldError('model_id', VM.model);
  if (model.brand_id !== brand.id) throw fieldError('model_id', VM.modelOfBrand);
  if (!color) throw fieldError('color_id', VM.color);
  if (input.contract_type_id != null && !(await findScoped(db, 'contractType', parkId, input.contract_type_id))) {
    throw fieldError('contract_type_id', VM.contractType);
  }
  const pcType = input.property_contract?.contract_type_id;
  if (pcType != null && !(await findScoped(db, 'contractType', parkId, pcType))) throw fieldError('property_contract.contract_type_id', VM.contractType);
  if (input.vehicle_owner_id && !(await findOwner(db, parkId, input.vehicle_owner_id))) throw fieldError('vehicle_owner_id', VM.owner);
}

function minor(amount: number | undefined | null, currency: string, field: string): number | null {
  if (amount == null) return null;
  try {
    return toMinor(amount, currency);
  } catch {
    throw fieldError(field, 'Montant invalide');
  }
}

/** The columns of the general section (images aside). */
function generalColumns(input: TVehicleInputParsed, currency: string) {
  const pc = input.property_contract;
  return {
    label: input.label ?? null,
    vehicleTypeId: input.vehicle_type_id,
    brandId: input.brand_id,
    modelId: input.model_id,
    colorId: input.color_id,
    registrationNumber: input.registration_number,
    chassisNumber: input.chassis_number ?? null,
    gpsNumber: input.gps_number ?? null,
    mileage: input.mileage ?? null,
    mileageForVidange: input.mileage_for_vidange ?? null,
    entryFleetAt: input.entry_fleet_at ?? null,
    circulationAt: input.circulation_at ?? null,
    insuranceSubscriptionAt: input.insurance_subscription_at ?? null,
    vehicleOwnerId: input.vehicle_owner_id ?? null,
    contractTypeId: input.contract_type_id ?? null,
    tags: input.tags ?? [],
    propertyContract: pc
      ? {
          name: pc.name ?? null,
          contract_type_id: pc.contract_type_id ?? null,
          start_date: pc.start_date ?? null,
          end_date: pc.end_date ?? null,
          amount: minor(pc.amount, currency, 'property_contract.amount'),
          payment_frequency: pc.payment_frequency ?? null,
        }
      : null,
    tarif: input.tarif ? input.tarif.map((t, i) => ({ tarif: minor(t.tarif, currency, `tarif.${i}.tarif`)!, cadence: t.cadence })) : null,
  };
}

/**
 * The images the vehicle will show: those kept (already the vehicle's, or files of this park named
 * in JSON), then the new ones, at most 4. New files are stored only once everything else is right.
 */
async function resolveImages(deps: VehiclesDeps, parkId: string, current: string[], kept: string[] | undefined, count: number): Promise<string[]> {
  const keep = kept ?? current;
  if (keep.length + count > VEHICLE_MAX_IMAGES) throw fieldError('images', VM.images);
  // Images the vehicle doesn't hold yet must be images this park uploaded (files/park-file-refs.ts).
  const refs = keep.map((value, i) => ({ field: `images.${i}`, value })).filter((r) => !current.includes(r.value));
  await assertParkFiles(deps.db, parkId, refs);
  return [...new Set(keep)];
}

async function storeImages(deps: VehiclesDeps, parkId: string, userId: string, uploads: NewImage[]): Promise<string[]> {
  const paths: string[] = [];
  for (const u of uploads) paths.push((await storeUpload(deps.files, { parkId, userId, ...u, accept: 'image' })).path);
  return paths;
}

async function assertRegistrationFree(deps: VehiclesDeps, parkId: string, registration: string, exceptId?: string): Promise<void> {
  if (await registrationTaken(deps.db, parkId, registration, exceptId)) throw registrationError();
}

const registrationError = () =>
  new AppError('VEHICLE_REGISTRATION_TAKEN', { fieldErrors: [{ field: 'registration_number', message: "Un véhicule du parc porte déjà ce numéro d'immatriculation" }] });

/** POST /vehicle: the general information (step 1 of the wizard); the vehicle starts active. */
export async function createVehicle(
  deps: VehiclesDeps,
  v: { parkId: string; userId: string; fields: Record<string, unknown>; uploads: NewImage[] },
): Promise<TVehicleDetail> {
  const input = parseInput(ZVehicleInput, v.fields);
  const ctx = await parkContext(deps, v.parkId);
  // Room in the subscription: asked first (a full park learns it before anything else is looked up,
  // and no image is stored for nothing), then again under the park's lock with the insert
  // (subscriptions/subscription-limits.ts), so two at once never pass the limit.
  await checkVehicleSlots(deps.db, v.parkId, 1, ctx.now.day);
  await checkReferences(deps, v.parkId, input);
  await assertRegistrationFree(deps, v.parkId, input.registration_number);
  const columns = generalColumns(input, ctx.currency);
  const kept = await resolveImages(deps, v.parkId, [], input.images ?? [], v.uploads.length);
  const images = [...kept, ...(await storeImages(deps, v.parkId, v.userId, v.uploads))];
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      await assertVehicleSlots(tx, v.parkId, 1, ctx.now.day);
      const [row] = await tx.insert(vehicles).values({ parkId: v.parkId, ...columns, images }).returning({ id: vehicles.id });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw registrationError();
    throw err;
  }
  return getVehicle(deps, v.parkId, id);
}

async function updateGeneral(deps: VehiclesDeps, v: { parkId: string; userId: string; id: string; fields: Record<string, unknown>; uploads: NewImage[] }) {
  const input = parseInput(ZVehicleInput, v.fields);
  const row = await findRow(deps, v.parkId, v.id);
  await checkReferences(deps, v.parkId, input);
  await assertRegistrationFree(deps, v.parkId, input.registration_number, v.id);
  const ctx = await parkContext(deps, v.parkId);
  const columns = generalColumns(input, ctx.currency);
  // The section replaces what the form holds (a field left out is emptied). The property contract
  // and course tariffs aren't in the form: left out, they stay as they were; `tarif: []` clears.
  const { propertyContract, tarif, ...formColumns } = columns;
  const kept = await resolveImages(deps, v.parkId, row.vehicle.images, input.images, v.uploads.length);
  const images = [...kept, ...(await storeImages(deps, v.parkId, v.userId, v.uploads))];
  try {
    await deps.db
      .update(vehicles)
      .set({
        ...formColumns,
        ...(input.property_contract !== undefined && { propertyContract }),
        ...(input.tarif !== undefined && { tarif }),
        images,
        updatedAt: new Date(),
      })
      .where(and(eq(vehicles.id, v.id), eq(vehicles.parkId, v.parkId)));
  } catch (err) {
    if (isUniqueViolation(err)) throw registrationError();
    throw err;
  }
}

// ---------------------------------------------------------------- writing: one section at a time

const DOCUMENT_FIELDS = Object.keys(ZVehicleDocumentInput.shape);
/** The fields each section takes: a field of another section is refused, not silently dropped. */
const SECTION_FIELDS: Record<TVehicleUpdateType, readonly string[]> = {
  general: VEHICLE_GENERAL_FIELDS,
  planning: ['config'],
  recipe: ['recipes'],
  document: DOCUMENT_FIELDS,
};
const ANY_SECTION_FIELD = new Set(Object.values(SECTION_FIELDS).flat());

function assertOnlySection(section: TVehicleUpdateType, fields: Record<string, unknown>, hasUploads: boolean): void {
  const own = new Set(SECTION_FIELDS[section]);
  for (const key of Object.keys(fields)) {
    if (ANY_SECTION_FIELD.has(key) && !own.has(key)) {
      const message = `Le champ « ${key} » n'appartient pas à la section « ${section} »`;
      throw new AppError('VEHICLE_SECTION_MISMATCH', { message, fieldErrors: [{ field: key, message }] });
    }
  }
  if (hasUploads && section !== 'general' && section !== 'document') {
    const message = `Les images n'appartiennent pas à la section « ${section} »`;
    throw new AppError('VEHICLE_SECTION_MISMATCH', { message, fieldErrors: [{ field: 'images', message }] });
  }
}

/** A section sent as a JSON string (form data) or as an object (JSON). */
function objectField(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/**
 * POST /vehicle/update/{id}: `update_type` names the one section the body carries. Another
 * section's fields are refused (VEHICLE_SECTION_MISMATCH), unknown fields ignored. Answers the
 * vehicle with everything the details dialog shows.
 */
export async function updateVehicle(
  deps: VehiclesDeps,
  v: { parkId: string; userId: string; id: string; fields: Record<string, unknown>; uploads: NewImage[] },
): Promise<TVehicleAllData> {
  const { update_type: rawType, ...fields } = v.fields;
  const section = parseInput(ZVehicleUpdateType, rawType ?? 'general', 'update_type');
  assertOnlySection(section, fields, v.uploads.length > 0);
  switch (section) {
    case 'general':
      await updateGeneral(deps, { ...v, fields });
      break;
    case 'planning': {
      const config = parseInput(ZVehicleConfig, objectField(fields.config), 'config.');
      await saveConfig(deps, v.parkId, v.id, config);
      break;
    }
    case 'recipe': {
      const recipe = parseInput(ZRecipeConfig, objectField(fields.recipes), 'recipes.');
      await findRow(deps, v.parkId, v.id);
      await saveRecipe(deps, v.parkId, v.id, recipe, (await parkContext(deps, v.parkId)).currency);
      break;
    }
    case 'document': {
      // The vehicle is the one of the path, whatever the body says.
      const input = parseInput(ZVehicleDocumentInput, { ...fields, vehicle_id: v.id });
      if ((input.images?.length ?? 0) + v.uploads.length > VEHICLE_DOCUMENT_MAX_IMAGES) throw fieldError('images', `${VEHICLE_DOCUMENT_MAX_IMAGES} images au maximum`);
      await findRow(deps, v.parkId, v.id);
      await addVehicleDocument(deps, { parkId: v.parkId, userId: v.userId, input, uploads: v.uploads });
      break;
    }
  }
  return getVehicleAllData(deps, v.parkId, v.id);
}

