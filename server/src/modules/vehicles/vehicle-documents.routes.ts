import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUCCESS_MESSAGES,
  VEHICLE_DOCUMENT_MAX_IMAGES,
  ZExpiringDocumentsQuery,
  ZExpiringVehicleDocument,
  ZVehicleDocument,
  ZVehicleDocumentInput,
  zPage,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { actingProfile, assertSamePark, caller } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { AppError, parseInput } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { addVehicleDocument, listExpiringDocuments, listVehicleDocuments, type DocumentImage, type VehicleDocumentsDeps } from './vehicle-documents.service.ts';

const tags = ['vehicle-documents'];
const manage = { permission: 'MANAGE_DRIVER_VEHICLE' as const };
const PARK_KEYS = ['park_id', 'parkID', 'parkId'];

interface DocumentForm {
  fields: Record<string, unknown>;
  uploads: DocumentImage[];
}

/**
 * The form arrives as JSON or as form data with up to 4 `images` files. Multipart fields are read
 * here, after the guard, so their park_id is checked here too.
 */
async function readDocumentForm(req: FastifyRequest, acting: ActingProfile): Promise<DocumentForm> {
  if (!req.isMultipart()) return { fields: { ...((req.body as Record<string, unknown>) ?? {}) }, uploads: [] };
  const fields: Record<string, unknown> = {};
  const uploads: DocumentImage[] = [];
  const imagePaths: string[] = [];
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
    if (key === 'images') imagePaths.push(String(value));
    else fields[key] = value;
  }
  if (imagePaths.length) fields.images = imagePaths;
  for (const k of PARK_KEYS) {
    if (fields[k] !== undefined) assertSamePark(acting, String(fields[k]));
    delete fields[k];
  }
  return { fields, uploads };
}


/** Vehicle documents (issue 4, section 4): reading is open to the park, adding needs MANAGE_DRIVER_VEHICLE. */
export const vehicleDocumentsRoutes: FastifyPluginAsyncZod<{ deps: VehicleDocumentsDeps }> = async (app, { deps }) => {
  // Declared before '/vehicle-document/:vehicleId'; Fastify prefers the static path anyway.
  app.get('/vehicle-document/future-expired', {
    schema: {
      tags,
      summary: "Documents du parc qui expirent dans la fenêtre (30 jours par défaut) ou déjà expirés, le plus proche d'abord",
      querystring: ZExpiringDocumentsQuery,
      response: { 200: zEnvelope(zPage(ZExpiringVehicleDocument)) },
    },
  }, async (req) => ok(await listExpiringDocuments(deps, actingProfile(req).parkId, req.query)));

  app.get('/vehicle-document/:vehicleId', {
    schema: {
      tags,
      summary: "Documents d'un véhicule, avec leur état (valide, expire bientôt, expiré)",
      params: z.object({ vehicleId: z.string().regex(UUID_PATTERN, 'Identifiant invalide') }),
      response: { 200: zEnvelope(z.array(ZVehicleDocument)) },
    },
  }, async (req) => ok(await listVehicleDocuments(deps, actingProfile(req).parkId, req.params.vehicleId)));

  app.post('/vehicle-document', {
    config: manage,
    schema: {
      tags,
      summary: 'Ajoute un document à un véhicule',
      description: `JSON, ou form data avec jusqu'à ${VEHICLE_DOCUMENT_MAX_IMAGES} fichiers \`images\`. Le fournisseur n'est gardé que pour l'assurance (type 1).`,
      consumes: ['multipart/form-data', 'application/json'],
      response: { 200: zEnvelope(ZVehicleDocument) },
    },
  }, async (req) => {
    const acting = actingProfile(req);
    const form = await readDocumentForm(req, acting);
    const input = parseInput(ZVehicleDocumentInput, form.fields);
    const doc = await addVehicleDocument(deps, { parkId: acting.parkId, userId: caller(req).userId, input, uploads: form.uploads });
    return ok(doc, SUCCESS_MESSAGES.VEHICLE_DOCUMENT_ADDED);
  });
};
