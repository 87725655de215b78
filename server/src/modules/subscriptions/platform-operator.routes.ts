import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_TYPES, SUBSCRIPTION_COUNTRIES, SUBSCRIPTION_MESSAGES, ZOperatorPlan, ZPlanInput, ZSubscriptionPayment } from '@flotte/contract';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { createPlan, listPlans, listPayments, markRefunded, updatePlan } from './platform-operator.service.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';

const tags = ['platform'];
/** Documented as it is called: the operator's token as bearer, no profile header. */
const security = [{ bearer: [] }];
/**
 * No park session here: the area checks its own bearer token (below), so the park guard must let
 * the request through untouched. A park's access token is just a wrong token to this area.
 */
const area = { auth: 'public' as const };
const zIdParams = z.object({ id: z.string() });
const zQueryBoolean = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean({ error: 'Saisissez true ou false' }));

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether the request carries the operator's token. Both sides are hashed first, so the
 * comparison is timing-safe and takes the same time whatever the length of what was sent.
 */
export function isOperator(request: Pick<FastifyRequest, 'headers'>, token: string | null): boolean {
  if (!token) return false;
  const h = request.headers.authorization;
  if (typeof h !== 'string' || !h.startsWith('Bearer ')) return false;
  const given = h.slice(7).trim();
  return given !== '' && timingSafeEqual(sha256(given), sha256(token));
}

/** The platform operator's area (/api/platform/*): plans and payments to refund. Never a park's. */
export const platformOperatorRoutes: FastifyPluginAsyncZod<{ deps: SubscriptionsDeps }> = async (app, { deps }) => {
  // This plugin's own scope: runs for these routes only, before the body is read.
  app.addHook('onRequest', async (request) => {
    if (!isOperator(request, deps.platform.token)) throw new AppError('PLATFORM_OPERATOR_ONLY');
  });

  app.get('/platform/plans', {
    config: area,
    schema: {
      tags,
      security,
      summary: "Tous les forfaits de la plateforme, actifs d'abord (espace de l'opérateur)",
      querystring: z.object({
        country_code: z.enum(SUBSCRIPTION_COUNTRIES, { error: SUBSCRIPTION_MESSAGES.countryUnknown }).optional(),
        account_type: z.enum(ACCOUNT_TYPES).optional(),
      }),
      response: { 200: zEnvelope(z.array(ZOperatorPlan)) },
    },
  }, async (req) => ok(await listPlans(deps.db, req.query)));

  app.post('/platform/plans', {
    config: area,
    schema: {
      tags,
      security,
      summary: "Ajoute un forfait (prix par véhicule et par période, dans la monnaie du pays)",
      description: 'Un seul forfait actif par pays, type de compte, type et période (409 sinon).',
      body: ZPlanInput,
      response: { 200: zEnvelope(ZOperatorPlan) },
    },
  }, async (req) => ok(await createPlan(deps.db, req.body), 'Forfait ajouté'));

  app.put('/platform/plans/:id', {
    config: area,
    schema: {
      tags,
      security,
      summary: 'Modifie un forfait',
      description: "Les abonnements déjà achetés gardent leur prix : seuls les achats suivants suivent le changement.",
      params: zIdParams,
      body: ZPlanInput,
      response: { 200: zEnvelope(ZOperatorPlan) },
    },
  }, async (req) => {
    if (!UUID_PATTERN.test(req.params.id)) throw new AppError('SUBSCRIPTION_PLAN_NOT_FOUND');
    return ok(await updatePlan(deps.db, req.params.id, req.body), SUBSCRIPTION_MESSAGES.updated);
  });

  app.get('/platform/subscription-payments', {
    config: area,
    schema: {
      tags,
      security,
      summary: "Les paiements d'abonnement, du plus récent au plus ancien ; applied=false : les remboursements encore dus",
      querystring: z.object({ applied: zQueryBoolean.optional() }),
      response: { 200: zEnvelope(z.array(ZSubscriptionPayment)) },
    },
  }, async (req) => ok(await listPayments(deps.db, req.query)));

  app.put('/platform/subscription-payments/:id/refunded', {
    config: area,
    schema: {
      tags,
      security,
      summary: "Marque remboursé un paiement reçu pour une facture déjà payée",
      params: zIdParams,
      response: { 200: zEnvelope(ZSubscriptionPayment) },
    },
  }, async (req) => {
    if (!UUID_PATTERN.test(req.params.id)) throw new AppError('PAYIN_NOT_FOUND', { message: 'Aucun paiement à rembourser sous cet identifiant' });
    return ok(await markRefunded(deps.db, req.params.id, deps.now()), 'Paiement marqué remboursé');
  });
};
