import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTRACT_MESSAGES as M, ZContractCollect, ZContractCollectResult, ZContractDetail, ZPartnerInstalmentPay } from '@flotte/contract/contracts';
import { RECIPE_COLLECTION_MESSAGES } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { getContractDetail } from './contract-detail.ts';
import { collectContract, type ContractMoneyDeps } from './contract-collect.ts';
import { payPartnerInstalment } from './contract-partner-pay.ts';
import { confirmHandover } from './contract-payoff.ts';

const tags = ['contrats'];
const zIdParams = z.object({ id: z.string() });
const zSeqParams = z.object({
  id: z.string(),
  seq: z.coerce.number({ error: 'Échéance introuvable' }).int('Échéance introuvable').min(1, 'Échéance introuvable').max(100_000, 'Échéance introuvable'),
});

/**
 * The contracts' money (issue 19 section 1): a driver's payments on his hire purchase (through the
 * recipes' collection), the park's payments to partner owners, and the hand-over of a paid-off
 * vehicle. Every call moves money or ends a contract, so all are idempotent (Idempotency-Key).
 */
export const contractMoneyRoutes: FastifyPluginAsyncZod<{ deps: ContractMoneyDeps }> = async (app, { deps }) => {
  app.post('/contract/:id/collect', {
    config: { permission: 'ENCAISSER', idempotent: true },
    schema: {
      tags,
      summary:
        "Encaisse un paiement du chauffeur sur son contrat de location-vente : le montant (dans la devise du parc) est affecté aux échéances impayées les plus anciennes, y compris celles pas encore dues (paiement d'avance), sans dépasser le reste à payer. Espèces (dans une caisse ; sans caisse, le compte cash par défaut avec ACCESS_CAISSE_CASH), solde du chauffeur (sold) ou mobile money (la réponse porte alors la carte de validation dans `transaction`, et l'échéance est payée quand l'opérateur confirme). Chaque paiement est une opération du sous-compte « contract_driver ». Contrat actif, ou annulé en gardant la dette",
      params: zIdParams,
      body: ZContractCollect,
      response: { 200: zEnvelope(ZContractCollectResult) },
    },
  }, async (req) => {
    const answer = await collectContract(deps, actingProfile(req), req.params.id, req.body);
    return ok(answer, answer.transaction ? RECIPE_COLLECTION_MESSAGES.mobileMoneyStarted : M.paid);
  });

  app.post('/contract/:id/instalments/:seq/pay', {
    config: { permission: 'MANAGE_CONTRACTS', idempotent: true },
    schema: {
      tags,
      summary:
        "Paie au propriétaire partenaire une échéance de son contrat, due aujourd'hui ou avant : une dépense du sous-compte « contract_partner » au nom du véhicule, depuis la caisse choisie (sans caisse, le compte cash par défaut), qui doit contenir le montant. Réservé au propriétaire de la flotte ; une échéance déjà payée est refusée (409)",
      params: zSeqParams,
      body: ZPartnerInstalmentPay,
      response: { 200: zEnvelope(ZContractDetail) },
    },
  }, async (req) => ok(await payPartnerInstalment(deps, actingProfile(req), req.params.id, req.params.seq, req.body), M.paid));

  app.post('/contract/:id/handover', {
    config: { permission: 'MANAGE_CONTRACTS', idempotent: true },
    schema: {
      tags,
      summary:
        "Confirme la remise au chauffeur du véhicule d'un contrat de location-vente soldé : le véhicule quitte la flotte active (statut deactivated). Réservé au propriétaire de la flotte, une seule fois",
      params: zIdParams,
      response: { 200: zEnvelope(ZContractDetail) },
    },
  }, async (req) => {
    const acting = actingProfile(req);
    await confirmHandover(deps, acting, req.params.id);
    return ok(await getContractDetail(deps, acting, req.params.id), M.handedOver);
  });
};
