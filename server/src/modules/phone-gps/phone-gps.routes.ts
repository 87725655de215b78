import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PHONE_GPS_MESSAGES as M,
  ZDriverGpsConsentInput,
  ZDriverGpsStatus,
  ZDriverPositionAnswer,
  ZDriverPositionInput,
  ZGpsPhones,
  ZPhoneHistory,
  ZPhoneHistoryQuery,
} from '@flotte/contract';
import { actingProfile, caller } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { me } from '../driver-space/driver-space.service.ts';
import * as gps from './phone-gps.service.ts';

const tags = ['phone-gps'];
/** Only a driver's profile may call these (platform/auth/guard.ts). */
const driver = { driver: true };
/** Spec 000: the GPS screens (GEOLOCK implies it); the tab is 'GPS téléphones' (VIEW_PHONE_GPS). */
const geo = { permission: 'READ_GEOLOCALISATION' as const };

/** Phone GPS (issue 22 section 2): the driver's consent and reports, the park's map and history. */
export const phoneGpsRoutes: FastifyPluginAsyncZod<{ deps: gps.PhoneGpsDeps }> = async (app, { deps }) => {
  const myself = (req: FastifyRequest) => me(deps, actingProfile(req), caller(req).userId);

  app.get('/driver/me/gps', {
    config: driver,
    schema: { tags, summary: 'Son consentement au partage de sa position et s’il est en service maintenant', response: { 200: zEnvelope(ZDriverGpsStatus) } },
  }, async (req) => ok(await gps.statusOf(deps, await myself(req))));

  app.post('/driver/me/gps/consent', {
    config: driver,
    schema: {
      tags,
      summary: 'Accepte (une fois) ou retire le partage de sa position pendant ses heures de service',
      body: ZDriverGpsConsentInput,
      response: { 200: zEnvelope(ZDriverGpsStatus) },
    },
  }, async (req) => ok(await gps.giveConsent(deps, await myself(req), req.body.consent), req.body.consent ? M.consentGiven : M.consentWithdrawn));

  app.post('/driver/me/position', {
    config: driver,
    schema: {
      tags,
      summary: 'La position de son téléphone, une toutes les 30 secondes au plus, pendant ses heures de service et avec son consentement',
      description:
        'Sans consentement\u00a0: 403. Hors de ses heures de service (planning confirmé)\u00a0: 409. Une deuxième position moins de 30 secondes après la dernière enregistrée\u00a0: 429, rien n’est enregistré. Une position de plus de 10 minutes ou dans le futur\u00a0: 400. speed en m/s (enregistrée en km/h).',
      body: ZDriverPositionInput,
      response: { 200: zEnvelope(ZDriverPositionAnswer) },
    },
  }, async (req) => ok(await gps.reportPosition(deps, await myself(req), req.body), M.positionSaved));

  app.get('/gps/phones', {
    config: geo,
    schema: {
      tags,
      summary: 'Les chauffeurs du parc qui partagent leur position, avec leur dernière position, son âge et s’ils sont en service',
      response: { 200: zEnvelope(ZGpsPhones) },
    },
  }, async (req) => ok(await gps.phonesOf(deps, actingProfile(req))));

  app.get('/driver/position-history/:profile_id', {
    config: geo,
    schema: {
      tags,
      summary: 'L’historique des positions du téléphone d’un chauffeur du parc, la plus récente d’abord (5 par page par défaut)',
      description:
        'profile_id\u00a0: le profil chauffeur (créé à sa première connexion) ou l’identifiant du chauffeur. start_date et end_date\u00a0: un jour (AAAA-MM-JJ, end_date jusqu’à la fin du jour) ou une date AAAA-MM-JJTHH:mm:ss, heure du parc.',
      // Any text: an id that is not a UUID reads as not found, as another park's does.
      params: z.object({ profile_id: z.string().max(100) }),
      querystring: ZPhoneHistoryQuery,
      response: { 200: zEnvelope(ZPhoneHistory) },
    },
  }, async (req) => ok(await gps.historyOf(deps, actingProfile(req), req.params.profile_id, req.query)));
};
