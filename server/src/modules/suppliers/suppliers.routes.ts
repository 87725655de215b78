import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUPPLIER_MESSAGES,
  ZSupplier,
  ZSupplierCategory,
  ZSupplierCategoryInput,
  ZSupplierDetail,
  ZSupplierInput,
  ZSupplierListQuery,
  zPage,
} from '@flotte/contract';
import { actingProfile, assertSamePark, caller, hasPermission } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { fieldError, parseInput } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { storeUpload, withUpload, type StoredFile } from '../files/files.service.ts';
import { addSupplierCategory, deleteSupplierCategory, listSupplierCategories } from './supplier-categories.service.ts';
import { createSupplier, listSuppliers, readSupplier, setSupplierActive, updateSupplier, type SuppliersDeps } from './suppliers.service.ts';

const tags = ['suppliers'];
const PARK_KEYS = ['park_id', 'parkID', 'parkId'];
/**
 * Changing the directory (suppliers, categories, suspension) needs MANAGE_MAINTENANCE: the
 * catalogue has no supplier permission, and suppliers exist for the maintenance side (the garages
 * that service the vehicles, chosen when scheduling one). Listing is open to every profile of the
 * park, as drivers and owners are: the list feeds the pickers of other screens (maintenance, the
 * insurer of a vehicle document) whose people may not hold the Prestataires view. One supplier's
 * page (with what it was paid) needs that view.
 */
const manage = { permission: 'MANAGE_MAINTENANCE' as const };
const zIdParams = z.object({ id: z.string().regex(UUID_PATTERN, 'Identifiant invalide') });
const supplierAnswer = { 200: zEnvelope(ZSupplier) };

interface SupplierForm {
  fields: Record<string, unknown>;
  logo?: { filename: string; content: Buffer };
}

/**
 * The supplier form arrives as JSON or as multipart form data with the logo (`logo`, one image).
 * Multipart fields are read here, after the guard, so their park_id is checked here too.
 * `categories` may come as repeated `categories[]` fields, `contacts` as a JSON string.
 */
async function readSupplierForm(req: FastifyRequest): Promise<SupplierForm> {
  const acting = actingProfile(req);
  const fields: Record<string, unknown> = {};
  let logo: SupplierForm['logo'];
  if (!req.isMultipart()) {
    Object.assign(fields, (req.body as Record<string, unknown> | null) ?? {});
  } else {
    const repeated: Record<string, string[]> = {};
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname !== 'logo' || !content.length) continue;
        if (logo) throw fieldError('logo', 'Un seul logo est accepté');
        logo = { filename: part.filename || 'logo', content };
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
  }
  for (const k of PARK_KEYS) {
    if (fields[k] !== undefined) assertSamePark(acting, String(fields[k]));
    delete fields[k];
  }
  return { fields, logo };
}

/** Validates the form, then keeps the logo (only once the rest is known to be right). */
async function supplierInput(req: FastifyRequest, deps: SuppliersDeps) {
  const form = await readSupplierForm(req);
  const input = parseInput(ZSupplierInput, form.fields);
  let stored: StoredFile | undefined;
  if (form.logo) {
    const acting = actingProfile(req);
    stored = await storeUpload(deps.files, { parkId: acting.parkId, userId: caller(req).userId, ...form.logo, accept: 'image' });
  }
  return { input, stored };
}

const formNote =
  'Form data (avec le fichier `logo` : jpg, jpeg, png ou svg) ou JSON. `categories` : identifiants de catégories (tableau JSON, `categories[]` répétés ou liste séparée par des virgules, au moins un) ; `contacts` : tableau JSON de {name, phone, email, function}. Une modification remplace toute la fiche ; le logo reste sauf nouveau fichier ou `remove_logo` = true.';

