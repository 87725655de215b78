import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ZDriverMe,
  ZDriverNotifications,
  ZDriverNotificationsRead,
  ZDriverNotificationsReadAnswer,
  ZDriverOwed,
  ZDriverPayInput,
  ZDriverPayinParams,
  ZDriverPageQuery,
  ZDriverPaid,
  ZDriverPlanning,
  ZDriverPlanningQuery,
  ZDriverSalaries,
  ZDriverToday,
  ZOperator,
  ZRecipeValidationAnswer,
  ZTransactionValidation,
  PAYIN_MESSAGES,
  RECIPE_COLLECTION_MESSAGES,
} from '@flotte/contract';
import { z } from 'zod';
import { actingProfile, caller } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import * as space from './driver-space.service.ts';
import * as pay from './driver-pay.service.ts';

const tags = ['driver-space'];
/** Only a driver's profile may call these, and a driver nothing else of a park (platform/auth/guard.ts). */
const config = { driver: true };
/** A payment: retried safely with an Idempotency-Key header, as the cashier's. */
const payConfig = { driver: true, idempotent: true };

/** The driver's own space (issue 22 section 2): everything is about the signed-in driver himself. */
export const driverSpaceRoutes: FastifyPluginAsyncZod<{ deps: pay.DriverPayDeps }> = async (app, { deps }) => {
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

  app.get('/driver/me/operators', {
    config,
    schema: { tags, summary: 'Les opérateurs de mobile money du pays de son parc', response: { 200: zEnvelope(z.array(ZOperator)) } },
  }, async (req) => ok(await pay.operatorsFor(deps, await me(req))));

  app.post('/driver/me/pay', {
    config: payConfig,
    schema: {
      tags,
      summary: "Paie une de ses recettes par mobile money (tout ce qui reste, ou amount), depuis son numéro sauf s'il en donne un autre : la carte de validation",
      body: ZDriverPayInput,
      response: { 200: zEnvelope(ZRecipeValidationAnswer) },
    },
  }, async (req) => ok(await pay.payOwnRecipe(deps, await me(req), req.body), RECIPE_COLLECTION_MESSAGES.mobileMoneyStarted));

  app.post('/driver/me/payin/:id/validated', {
    config: payConfig,
    schema: { tags, summary: "J'ai validé : demande à l'opérateur où en est son paiement", params: ZDriverPayinParams, response: { 200: zEnvelope(ZTransactionValidation) } },
  }, async (req) => {
    const v = await pay.validatedOwnPayin(deps, await me(req), req.params.id);
    return ok(v, v.status === 'success' ? PAYIN_MESSAGES.succeeded : v.status === 'failed' ? PAYIN_MESSAGES.failed : PAYIN_MESSAGES.pending);
  });

  app.post('/driver/me/payin/:id/cancel', {
    config: payConfig,
    schema: { tags, summary: "Annuler : son paiement n'est plus attendu", params: ZDriverPayinParams, response: { 200: zEnvelope(ZTransactionValidation) } },
  }, async (req) => ok(await pay.cancelOwnPayin(deps, await me(req), req.params.id), PAYIN_MESSAGES.cancelled));
};
