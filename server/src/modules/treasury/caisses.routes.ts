import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CAISSE_SUCCESS, ZCaisse, ZCaisseInput, ZCaisseListQuery } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import type { CaisseViewDeps } from './caisses.queries.ts';
import * as caisses from './caisses.service.ts';

const tags = ['caisses'];
const manage = { permission: 'MANAGE_CAISSE' as const };
const zId = z.object({ id: z.string().regex(UUID_PATTERN, 'Caisse introuvable') });

/**
 * Caisses (spec 001 section 7 'Caisses'). Reading is open to the park's profiles, each seeing what
 * its permissions allow (caisses.service.ts); adding, editing and removing need MANAGE_CAISSE.
 */
export const caissesRoutes: FastifyPluginAsyncZod<{ deps: CaisseViewDeps }> = async (app, { deps }) => {
  app.get('/caisse', {
    schema: {
      tags,
      summary: 'Caisses du parc, le compte cash par défaut en premier',
      description:
        "filter_by_profile=true (les listes de choix) : les caisses utilisables, toutes avec MANAGE_CAISSE (le propriétaire), sinon celles dont on est administrateur. " +
        'Sans filter_by_profile : en plus, toutes les caisses nommées avec READ_FINANCE. Le compte cash par défaut seulement avec ACCESS_CAISSE_CASH.',
      querystring: ZCaisseListQuery,
      response: { 200: zEnvelope(z.array(ZCaisse)) },
    },
  }, async (req) => ok(await caisses.listCaisses(deps, actingProfile(req), req.query.filter_by_profile ?? false)));

  app.get('/caisse/:id', {
    schema: { tags, summary: 'Une caisse (mêmes règles de lecture que la liste)', params: zId, response: { 200: zEnvelope(ZCaisse) } },
  }, async (req) => ok(await caisses.readCaisse(deps, actingProfile(req), req.params.id)));

  app.post('/caisse', {
    config: { ...manage, idempotent: true },
    schema: { tags, summary: 'Ajoute une caisse', body: ZCaisseInput, response: { 200: zEnvelope(ZCaisse) } },
  }, async (req) => ok(await caisses.createCaisse(deps, actingProfile(req), req.body), CAISSE_SUCCESS.added));

  app.put('/caisse/update/:id', {
    config: manage,
    schema: {
      tags,
      summary: 'Modifie une caisse (pas le compte cash par défaut ni les caisses cash ou principale)',
      description: 'Description, téléphone et opérateur deviennent ce qui est envoyé ; profile_ids, quand envoyé, remplace les administrateurs.',
      params: zId,
      body: ZCaisseInput,
      response: { 200: zEnvelope(ZCaisse) },
    },
  }, async (req) => ok(await caisses.updateCaisse(deps, actingProfile(req), req.params.id, req.body), CAISSE_SUCCESS.updated));

  app.delete('/caisse/delete/:id', {
    config: manage,
    schema: {
      tags,
      summary: "Supprime une caisse qui n'a jamais eu d'argent ni d'opération",
      params: zId,
      response: { 200: zEnvelope(z.object({ id: z.string() })) },
    },
  }, async (req) => ok(await caisses.deleteCaisse(deps, actingProfile(req), req.params.id), CAISSE_SUCCESS.deleted));
};
