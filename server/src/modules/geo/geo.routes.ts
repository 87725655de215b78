import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZGeoRoute, ZGeoRouteQuery, ZGeoSearchQuery, ZGeoSearchResult } from '@flotte/contract/geo';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { MapServices } from '../../platform/maps/maps.types.ts';
import { mapConfig, searchCountries } from './geo.service.ts';

const tags = ['cartes'];

const ZGeoConfig = z.object({
  tile_url: z.string().describe('Modèle d’URL des tuiles ({z}/{x}/{y})'),
  attribution: z.string().describe('Mention (HTML) que la carte doit afficher pour ses tuiles'),
  zoom: z.number().describe('Zoom initial de la carte'),
  center: z.object({ latitude: z.number(), longitude: z.number() }).describe('Centre initial : la ville du parc, sinon la ville principale de son pays'),
});

/**
 * Maps (issue 20 section 3): the map's tiles and centre, address search and roads, through our
 * server so the web never calls a map service itself and every answer is cached. Open to every
 * profile of the park, with no permission: the client and course forms of any screen need them.
 */
export const geoRoutes: FastifyPluginAsyncZod<{ db: Db; maps: MapServices }> = async (app, { db, maps }) => {
  app.get('/geo/config', {
    schema: { tags, summary: 'Configuration de la carte : tuiles, mention des sources, zoom et centre (la ville du parc)', response: { 200: zEnvelope(ZGeoConfig) } },
  }, async (req) => ok(await mapConfig(db, maps, actingProfile(req).parkId)));

  app.get('/geo/search', {
    schema: {
      tags,
      summary: "Recherche d'adresses (3 caractères minimum) dans le pays du parc ; une liste vide quand le service de recherche ne répond pas",
      querystring: ZGeoSearchQuery,
      response: { 200: zEnvelope(ZGeoSearchResult) },
    },
  }, async (req) => {
    const countryCodes = await searchCountries(db, actingProfile(req).parkId);
    return ok({ items: await maps.search(req.query.q, { limit: req.query.limit, countryCodes }) });
  });

  app.get('/geo/route', {
    schema: {
      tags,
      summary: "Itinéraire routier entre deux points : distance, durée et tracé ; la distance à vol d'oiseau (sans durée) quand le calcul d'itinéraire échoue",
      querystring: ZGeoRouteQuery,
      response: { 200: zEnvelope(ZGeoRoute) },
    },
  }, async (req) => {
    actingProfile(req);
    const { from_lat, from_lng, to_lat, to_lng } = req.query;
    return ok(await maps.route({ latitude: from_lat, longitude: from_lng }, { latitude: to_lat, longitude: to_lng }));
  });
};
