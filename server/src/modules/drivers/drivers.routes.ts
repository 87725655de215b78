import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUCCESS_MESSAGES,
  ZAgent,
  ZDriver,
  ZDriverAllData,
  ZDriverInput,
  ZDriverListQuery,
  ZDriverUpdate,
  ZEnableWithdraw,
  ZSuspendDriver,
  zPage,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { actingProfile, assertSamePark, caller } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { AppError, parseInput } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { storeUpload, withUpload, type FilesDeps, type StoredFile } from '../files/files.service.ts';
import { activateDriver, deactivateDriver, removeSuspension, setWithdraw, suspendDriver } from './driver-status.service.ts';
import { createDriver, listAgents, listDrivers, readDriver, readDriverAllData, updateDriver, type DriversDeps } from './drivers.service.ts';

const PARK_KEYS = ['park_id', 'parkID', 'parkId'];
const tags = ['drivers'];
/** Reading is open to every profile of the park (pickers of other screens); writing needs this. */
const manage = { permission: 'MANAGE_DRIVER_VEHICLE' as const };
const zIdParams = z.object({ id: z.string().regex(UUID_PATTERN, 'Identifiant invalide') });
const driverAnswer = { 200: zEnvelope(ZDriver) };

interface DriverForm {
  fields: Record<string, unknown>;
  image?: { filename: string; content: Buffer };
}

/**
 * The driver form arrives as JSON or as multipart form data with the photo (`image`). Multipart
 * fields are read here, after the guard, so their park_id is checked here too. `permis` and
 * `days_off` come as JSON strings; `days_off` may also come as repeated `days_off[]` fields.
 */
async function readDriverForm(req: FastifyRequest, acting: ActingProfile): Promise<DriverForm> {
  if (!req.isMultipart()) return { fields: { ...((req.body as Record<string, unknown>) ?? {}) } };
  const fields: Record<string, unknown> = {};
  const repeated: Record<string, string[]> = {};
  let image: DriverForm['image'];
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (part.fieldname === 'image' && content.length) image = { filename: part.filename || 'image', content };
      continue;
    }
    const value = typeof part.value === 'string' ? part.value.trim() : part.value;
    // Forms send '' and 'Unknown' for "nothing chosen", as the JSON body cleaning knows.
    if (value === '' || value === 'Unknown' || value == null) continue;
    const m = /^(.*)\[\d*\]$/.exec(part.fieldname);
    if (m) (repeated[m[1]] ??= []).push(String(value));
    else fields[part.fieldname] = value;
  }
  for (const [key, values] of Object.entries(repeated)) if (fields[key] === undefined) fields[key] = values;
  for (const k of PARK_KEYS) {
    if (fields[k] !== undefined) assertSamePark(acting, String(fields[k]));
    delete fields[k];
  }
  return { fields, image };
}


/** Validates the form, then keeps the photo (only once the rest is known to be right). */
async function driverInput<S extends typeof ZDriverInput | typeof ZDriverUpdate>(
  req: FastifyRequest,
  files: FilesDeps,
  schema: S,
): Promise<{ input: z.output<S>; stored?: StoredFile }> {
  const acting = actingProfile(req);
  const form = await readDriverForm(req, acting);
  const input = parseInput(schema, form.fields) as { image?: string };
  let stored: StoredFile | undefined;
  if (form.image) {
    stored = await storeUpload(files, { parkId: acting.parkId, userId: caller(req).userId, ...form.image, accept: 'image' });
    input.image = stored.path;
  }
  return { input: input as z.output<S>, stored };
}

const formNote =
  'Form data (avec le fichier `image`) ou JSON. `permis` : tableau JSON de {type, driver_licence_number, permanent, delivery_at, expire_at, country_delivery} ; `days_off` : tableau JSON de jours (1 = lundi … 7 = dimanche).';

