import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ZDriverMe,
  ZDriverNotifications,
  ZDriverNotificationsRead,
  ZDriverNotificationsReadAnswer,
  ZDriverOwed,
  ZDriverPageQuery,
  ZDriverPaid,
  ZDriverPlanning,
  ZDriverPlanningQuery,
  ZDriverSalaries,
  ZDriverToday,
} from '@flotte/contract';
import { actingProfile, caller } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import * as space from './driver-space.service.ts';

const tags = ['driver-space'];
/** Only a driver's profile may call these, and a driver nothing else of a park (platform/auth/guard.ts). */
const config = { driver: true };

/** The driver's own space (issue 22 section 2): everything is about the signed-in driver himself. */
export const driverSpaceRoutes: FastifyPluginAsyncZod<{ deps: space.DriverSpaceDeps }> = async (app, { deps }) => {
  const me = (req: FastifyRequest) => space.me(deps, actingProfile(req), caller(req).userId);

  app.get('/driver/me', {
    config,
    schema: { tags, summary: 'Le chauffeur connecté : son nom, son numéro, sa photo, son parc et sa devise', response: { 200: zEnvelope(ZDriverMe) } },
  }, async (req) => ok(space.profileOf(deps, await me(req))));

  app.get('/driver/me/today', {
    config,
    schema: { tags, summary: "Son véhicule et ses heures d'aujourd'hui, d'après le planning confirmé", response: { 200: zEnvelope(ZDriverToday) } },
  }, async (req) => ok(await space.todayOf(deps, await me(req))));

  app.get('/driver/me/planning', {
    config,
    schema: { tags, summary: 'Son planning des jours à venir (7 par défaut, 31 au plus)', querystring: ZDriverPlanningQuery, response: { 200: zEnvelope(ZDriverPlanning) } },
  }, async (req) => ok(await space.planningOf(deps, await me(req), req.query.days)));

  app.get('/driver/me/owed', {
    config,
    schema: { tags, summary: "Ce qu'il doit : ses recettes non payées (dettes et échéances comprises), par pages de 20", querystring: ZDriverPageQuery, response: { 200: zEnvelope(ZDriverOwed) } },
  }, async (req) => ok(await space.owedBy(deps, await me(req), req.query.page)));

  app.get('/driver/me/paid', {
    config,
    schema: { tags, summary: "Ce qu'il a payé : ses recettes payées et leurs paiements, par pages de 20", querystring: ZDriverPageQuery, response: { 200: zEnvelope(ZDriverPaid) } },
  }, async (req) => ok(await space.paidBy(deps, await me(req), req.query.page)));

  app.get('/driver/me/salary', {
    config,
    schema: { tags, summary: 'Ses bulletins de salaire, la dernière période en premier', response: { 200: zEnvelope(ZDriverSalaries) } },
  }, async (req) => ok(await space.salariesOf(deps, await me(req))));

  app.get('/driver/me/notifications', {
    config,
    schema: { tags, summary: 'Ses notifications (les 100 dernières) et combien sont non lues', response: { 200: zEnvelope(ZDriverNotifications) } },
  }, async (req) => ok(await space.notificationsFor(deps, await me(req))));

  app.post('/driver/me/notifications/read', {
    config,
    schema: { tags, summary: 'Marque ses notifications comme lues (celles nommées, sinon toutes)', body: ZDriverNotificationsRead.nullish(), response: { 200: zEnvelope(ZDriverNotificationsReadAnswer) } },
  }, async (req) => ok(await space.markRead(deps, await me(req), req.body?.ids), 'Notifications marquées comme lues'));
};
