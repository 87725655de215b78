import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUCCESS_MESSAGES, ZAdmin, ZAdminInput, ZAdminListQuery, ZAdminUpdate, ZRemoveProfileQuery, zPage } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { actingProfile, assertSamePark, caller, hasPermission } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { AppError, parseInput } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { storeUpload, withUpload, type FilesDeps, type StoredFile } from '../files/files.service.ts';
import type { AccessDeps } from './access.deps.ts';
import { listAdmins } from './admins.queries.ts';
import { addAdmin, removeAdmin, updateAdmin } from './admins.service.ts';

const PARK_KEYS = ['park_id', 'parkID', 'parkId'];
const tags = ['access'];
const manage = { permission: 'MANAGE_ACCESS' as const };

interface AdminForm {
  fields: Record<string, unknown>;
  image?: { filename: string; content: Buffer };
}

/**
 * The add/edit form arrives as JSON or as multipart form data with the photo. Multipart fields are
 * read here, after the guard, so their park_id is checked here too. Role ids come as repeated
 * `role_ids` or `role_ids[]` fields, or one field holding a JSON array.
 */
async function readAdminForm(req: FastifyRequest, acting: ActingProfile): Promise<AdminForm> {
  if (!req.isMultipart()) return { fields: { ...((req.body as Record<string, unknown>) ?? {}) } };
  const fields: Record<string, unknown> = {};
  const roleIds: string[] = [];
  let image: AdminForm['image'];
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (part.fieldname === 'image' && content.length) image = { filename: part.filename || 'image', content };
      continue;
    }
    const value = typeof part.value === 'string' ? part.value.trim() : part.value;
    // Forms send '' and 'Unknown' for "nothing chosen", as the JSON body cleaning knows.
    if (value === '' || value === 'Unknown' || value == null) continue;
    const key = part.fieldname.replace(/\[\d*\]$/, '');
    if (key === 'role_ids') roleIds.push(String(value));
    else fields[key] = value;
  }
  if (roleIds.length) fields.role_ids = roleIds.length === 1 ? roleIds[0] : roleIds;
  for (const k of PARK_KEYS) {
    if (fields[k] !== undefined) assertSamePark(acting, String(fields[k]));
    delete fields[k];
  }
  return { fields, image };
}


/** Validates the form, then keeps the photo (only once the rest is known to be right). */
async function adminInput<S extends typeof ZAdminInput | typeof ZAdminUpdate>(
  req: FastifyRequest,
  files: FilesDeps,
  schema: S,
): Promise<{ input: z.output<S>; stored?: StoredFile }> {
  const acting = actingProfile(req);
  const form = await readAdminForm(req, acting);
  const input = parseInput(schema, form.fields) as { image?: string };
  let stored: StoredFile | undefined;
  if (form.image) {
    stored = await storeUpload(files, { parkId: acting.parkId, userId: caller(req).userId, ...form.image, accept: 'image' });
    input.image = stored.path;
  }
  return { input: input as z.output<S>, stored };
}

const formNote =
  'Form data (avec le fichier `image`) ou JSON. `role_ids` : champs répétés, `role_ids[]`, ou un tableau JSON.';

/** The park's administrators: list, add, edit, remove (issue 3, section B). */
export const adminsRoutes: FastifyPluginAsyncZod<{ deps: AccessDeps; files: FilesDeps }> = async (app, { deps, files }) => {
  // Read by the access screen (MANAGE_ACCESS) and by the vehicle-group and caisse forms, whose
  // administrators are chosen among the park's (MANAGE_VEHICLE_GROUPS, MANAGE_CAISSE): any of the
  // three may list them.
  app.get('/admin', {
    preHandler: async (req) => {
      const profile = actingProfile(req);
      if (!(['MANAGE_ACCESS', 'MANAGE_VEHICLE_GROUPS', 'MANAGE_CAISSE'] as const).some((p) => hasPermission(profile, p))) throw new AppError('FORBIDDEN');
    },
    schema: {
      tags,
      summary: 'Administrateurs du parc (propriétaire en premier), avec recherche (MANAGE_ACCESS, MANAGE_VEHICLE_GROUPS ou MANAGE_CAISSE)',
      querystring: ZAdminListQuery,
      response: { 200: zEnvelope(zPage(ZAdmin)) },
    },
  }, async (req) => ok(await listAdmins(deps.db, actingProfile(req).parkId, req.query)));

  app.post('/admin/add', {
    config: manage,
    schema: { tags, summary: 'Ajoute un administrateur et lui envoie une invitation', description: formNote, consumes: ['multipart/form-data', 'application/json'], response: { 200: zEnvelope(ZAdmin) } },
  }, async (req) => {
    const { input, stored } = await adminInput(req, files, ZAdminInput);
    const admin = await withUpload(files, stored, () => addAdmin(deps, { parkId: actingProfile(req).parkId, inviterUserId: caller(req).userId, input, log: req.log }));
    return ok(admin, SUCCESS_MESSAGES.ADMIN_SAVED);
  });

  app.put('/admin/:id', {
    config: manage,
    schema: {
      tags,
      summary: 'Modifie un administrateur (rôles, nom, photo ; coordonnées tant que l’invitation est en attente)',
      description: formNote,
      consumes: ['multipart/form-data', 'application/json'],
      params: z.object({ id: z.string().regex(UUID_PATTERN, 'Identifiant invalide') }),
      response: { 200: zEnvelope(ZAdmin) },
    },
  }, async (req) => {
    const { input, stored } = await adminInput(req, files, ZAdminUpdate);
    const admin = await withUpload(files, stored, () =>
      updateAdmin(deps, { parkId: actingProfile(req).parkId, profileId: req.params.id, inviterUserId: caller(req).userId, input, log: req.log }),
    );
    return ok(admin, SUCCESS_MESSAGES.ADMIN_SAVED);
  });

  app.delete('/park/remove-profile', {
    config: manage,
    schema: {
      tags,
      summary: "Retire un administrateur du parc : son accès s'arrête immédiatement",
      querystring: ZRemoveProfileQuery,
      response: { 200: zEnvelope(z.object({ profile_id: z.string() })) },
    },
  }, async (req) => {
    const removed = await removeAdmin(deps, { parkId: actingProfile(req).parkId, callerUserId: caller(req).userId, profileId: req.query.profile_id });
    return ok(removed, SUCCESS_MESSAGES.ADMIN_REMOVED);
  });
};
