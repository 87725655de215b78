import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLoginType, ZProfileSummary, ZUpdateProfile, ZUser } from '@flotte/contract';
import { caller } from '../../platform/auth/guard.ts';
import { ok, serializeBuiltAnswer, zEnvelope } from '../../platform/envelope.ts';
import { AppError, parseInput } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { readSingleFile } from '../files/files.routes.ts';
import { storeUpload, type FilesDeps } from '../files/files.service.ts';
import type { AccessDeps } from './access.deps.ts';
import * as q from './access.queries.ts';
import { currentUser, updateOwnProfile, userProfiles } from './user.service.ts';

/** The signed-in user, their profiles, and editing their own name and photo. */
export const userRoutes: FastifyPluginAsyncZod<{ deps: AccessDeps; files: FilesDeps }> = async (app, { deps, files }) => {
  app.get('/user', {
    // The guard's lookup brings the user and their parks: one statement for the whole request.
    config: { auth: 'user', withUser: true },
    schema: { tags: ['user'], summary: "Profil de l'utilisateur connecté", response: { 200: zEnvelope(ZUser) } },
    // currentUser builds the answer field by field (TUser): not checked again by zod on every call.
    serializerCompiler: serializeBuiltAnswer,
  }, async (req) => {
    const c = caller(req);
    const loaded = c.user as q.UserWithParks | undefined;
    return ok(await currentUser(deps, { userId: c.userId, loginType: c.loginType, profile: c.profile, loaded }));
  });

  app.get('/user/profiles', {
    config: { auth: 'user' },
    schema: {
      tags: ['user'],
      summary: "Profils de l'utilisateur (un par parc et type)",
      querystring: z.object({ type: ZLoginType.optional() }),
      response: { 200: zEnvelope(z.array(ZProfileSummary)) },
    },
  }, async (req) => ok(await userProfiles(deps, caller(req).userId, req.query.type)));

  app.put('/profile/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['user'],
      summary: 'Modifie son nom et sa photo (JSON, ou form data avec le fichier image)',
      params: z.object({ id: z.string().regex(UUID_PATTERN, 'Identifiant invalide') }),
    },
  }, async (req) => {
    const c = caller(req);
    const mine = (await q.listProfiles(deps.db, c.userId)).find((p) => p.profile.id === req.params.id);
    if (!mine) throw new AppError('PROFILE_NOT_YOURS');
    let fields: Record<string, unknown>;
    if (req.isMultipart()) {
      fields = {};
      // The photo is held in memory until the whole form has been read and its fields checked, so a
      // refused form stores nothing.
      let photo: { filename: string; content: Buffer } | undefined;
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          photo = { filename: part.filename, content: await part.toBuffer() };
        } else if (typeof part.value === 'string' && part.value !== '' && part.value !== 'Unknown') {
          fields[part.fieldname] = part.value;
        }
      }
      parseInput(ZUpdateProfile, fields);
      if (photo) {
        const stored = await storeUpload(files, { parkId: mine.park.id, userId: c.userId, ...photo, accept: 'image' });
        fields.image = stored.path;
      }
    } else {
      fields = (req.body as Record<string, unknown>) ?? {};
    }
    await updateOwnProfile(deps, { userId: c.userId, profileId: req.params.id, ...parseInput(ZUpdateProfile, fields) });
    return ok(await currentUser(deps, { userId: c.userId, loginType: c.loginType, profile: c.profile }), 'Profil mis à jour');
  });
};
