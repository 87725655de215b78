import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYIN_MESSAGES, ZPayinIdParams, ZTransactionValidation } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { CallbackInput, CollectionClientName } from '../../platform/payments/collection.types.ts';
import { handlePayinCallback } from './payin-callbacks.ts';
import type { PayinsDeps } from './payins.deps.ts';
import { cancelPayin, validatedPayin, WEBHOOK_PATHS } from './payins.service.ts';

const tags = ['payins'];
const collect = { permission: 'ENCAISSER' as const, idempotent: true };
const zWebhookAnswer = zEnvelope(z.object({ received: z.literal(true), outcome: z.enum(['settled', 'duplicate', 'ignored', 'pending']) }));

function callbackInput(req: FastifyRequest): CallbackInput {
  const query: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) if (typeof v === 'string') query[k] = v;
  return { headers: req.headers, rawBody: typeof req.body === 'string' ? req.body : '', query };
}

/**
 * The providers' webhooks. Public (providers carry no session), authenticated by their signature
 * (401 otherwise); the body is kept as received, since signatures cover the exact bytes. They
 * answer 200 as soon as the event is recorded and applied, also for a duplicate.
 */
const webhookRoutes: FastifyPluginAsyncZod<{ deps: PayinsDeps }> = async (app, { deps }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const docs: Record<CollectionClientName, string> = {
    wave: 'Webhook Wave Checkout (checkout.session.completed / payment_failed), signé Wave-Signature',
    mtn: 'Callback MTN MoMo request-to-pay (X-Callback-Url avec jeton) : le statut est relu auprès de MTN',
    cinetpay: 'Notification CinetPay (formulaire cpm_*, en-tête x-token HMAC) : le statut est relu auprès de CinetPay',
  };
  for (const name of ['wave', 'mtn', 'cinetpay'] as const) {
    // MTN posts its callbacks with PUT in some environments, POST in others.
    const methods = name === 'mtn' ? (['POST', 'PUT'] as const) : (['POST'] as const);
    for (const method of methods) {
      app.route({
        method,
        url: `/webhooks/payins/${WEBHOOK_PATHS[name]}`,
        config: { auth: 'public' },
        schema: { tags, summary: docs[name], response: { 200: zWebhookAnswer } },
        handler: async (req) => ok({ received: true as const, outcome: await handlePayinCallback(deps, name, callbackInput(req)) }, 'Notification reçue'),
      });
    }
  }
};

/** The validation card's buttons ('J'ai validé', 'Annuler'), and the providers' webhooks. */
export const payinsRoutes: FastifyPluginAsyncZod<{ deps: PayinsDeps }> = async (app, { deps }) => {
  await app.register(webhookRoutes, { deps });

  app.post('/payin/:id/validated', {
    config: collect,
    schema: {
      tags,
      summary: "J'ai validé : demande tout de suite à l'opérateur où en est le paiement, et le règle",
      params: ZPayinIdParams,
      response: { 200: zEnvelope(ZTransactionValidation) },
    },
  }, async (req) => {
    const v = await validatedPayin(deps, actingProfile(req), req.params.id);
    return ok(v, v.status === 'success' ? PAYIN_MESSAGES.succeeded : v.status === 'failed' ? PAYIN_MESSAGES.failed : PAYIN_MESSAGES.pending);
  });

  app.post('/payin/:id/cancel', {
    config: collect,
    schema: {
      tags,
      summary: "Annuler : la transaction n'est plus attendue (un paiement fait quand même sera encaissé)",
      params: ZPayinIdParams,
      response: { 200: zEnvelope(ZTransactionValidation) },
    },
  }, async (req) => ok(await cancelPayin(deps, actingProfile(req), req.params.id), PAYIN_MESSAGES.cancelled));
};
