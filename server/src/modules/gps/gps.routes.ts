import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GPS_MESSAGES as M,
  ZGpsConnection,
  ZGpsConnectionInput,
  ZGpsDayQuery,
  ZGpsFleet,
  ZGpsMessagesQuery,
  ZGpsPosition,
  ZGpsVehicleDay,
  ZGpsVehiclePosition,
} from '@flotte/contract/gps';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { readGpsConnection, removeGpsConnection, saveGpsConnection } from './gps-connection.ts';
import { readVehicleDay } from './gps-day.ts';
import { readDeviceMessages, readFleet, readVehiclePosition, type GpsActor } from './gps-positions.ts';
import type { GpsDeps } from './gps.deps.ts';

const tags = ['gps'];
/** The credentials are the company's data (the guard has no "any of": the fleet answer says connected or not). */
const parkInfo = { permission: 'UPDATE_PARK_INFO' as const };
/** Spec 000: the GPS screens (GEOLOCK implies it). */
const geo = { permission: 'READ_GEOLOCALISATION' as const };
// Any text: an id that is not a UUID reads as not found, as another park's does.
const zVehicleParams = z.object({ id: z.string().max(100) });

/** Vehicle GPS (issue 22 section 1): the park's provider, the fleet map, a vehicle's position and day. */
export const gpsRoutes: FastifyPluginAsyncZod<{ deps: GpsDeps }> = async (app, { deps }) => {
  const who = (req: FastifyRequest): GpsActor & { profileId: string } => {
    const acting = actingProfile(req);
    return { parkId: acting.parkId, profileId: acting.id, timeZone: acting.park.timeZone };
  };

  app.get('/gps/connection', {
    config: parkInfo,
    schema: { tags, summary: 'La connexion GPS du parc (sans le jeton, seulement ses 4 derniers caractères)', response: { 200: zEnvelope(ZGpsConnection) } },
  }, async (req) => {
    const w = who(req);
    return ok(await readGpsConnection(deps, w.parkId, w.timeZone));
  });

  app.put('/gps/connection', {
    config: parkInfo,
    schema: {
      tags,
      summary: 'Enregistre le fournisseur GPS du parc (flespi ou Traccar), ses identifiants testés avant d’être gardés',
      description:
        'Le jeton (ou le mot de passe) est requis au premier enregistrement et gardé quand une modification l’omet. Les identifiants sont testés (liste des balises)\u00a0: refusés ou injoignables, rien n’est enregistré. Le jeton est chiffré et jamais renvoyé.',
      body: ZGpsConnectionInput,
      response: { 200: zEnvelope(ZGpsConnection) },
    },
  }, async (req) => {
    const w = who(req);
    return ok(await saveGpsConnection(deps, { ...w, input: req.body }), M.connectionSaved);
  });

  app.delete('/gps/connection', {
    config: parkInfo,
    schema: { tags, summary: 'Supprime la connexion GPS du parc (les véhicules gardent leur numéro GPS)', response: { 200: zEnvelope(ZGpsConnection) } },
  }, async (req) => {
    const w = who(req);
    return ok(await removeGpsConnection(deps, w.parkId, w.timeZone), M.connectionRemoved);
  });

  app.get('/flespi/device/messages', {
    config: geo,
    schema: {
      tags,
      summary: 'Dernières positions d’une balise du parc, la plus récente d’abord (par défaut les 2 dernières des dernières 24 heures)',
      description:
        'device_imei est le numéro GPS d’un véhicule du parc, quel que soit le fournisseur. from et to\u00a0: une date (AAAA-MM-JJTHH:mm:ss, heure du parc) ou un horodatage Unix en secondes. Vitesses en km/h.',
      querystring: ZGpsMessagesQuery,
      response: { 200: zEnvelope(z.array(ZGpsPosition)) },
    },
  }, async (req) => ok(await readDeviceMessages(deps, who(req), req.query)));

  app.get('/gps/fleet', {
    config: geo,
    schema: {
      tags,
      summary: 'Les véhicules du parc avec leur dernière position, leur état et leur chauffeur du moment',
      description: 'Un fournisseur qui ne répond pas donne provider_ok false et des positions nulles\u00a0; sans connexion, connected false.',
      response: { 200: zEnvelope(ZGpsFleet) },
    },
  }, async (req) => ok(await readFleet(deps, who(req))));

  app.get('/gps/vehicles/:id/position', {
    config: geo,
    schema: { tags, summary: 'La dernière position d’un véhicule du parc', params: zVehicleParams, response: { 200: zEnvelope(ZGpsVehiclePosition) } },
  }, async (req) => ok(await readVehiclePosition(deps, who(req), req.params.id)));

  app.get('/gps/vehicles/:id/day', {
    config: geo,
    schema: {
      tags,
      summary: 'La journée d’un véhicule\u00a0: trajet, arrêts, distance parcourue, temps en mouvement et à l’arrêt (heure du parc)',
      description: 'Les arrêts sont ceux du fournisseur quand il en donne, sinon calculés\u00a0: 5 minutes ou plus sous 3 km/h ou contact coupé, un trou de plus d’une heure les clôt.',
      params: zVehicleParams,
      querystring: ZGpsDayQuery,
      response: { 200: zEnvelope(ZGpsVehicleDay) },
    },
  }, async (req) => ok(await readVehicleDay(deps, who(req), req.params.id, req.query.date)));
};
