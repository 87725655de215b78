import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUCCESS_MESSAGES, ZOwner, ZOwnerInput, ZOwnerListQuery } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { createOwner, listOwners } from './owners.service.ts';

const tags = ['owners'];

/**
 * Vehicle owners (spec 002: owners). The list is open to every profile of the park (the owner
 * picker of the vehicle form); adding one needs MANAGE_DRIVER_VEHICLE. A park_id in the query or
 * body must be the acting park (the guard refuses another), and the owner always joins the acting
 * park.
 */
export const ownersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/vehicle-owner', {
    schema: { tags, summary: 'Propriétaires de véhicules du parc, par nom affiché', querystring: ZOwnerListQuery, response: { 200: zEnvelope(z.array(ZOwner)) } },
  }, async (req) => ok(await listOwners(db, actingProfile(req).parkId)));

  app.post('/vehicle-owner', {
    config: { permission: 'MANAGE_DRIVER_VEHICLE' },
    schema: { tags, summary: 'Ajoute un propriétaire (individuel ou entreprise)', body: ZOwnerInput, response: { 200: zEnvelope(ZOwner) } },
  }, async (req) => ok(await createOwner(db, actingProfile(req).parkId, req.body), SUCCESS_MESSAGES.OWNER_ADDED));
};
