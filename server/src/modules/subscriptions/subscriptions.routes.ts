import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUBSCRIPTION_MESSAGES,
  ZChangeSubscriptionBody,
  ZCheckInvoiceAnswer,
  ZExtendBody,
  ZInvoiceAnswer,
  ZInvoiceHistoryQuery,
  ZInvoicePage,
  ZInvoiceQuery,
  ZMigrationQuery,
  ZMigrationQuote,
  ZPlan,
  ZPlanSelection,
  ZPlansQuery,
  ZSelectSubscriptionQuery,
  ZSubscribeBody,
  ZSubscription,
  ZSubscriptionInfo,
  ZUpgradeVehicleBody,
} from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { checkInvoice, invoiceHistory } from './invoices.queries.ts';
import { listPlans } from './plans.service.ts';
import { changeSubscription, migrateToPro, migrationQuote } from './quotes-change.ts';
import { extendSubscription, selectPlan, subscribe, upgradeVehicles } from './quotes.service.ts';
import { parkToday } from './subscription-days.ts';
import { currentSubscription, parkRef, subscriptionInfo } from './subscription-state.ts';
import { subscriptionView } from './subscription-view.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';

const tags = ['subscriptions'];
const READ = { permission: 'READ_SUBSCRIPTION' as const };
const UPDATE = { permission: 'UPDATE_SUBSCRIPTION' as const, idempotent: true };

