import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYIN_MESSAGES, SUBSCRIPTION_MESSAGES, ZPayInvoiceAnswer, ZPayInvoiceBody, ZPayinIdParams, ZTransactionValidation } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { cancelPayin, validatedPayin } from '../payins/payins.service.ts';
import { payInvoice } from './invoice-payment.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';

const tags = ['subscriptions'];
const update = { permission: 'UPDATE_SUBSCRIPTION' as const, idempotent: true };
/** These buttons act on subscription invoices' pay-ins only; the recipes' /payin/:id/* on the others. */
const subscriptionOnly = { kind: 'subscription' as const };

/** Paying an invoice by mobile money, and the validation card's buttons for it. */
export const subscriptionPaymentRoutes: FastifyPluginAsyncZod<{ deps: SubscriptionsDeps }> = async (app, { deps }) => {
  app.post('/subscription/paid-invoice-subscription', {
    config: update,
    schema: {
      tags,
      summary: "Paie une facture d'abonnement par mobile money (l'opérateur demande la validation au payeur)",
      description:
        "Refusé pour une facture déjà payée (4870), un devis d'un jour passé (4871) ou un paiement encore en attente de validation (4872). La facture n'est payée que lorsque l'opérateur confirme (rappel, J'ai validé, check-status) ; un paiement confirmé pour une facture déjà payée est enregistré à rembourser.",
      body: ZPayInvoiceBody,
      response: { 200: zEnvelope(ZPayInvoiceAnswer) },
    },
  }, async (req) => {
    const answer = await payInvoice(deps, actingProfile(req), { invoiceId: req.body.invoice_id, operatorId: String(req.body.operator_id), phone: req.body.phone });
    return ok(answer, SUBSCRIPTION_MESSAGES.initiated);
  });

  app.post('/subscription/payin/:id/validated', {
    config: update,
    schema: {
      tags,
      summary: "J'ai validé (paiement d'une facture d'abonnement) : demande tout de suite à l'opérateur où en est le paiement, et le règle",
      params: ZPayinIdParams,
      response: { 200: zEnvelope(ZTransactionValidation) },
    },
  }, async (req) => {
    const v = await validatedPayin(deps.payins, actingProfile(req), req.params.id.toLowerCase(), subscriptionOnly);
    return ok(v, v.status === 'success' ? PAYIN_MESSAGES.succeeded : v.status === 'failed' ? PAYIN_MESSAGES.failed : PAYIN_MESSAGES.pending);
  });

  app.post('/subscription/payin/:id/cancel', {
    config: update,
    schema: {
      tags,
      summary: "Annuler (paiement d'une facture d'abonnement) : la transaction n'est plus attendue (un paiement fait quand même est appliqué, ou remboursé si la facture est déjà payée)",
      params: ZPayinIdParams,
      response: { 200: zEnvelope(ZTransactionValidation) },
    },
  }, async (req) => ok(await cancelPayin(deps.payins, actingProfile(req), req.params.id.toLowerCase(), subscriptionOnly), PAYIN_MESSAGES.cancelled));
};
