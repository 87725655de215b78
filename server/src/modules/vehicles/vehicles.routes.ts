import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUCCESS_MESSAGES,
  VEHICLE_MAX_IMAGES,
  ZCheckDriver,
  ZVehicleAllData,
  ZVehicleConfigs,
  ZVehicleDetail,
  ZVehicleListItem,
  ZVehicleListQuery,
  zPage,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { actingProfile, assertSamePark, caller } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import {
  checkDriver,
  getVehicle,
  getVehicleAllData,
  getVehicleConfigs,
  listVehicles,
  setVehicleStatus,
  type NewImage,
  type VehiclesDeps,
} from './vehicles.service.ts';
import { createVehicle, updateVehicle } from './vehicle-edit.service.ts';

const tags = ['vehicles'];
const manage = { permission: 'MANAGE_DRIVER_VEHICLE' as const };
const PARK_KEYS = ['park_id', 'parkID', 'parkId'];
/** Fields a form may repeat (or suffix with []) to send a list. */
const LIST_FIELDS = new Set(['tags', 'images']);

interface VehicleForm {
  fields: Record<string, unknown>;
  uploads: NewImage[];
}

/**
 * The vehicle form arrives as JSON or as form data with up to 4 `images` files; `tags`,
 * `property_contract`, `tarif`, `config` and `recipes` then travel as JSON strings (or repeated
 * fields for the lists). Multipart fields are read here, after the guard, so their park_id is
 * checked here too; a JSON park_id was checked by the guard.
 */
async function readVehicleForm(req: FastifyRequest, acting: ActingProfile): Promise<VehicleForm> {
  const fields: Record<string, unknown> = {};
  const uploads: NewImage[] = [];
  if (!req.isMultipart()) {
    Object.assign(fields, (req.body as Record<string, unknown>) ?? {});
  } else {
    const lists = new Map<string, string[]>();
    for await (const part of req.parts()) {
      const key = part.fieldname.replace(/\[\d*\]$/, '');
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (key === 'images' && content.length) uploads.push({ filename: part.filename || 'image', content });
        continue;
      }
      const value = typeof part.value === 'string' ? part.value.trim() : part.value;
      // Forms send '' and 'Unknown' for "nothing chosen", as the JSON body cleaning knows.
      if (value === '' || value === 'Unknown' || value == null) continue;
      if (LIST_FIELDS.has(key) && !String(value).trim().startsWith('[')) lists.set(key, [...(lists.get(key) ?? []), String(value)]);
      else fields[key] = value;
    }
    for (const [key, values] of lists) fields[key] = values;
  }
  for (const k of PARK_KEYS) {
    if (typeof fields[k] === 'string') assertSamePark(acting, fields[k] as string);
    delete fields[k];
  }
  return { fields, uploads };
}

const zIdParams = z.object({ id: z.string().regex(UUID_PATTERN, 'Identifiant invalide') });
const formBody = z.record(z.string(), z.unknown()).nullish();
const formNote = `JSON, ou form data avec jusqu'à ${VEHICLE_MAX_IMAGES} fichiers \`images\` ; \`tags\`, \`property_contract\`, \`tarif\`, \`config\` et \`recipes\` en chaînes JSON.`;

/** Vehicles (issue 4, section 3): reading is open to the park's profiles, every write needs MANAGE_DRIVER_VEHICLE. */
export const vehiclesRoutes: FastifyPluginAsyncZod<{ deps: VehiclesDeps }> = async (app, { deps }) => {
  app.get('/vehicle', {
    schema: {
      tags,
      summary: 'Véhicules du parc (les plus récents d’abord), avec recherche, filtres et chauffeur du jour',
      querystring: ZVehicleListQuery,
      response: { 200: zEnvelope(zPage(ZVehicleListItem)) },
    },
  }, async (req) => {
    const acting = actingProfile(req);
    return ok(await listVehicles(deps, acting.parkId, req.query, acting.park));
  });

  app.post('/vehicle', {
    config: { ...manage, growsPark: true },
    schema: {
      tags,
      summary: 'Enregistre un véhicule (informations générales, étape 1 de l’assistant)',
      description: formNote,
      consumes: ['multipart/form-data', 'application/json'],
      body: formBody,
      response: { 200: zEnvelope(ZVehicleDetail) },
    },
  }, async (req) => {
    const acting = actingProfile(req);
    const form = await readVehicleForm(req, acting);
    const vehicle = await createVehicle(deps, { parkId: acting.parkId, userId: caller(req).userId, ...form });
    return ok(vehicle, SUCCESS_MESSAGES.VEHICLE_ADDED);
  });

  app.post('/vehicle/update/:id', {
    config: manage,
    schema: {
      tags,
      summary: 'Modifie une section du véhicule : general, planning (config), recipe (recipes) ou document',
      description: `${formNote} Les champs d'une autre section que \`update_type\` sont refusés (400).`,
      consumes: ['multipart/form-data', 'application/json'],
      params: zIdParams,
      body: formBody,
      response: { 200: zEnvelope(ZVehicleAllData) },
    },
  }, async (req) => {
    const acting = actingProfile(req);
    const form = await readVehicleForm(req, acting);
    const vehicle = await updateVehicle(deps, { parkId: acting.parkId, userId: caller(req).userId, id: req.params.id, ...form });
    return ok(vehicle, SUCCESS_MESSAGES.VEHICLE_UPDATED);
  });

  app.get('/vehicle/all-data/:id', {
    schema: { tags, summary: 'Le véhicule avec son planning, ses recettes, ses documents, son groupe et son propriétaire', params: zIdParams, response: { 200: zEnvelope(ZVehicleAllData) } },
  }, async (req) => ok(await getVehicleAllData(deps, actingProfile(req).parkId, req.params.id)));

  app.get('/vehicle/vehicle-config/:id', {
    schema: { tags, summary: 'Planning de travail et configuration des recettes du véhicule (null si absents)', params: zIdParams, response: { 200: zEnvelope(ZVehicleConfigs) } },
  }, async (req) => ok(await getVehicleConfigs(deps, actingProfile(req).parkId, req.params.id)));

  app.get('/vehicle/check-driver/:id', {
    schema: { tags, summary: 'Le chauffeur du véhicule aujourd’hui et les chauffeurs de son planning', params: zIdParams, response: { 200: zEnvelope(ZCheckDriver) } },
  }, async (req) => ok(await checkDriver(deps, actingProfile(req).parkId, req.params.id)));

  app.get('/vehicle/activate/:id', {
    config: manage,
    schema: { tags, summary: 'Remet le véhicule en service (statut active)', params: zIdParams, response: { 200: zEnvelope(ZVehicleDetail) } },
  }, async (req) => ok(await setVehicleStatus(deps, actingProfile(req).parkId, req.params.id, 'active'), SUCCESS_MESSAGES.VEHICLE_ACTIVATED));

  app.get('/vehicle/deactivate/:id', {
    config: manage,
    schema: { tags, summary: 'Retire le véhicule du service (statut deactivated)', params: zIdParams, response: { 200: zEnvelope(ZVehicleDetail) } },
  }, async (req) => ok(await setVehicleStatus(deps, actingProfile(req).parkId, req.params.id, 'deactivated'), SUCCESS_MESSAGES.VEHICLE_DEACTIVATED));

  app.get('/vehicle/:id', {
    schema: { tags, summary: 'Le véhicule et toutes ses informations générales', params: zIdParams, response: { 200: zEnvelope(ZVehicleDetail) } },
  }, async (req) => ok(await getVehicle(deps, actingProfile(req).parkId, req.params.id)));
};