/**
 * A park's subscription (issue 23 section 2): the plans of its country, where its subscription
 * stands, the quotes and invoices of what it buys (subscribe, add vehicles, extend, migrate to
 * professionnel, change plan) and the invoice history with its PDFs. Paying is in
 * subscription-payment.routes.ts; an invoice changes nothing until it is paid.
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ deps: SubscriptionsDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get('/subscription/by-country', {
    config: READ,
    schema: {
      tags,
      summary: "Les forfaits proposés dans un pays (celui du parc par défaut) pour un type de compte et une période : Starter puis Premium, prix par véhicule, prix mensuel équivalent et remise des forfaits annuels",
      querystring: ZPlansQuery,
      response: { 200: zEnvelope(z.array(ZPlan)) },
    },
  }, async (req) => {
    const park = await parkRef(db, actingProfile(req).parkId);
    const q = req.query;
    return ok(await listPlans(db, { countryCode: q.country_code ?? park.countryCode, accountType: q.account_type, period: q.period }));
  });

  app.get('/subscription/active-subscription', {
    config: READ,
    schema: {
      tags,
      summary: "L'abonnement qui compte aujourd'hui (essai compris), ou null quand le parc n'en a pas",
      response: { 200: zEnvelope(ZSubscription.nullable()) },
    },
  }, async (req) => {
    const park = await parkRef(db, actingProfile(req).parkId);
    const today = parkToday(park.timeZone, deps.now());
    const current = await currentSubscription(db, park.id, today);
    return ok(current ? subscriptionView(current, today) : null);
  });

  app.get('/subscription/active-subscription-info', {
    config: READ,
    schema: {
      tags,
      summary: "Où en est l'abonnement : essai, en cours ou terminé, véhicules utilisés et autorisés, jours restants (abonnement suivant compris), fin proche, facture à payer du jour",
      response: { 200: zEnvelope(ZSubscriptionInfo) },
    },
  }, async (req) => {
    const acting = actingProfile(req);
    return ok(await subscriptionInfo(db, { id: acting.parkId, timeZone: acting.park.timeZone }, deps.now()));
  });

  app.get('/subscription/select-subscription', {
    config: READ,
    schema: {
      tags,
      summary: "Ce que coûterait aujourd'hui le forfait choisi : une souscription pendant l'essai ou sans abonnement, un changement de forfait (moins l'avoir des jours restants) quand un abonnement payé est en cours. N'enregistre rien",
      querystring: ZSelectSubscriptionQuery,
      response: { 200: zEnvelope(ZPlanSelection) },
    },
  }, async (req) => ok(await selectPlan(deps, actingProfile(req), req.query)));

  app.post('/subscription/subscribe', {
    config: UPDATE,
    schema: {
      tags,
      summary: "Souscrit à un forfait pendant l'essai ou sans abonnement : crée la facture du jour (prix du forfait x véhicules, une période à partir d'aujourd'hui), à payer par mobile money. 409 quand un abonnement payé est en cours",
      body: ZSubscribeBody,
      response: { 200: zEnvelope(ZInvoiceAnswer) },
    },
  }, async (req) => ok(await subscribe(deps, actingProfile(req), req.body), SUBSCRIPTION_MESSAGES.invoiceCreated));

  app.post('/subscription/upgrade-vehicle', {
    config: UPDATE,
    schema: {
      tags,
      summary: "Ajoute des véhicules à l'abonnement payé en cours : facture du prix au prorata des jours restants (arrondi à l'unité payable inférieure)",
      body: ZUpgradeVehicleBody,
      response: { 200: zEnvelope(ZInvoiceAnswer) },
    },
  }, async (req) => {
    const a = await upgradeVehicles(deps, actingProfile(req), req.body);
    return ok(a, a.applied ? SUBSCRIPTION_MESSAGES.upgraded : SUBSCRIPTION_MESSAGES.invoiceCreated);
  });

  app.post('/subscription/extend', {
    config: UPDATE,
    schema: {
      tags,
      summary: "Prolonge l'abonnement payé d'une ou plusieurs périodes à partir du lendemain du dernier jour payé : facture du prix du forfait x véhicules x périodes",
      body: ZExtendBody,
      response: { 200: zEnvelope(ZInvoiceAnswer) },
    },
  }, async (req) => ok(await extendSubscription(deps, actingProfile(req), req.body), SUBSCRIPTION_MESSAGES.invoiceCreated));

  app.get('/subscription/calculate-amount-migration', {
    config: READ,
    schema: {
      tags,
      summary: "Ce que coûte le passage au compte professionnel de l'abonnement en cours : la différence de prix pour les véhicules et les jours restants (rien pendant l'essai)",
      querystring: ZMigrationQuery,
      response: { 200: zEnvelope(ZMigrationQuote) },
    },
  }, async (req) => ok(await migrationQuote(deps, actingProfile(req), req.query.subscription_id)));

  app.get('/subscription/migrate-to-pro', {
    config: { permission: 'UPDATE_SUBSCRIPTION' },
    schema: {
      tags,
      summary: "Passe l'abonnement en cours au compte professionnel : crée la facture de la différence (la même facture du jour si elle est redemandée) ; sans rien à payer (essai), le passage est fait aussitôt",
      querystring: ZMigrationQuery,
      response: { 200: zEnvelope(ZInvoiceAnswer) },
    },
  }, async (req) => {
    const r = await migrateToPro(deps, actingProfile(req), req.query.subscription_id);
    return ok(r.answer, r.message);
  });

  app.post('/subscription/change-subscription', {
    config: UPDATE,
    schema: {
      tags,
      summary: "Change de forfait (type ou période, même pays et type de compte) à partir d'aujourd'hui : facture d'une période du nouveau forfait moins l'avoir des jours restants de l'abonnement en cours",
      body: ZChangeSubscriptionBody,
      response: { 200: zEnvelope(ZInvoiceAnswer) },
    },
  }, async (req) => {
    const a = await changeSubscription(deps, actingProfile(req), req.body);
    return ok(a, a.applied ? SUBSCRIPTION_MESSAGES.updated : SUBSCRIPTION_MESSAGES.invoiceCreated);
  });

  app.get('/subscription/invoices/history', {
    config: READ,
    schema: {
      tags,
      summary: 'Les factures du parc, les plus récentes d’abord, par page, filtrables par statut (à payer, paiement en cours, payée, expirée)',
      querystring: ZInvoiceHistoryQuery,
      response: { 200: zEnvelope(ZInvoicePage) },
    },
  }, async (req) => {
    const park = await parkRef(db, actingProfile(req).parkId);
    return ok(await invoiceHistory(db, park, deps.now(), req.query));
  });

  app.get('/subscription/check-invoice', {
    config: READ,
    schema: {
      tags,
      summary: "Une facture du parc et où en est l'abonnement (ce que l'écran relit après un paiement)",
      querystring: ZInvoiceQuery,
      response: { 200: zEnvelope(ZCheckInvoiceAnswer) },
    },
  }, async (req) => {
    const park = await parkRef(db, actingProfile(req).parkId);
    return ok(await checkInvoice(db, park, deps.now(), req.query.invoice_id));
  });

  app.get('/subscription/invoice-subscription', {
    config: READ,
    schema: {
      tags,
      summary: 'La facture en PDF (vendeur, parc, numéro, dates, lignes, total, statut), générée à la demande',
      querystring: ZInvoiceQuery,
    },
  }, async (req, reply) => {
    const doc = await invoicePdf(deps, actingProfile(req).parkId, req.query.invoice_id);
    reply.header('Content-Disposition', `attachment; filename="${doc.filename}"`);
    reply.header('Content-Length', doc.bytes.length);
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.type('application/pdf').send(Buffer.from(doc.bytes));
  });
};
