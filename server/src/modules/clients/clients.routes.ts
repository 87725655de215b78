import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_MESSAGES as M, ZClient, ZClientInput, ZClientListQuery, ZClientPage } from '@flotte/contract/clients';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { toPage } from '../../platform/pagination.ts';
import { createClient, updateClient, type ClientWriteCtx } from './client-write.ts';
import { clientPage, clientSummaryOf, loadClient } from './clients.queries.ts';

export interface ClientsDeps {
  db: Db;
}

const tags = ['clients'];
// Any text: an id that is not a UUID reads as 'Client introuvable' (404), as another park's does.
const zIdParams = z.object({ id: z.string() });
/** The clients and courses screens (MANAGE_COURSES implies the view). */
const read = { permission: 'VIEW_COURSES' as const };
/** Adding and editing clients. */
const manage = { permission: 'MANAGE_COURSES' as const };

const wholeRecord =
  'Le formulaire envoie toute la fiche : une modification vide les champs facultatifs absents et remplace les contacts et les adresses par les listes envoyées (un contact ou une adresse inchangé garde son identifiant). Chaque adresse : un nom et un emplacement choisi sur la carte (latitude, longitude).';

/** Business clients (issue 20 section 1; spec 000 sections 2, 3, 5, 7). */
export const clientsRoutes: FastifyPluginAsyncZod<{ deps: ClientsDeps }> = async (app, { deps }) => {
  const ctxOf = (req: FastifyRequest): ClientWriteCtx => {
    const acting = actingProfile(req);
    return { parkId: acting.parkId, profileId: acting.id, timeZone: acting.park.timeZone };
  };

  app.post('/client', {
    config: manage,
    schema: { tags, summary: 'Ajoute un client, avec ses contacts et ses adresses', description: wholeRecord, body: ZClientInput, response: { 200: zEnvelope(ZClient) } },
  }, async (req) => ok(await createClient(deps.db, ctxOf(req), req.body), M.added));

  app.put('/client/:id', {
    config: manage,
    schema: {
      tags,
      summary: 'Modifie un client (remplace ses contacts et ses adresses)',
      description: wholeRecord,
      params: zIdParams,
      body: ZClientInput,
      response: { 200: zEnvelope(ZClient) },
    },
  }, async (req) => ok(await updateClient(deps.db, ctxOf(req), req.params.id, req.body), M.updated));

  app.get('/client', {
    config: read,
    schema: {
      tags,
      summary: 'Les clients du parc par nom, paginés ; recherche sur le nom, la raison sociale, le téléphone et la ville (sans accents ni majuscules)',
      querystring: ZClientListQuery,
      response: { 200: zEnvelope(ZClientPage) },
    },
  }, async (req) => {
    const { parkId, timeZone } = ctxOf(req);
    const { rows, total } = await clientPage(deps.db, parkId, req.query);
    return ok(toPage(rows.map((r) => clientSummaryOf(r, timeZone)), total, req.query));
  });

  app.get('/client/:id', {
    config: read,
    schema: { tags, summary: 'Un client, avec ses contacts et ses adresses', params: zIdParams, response: { 200: zEnvelope(ZClient) } },
  }, async (req) => {
    const { parkId, timeZone } = ctxOf(req);
    const client = await loadClient(deps.db, parkId, req.params.id, timeZone);
    if (!client) throw new AppError('CLIENT_NOT_FOUND');
    return ok(client);
  });
};