/** Suppliers (prestataires) and their categories (issue 18 section 4; spec 002 section 7). */
export const suppliersRoutes: FastifyPluginAsyncZod<{ deps: SuppliersDeps }> = async (app, { deps }) => {
  const ctxOf = (req: FastifyRequest) => {
    const acting = actingProfile(req);
    return { parkId: acting.parkId, timeZone: acting.park.timeZone };
  };

  app.get('/supplier', {
    schema: {
      tags,
      summary: 'Prestataires du parc : recherche (nom, entreprise, téléphone, ville), catégorie, actifs ou désactivés',
      querystring: ZSupplierListQuery,
      response: { 200: zEnvelope(zPage(ZSupplier)) },
    },
  }, async (req) => ok(await listSuppliers(deps, ctxOf(req), req.query)));

  app.get('/supplier/categories', {
    schema: { tags, summary: 'Catégories de prestataires, avec leur nombre de prestataires et leur date de création', response: { 200: zEnvelope(z.array(ZSupplierCategory)) } },
  }, async (req) => {
    const { parkId, timeZone } = ctxOf(req);
    return ok(await listSupplierCategories(deps.db, parkId, timeZone));
  });

  app.post('/supplier/category', {
    config: manage,
    schema: { tags, summary: 'Ajoute une catégorie de prestataires', body: ZSupplierCategoryInput, response: { 200: zEnvelope(ZSupplierCategory) } },
  }, async (req) => {
    const { parkId, timeZone } = ctxOf(req);
    return ok(await addSupplierCategory(deps.db, parkId, req.body.name, timeZone), SUPPLIER_MESSAGES.categoryAdded);
  });

  app.delete('/supplier/category/delete/:id', {
    config: manage,
    schema: {
      tags,
      summary: "Supprime une catégorie (refusé si un prestataire n'a qu'elle)",
      params: zIdParams,
      response: { 200: zEnvelope(z.object({ id: z.string() })) },
    },
  }, async (req) => ok(await deleteSupplierCategory(deps.db, ctxOf(req).parkId, req.params.id), SUPPLIER_MESSAGES.categoryDeleted));

  app.get('/supplier/:id', {
    config: { permission: 'VIEW_PROVIDERS' },
    schema: {
      tags,
      summary: 'Un prestataire, avec le total payé cette année et son nombre d’entretiens',
      params: zIdParams,
      response: { 200: zEnvelope(ZSupplierDetail) },
    },
  }, async (req) => {
    // Amounts are for who may read the finances, as on the dashboard.
    const readFinance = hasPermission(actingProfile(req), 'READ_FINANCE');
    return ok(await readSupplier(deps, { ...ctxOf(req), readFinance }, req.params.id));
  });

  app.post('/supplier', {
    config: manage,
    schema: { tags, summary: 'Ajoute un prestataire', description: formNote, consumes: ['multipart/form-data', 'application/json'], response: supplierAnswer },
  }, async (req) => {
    const { input, stored } = await supplierInput(req, deps);
    return ok(await withUpload(deps.files, stored, () => createSupplier(deps, ctxOf(req), input, stored?.path)), SUPPLIER_MESSAGES.added);
  });

  app.put('/supplier/:id', {
    config: manage,
    schema: {
      tags,
      summary: 'Modifie un prestataire (remplace ses catégories et ses correspondants)',
      description: formNote,
      consumes: ['multipart/form-data', 'application/json'],
      params: zIdParams,
      response: supplierAnswer,
    },
  }, async (req) => {
    const { input, stored } = await supplierInput(req, deps);
    return ok(await withUpload(deps.files, stored, () => updateSupplier(deps, ctxOf(req), req.params.id, input, stored?.path)), SUPPLIER_MESSAGES.updated);
  });

  app.put('/supplier/deactivate/:id', {
    config: manage,
    schema: { tags, summary: 'Suspend un prestataire (il n’est plus proposé dans les formulaires)', params: zIdParams, response: supplierAnswer },
  }, async (req) => ok(await setSupplierActive(deps, ctxOf(req), req.params.id, false), SUPPLIER_MESSAGES.deactivated));

  app.put('/supplier/activate/:id', {
    config: manage,
    schema: { tags, summary: 'Réactive un prestataire suspendu', params: zIdParams, response: supplierAnswer },
  }, async (req) => ok(await setSupplierActive(deps, ctxOf(req), req.params.id, true), SUPPLIER_MESSAGES.activated));
};