/** The park's drivers (issue 4, section 5; spec 000 sections 3 to 5 'Driver'). */
export const driversRoutes: FastifyPluginAsyncZod<{ deps: DriversDeps; files: FilesDeps }> = async (app, { deps, files }) => {
  const parkOf = (req: FastifyRequest) => actingProfile(req).parkId;

  app.get('/driver', {
    schema: {
      tags,
      summary: 'Chauffeurs du parc : recherche (noms, téléphone, CNI), statut, affectables, libres à une date',
      querystring: ZDriverListQuery,
      response: { 200: zEnvelope(zPage(ZDriver)) },
    },
  }, async (req) => {
    const acting = actingProfile(req);
    return ok(await listDrivers(deps, acting.parkId, req.query, acting.park.timeZone));
  });

  app.get('/driver/:id', {
    schema: { tags, summary: 'Un chauffeur, avec ses permis et son véhicule', params: zIdParams, response: driverAnswer },
  }, async (req) => ok(await readDriver(deps, parkOf(req), req.params.id)));

  app.get('/driver/all-data/:id', {
    schema: {
      tags,
      summary: 'Un chauffeur avec ses permis, son véhicule et les plannings de véhicules qui le nomment',
      params: zIdParams,
      response: { 200: zEnvelope(ZDriverAllData) },
    },
  }, async (req) => ok(await readDriverAllData(deps, parkOf(req), req.params.id)));

  app.post('/driver', {
    config: { ...manage, growsPark: true },
    schema: { tags, summary: 'Recrute un chauffeur', description: formNote, consumes: ['multipart/form-data', 'application/json'], response: driverAnswer },
  }, async (req) => {
    const { input, stored } = await driverInput(req, files, ZDriverInput);
    return ok(await withUpload(files, stored, () => createDriver(deps, parkOf(req), input)), SUCCESS_MESSAGES.DRIVER_ADDED);
  });

  app.put('/driver/update/:id', {
    config: manage,
    schema: {
      tags,
      summary: 'Modifie un chauffeur (permis et jours de repos envoyés : remplacent les listes)',
      description: formNote,
      consumes: ['multipart/form-data', 'application/json'],
      params: zIdParams,
      response: driverAnswer,
    },
  }, async (req) => {
    const { input, stored } = await driverInput(req, files, ZDriverUpdate);
    return ok(await withUpload(files, stored, () => updateDriver(deps, parkOf(req), req.params.id, input)), SUCCESS_MESSAGES.DRIVER_UPDATED);
  });

  app.post('/driver/suspended', {
    config: manage,
    schema: { tags, summary: 'Suspend un chauffeur actif (il ne peut plus être affecté)', body: ZSuspendDriver, response: driverAnswer },
  }, async (req) => ok(await suspendDriver(deps, parkOf(req), req.body.driver_id, req.body.reason), SUCCESS_MESSAGES.DRIVER_MODIFIED));

  app.get('/driver/remove-suspension/:id', {
    config: manage,
    schema: { tags, summary: 'Lève la suspension d’un chauffeur', params: zIdParams, response: driverAnswer },
  }, async (req) => ok(await removeSuspension(deps, parkOf(req), req.params.id), SUCCESS_MESSAGES.DRIVER_MODIFIED));

  app.get('/driver/deactivate/:id', {
    config: manage,
    schema: { tags, summary: 'Désactive un chauffeur', params: zIdParams, response: driverAnswer },
  }, async (req) => ok(await deactivateDriver(deps, parkOf(req), req.params.id), SUCCESS_MESSAGES.DRIVER_MODIFIED));

  app.get('/driver/activate/:id', {
    config: manage,
    schema: { tags, summary: 'Réactive un chauffeur désactivé', params: zIdParams, response: driverAnswer },
  }, async (req) => ok(await activateDriver(deps, parkOf(req), req.params.id), SUCCESS_MESSAGES.DRIVER_MODIFIED));

  app.put('/driver/enable-withdraw', {
    config: manage,
    schema: { tags, summary: 'Autorise ou non les retraits du chauffeur', body: ZEnableWithdraw, response: driverAnswer },
  }, async (req) => ok(await setWithdraw(deps, parkOf(req), req.body.driver_id, req.body.status), SUCCESS_MESSAGES.DRIVER_MODIFIED));

  app.get('/agent', {
    schema: {
      tags,
      summary: 'Agents du parc (profils de type agent)',
      querystring: z.object({ park_id: z.string().optional() }),
      response: { 200: zEnvelope(z.array(ZAgent)) },
    },
  }, async (req) => ok(await listAgents(deps.db, parkOf(req))));
};
