import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WITHDRAW_SUCCESS,
  ZOperator,
  ZOperatorQuery,
  ZParkQuery,
  ZParkTransaction,
  ZWithdrawInput,
  ZWithdrawMeans,
  ZWithdrawMeansInput,
  ZWithdrawMode,
  ZWithdrawModesQuery,
  ZTransactionValidation,
  type TTransactionValidation,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { actingProfile, hasPermission } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/errors.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import * as means from './withdraw-means.service.ts';
import { checkStatus, withdraw, type WithdrawDeps } from './withdrawals.service.ts';

const tags = ['withdrawals'];
// Spec 001 section 6: adding, editing and deleting withdrawal means and withdrawing need RETRAIT_DE_FONDS.
const write = { permission: 'RETRAIT_DE_FONDS' as const };
// Reading the means and a withdrawal's status: the balance screen's tab view, which READ_FINANCE
// and RETRAIT_DE_FONDS both grant (contract IMPLIED_PERMISSIONS).
const read = { permission: 'VIEW_BALANCE' as const };
const zMeansId = z.object({ id: z.string().regex(UUID_PATTERN, 'Moyen de retrait introuvable') });
const zTransactionId = z.object({ id: z.string().regex(UUID_PATTERN, 'Transaction introuvable') });

/**
 * Withdrawal modes and operators (reference data every profile reads: the caisse and payment
 * dialogs list them), the park's withdrawal means, and withdrawals with their status check.
 */
export const withdrawalsRoutes: FastifyPluginAsyncZod<{
  deps: WithdrawDeps;
  /** A mobile-money pay-in's validation data (null when the id is not one): check-status answers both. */
  checkPayin?: (acting: ActingProfile, id: string) => Promise<TTransactionValidation | null>;
}> = async (app, { deps, checkPayin }) => {
  const { db } = deps;

  app.get('/vtc-withdraw', {
    schema: { tags, summary: 'Modes de retrait du pays (celui du parc par défaut), avec leurs frais en pourcentage', querystring: ZWithdrawModesQuery, response: { 200: zEnvelope(z.array(ZWithdrawMode)) } },
  }, async (req) => {
    const iso = req.query.country_iso_code ?? (await means.parkPlace(db, actingProfile(req).parkId)).countryIso;
    return ok(await means.listModes(db, iso));
  });

  app.get('/operator', {
    schema: { tags, summary: 'Opérateurs de mobile money (du pays du parc par défaut)', querystring: ZOperatorQuery, response: { 200: zEnvelope(z.array(ZOperator)) } },
  }, async (req) => {
    const iso = req.query.country_iso_code ?? (await means.parkPlace(db, actingProfile(req).parkId)).countryIso;
    return ok(await means.listOperators(db, iso));
  });

  app.get('/mean-withdraw-on-park', {
    config: read,
    schema: { tags, summary: 'Moyens de retrait du parc', querystring: ZParkQuery, response: { 200: zEnvelope(z.array(ZWithdrawMeans)) } },
  }, async (req) => ok(await means.listMeans(db, actingProfile(req).parkId)));

  app.post('/mean-withdraw-on-park', {
    config: write,
    schema: { tags, summary: 'Ajoute un moyen de retrait (titre, numéro avec indicatif, mode)', body: ZWithdrawMeansInput, response: { 200: zEnvelope(ZWithdrawMeans) } },
  }, async (req) => ok(await means.addMeans(db, actingProfile(req).parkId, req.body), WITHDRAW_SUCCESS.meansAdded));

  app.put('/mean-withdraw-on-park/:id', {
    config: write,
    schema: { tags, summary: 'Modifie un moyen de retrait', params: zMeansId, body: ZWithdrawMeansInput, response: { 200: zEnvelope(ZWithdrawMeans) } },
  }, async (req) => ok(await means.updateMeans(db, actingProfile(req).parkId, req.params.id, req.body), WITHDRAW_SUCCESS.meansUpdated));

  app.delete('/mean-withdraw-on-park/:id', {
    config: write,
    schema: { tags, summary: 'Supprime un moyen de retrait (les retraits passés restent)', params: zMeansId, querystring: ZParkQuery, response: { 200: zEnvelope(z.object({ id: z.string() })) } },
  }, async (req) => ok(await means.deleteMeans(db, actingProfile(req).parkId, req.params.id), WITHDRAW_SUCCESS.meansDeleted));

  app.post('/transaction/withdraw', {
    config: { ...write, stepUp: true, idempotent: true },
    schema: {
      tags,
      summary: "Retire un montant (plus les frais du mode) du solde du parc, ou d'une caisse avec caisse_id, vers un moyen de retrait",
      description:
        "Le montant et les frais quittent le solde à l'envoi. 'Retrait effectué' quand l'opérateur confirme ; 'Transaction initiée' tant qu'il n'a pas confirmé (statut pending, réglé par check-status) ; un refus rend les fonds avec une écriture d'annulation (4363).",
      body: ZWithdrawInput,
      response: { 200: zEnvelope(ZParkTransaction) },
    },
  }, async (req) => {
    const outcome = await withdraw(deps, actingProfile(req), req.body);
    return ok(outcome.transaction, outcome.message);
  });

  // A withdrawal needs VIEW_BALANCE; a pay-in (the validation card polls it) VIEW_CASH_COLLECTION,
  // a subscription invoice's pay-in READ_SUBSCRIPTION, checked by checkPayin. The config can only
  // require all of several permissions: checked here.
  app.get('/transaction/check-status/:id', {
    schema: {
      tags,
      summary: "Demande à l'opérateur où en est un retrait ou un paiement mobile money en attente, et le règle",
      description: "Un retrait répond la transaction du parc ; un paiement mobile money (encaissement) répond ses données de validation (statut, compte à rebours).",
      params: zTransactionId,
      response: { 200: zEnvelope(z.union([ZParkTransaction, ZTransactionValidation])) },
    },
  }, async (req) => {
    const acting = actingProfile(req);
    if (!hasPermission(acting, read.permission) && !hasPermission(acting, 'VIEW_CASH_COLLECTION') && !hasPermission(acting, 'READ_SUBSCRIPTION')) throw new AppError('FORBIDDEN');
    const payin = checkPayin ? await checkPayin(acting, req.params.id) : null;
    if (payin) return ok(payin);
    if (!hasPermission(acting, read.permission)) throw new AppError('FORBIDDEN');
    return ok(await checkStatus(deps, acting.parkId, acting.park, req.params.id));
  });
};
