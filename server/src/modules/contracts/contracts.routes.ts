import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTRACT_MESSAGES as M,
  ZContractDetail,
  ZContractEvent,
  ZContractListQuery,
  ZContractPage,
  ZDriverContractCreate,
  ZPartnerContractCreate,
} from '@flotte/contract/contracts';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { createDriverContract, createPartnerContract } from './contract-create.ts';
import { getContractDetail } from './contract-detail.ts';
import { contractHistory } from './contract-history.ts';
import type { ContractsDeps } from './contracts.deps.ts';
import { listContracts } from './contracts.queries.ts';

const tags = ['contrats'];
const zIdParams = z.object({ id: z.string() });
/** The contracts screens (MANAGE_CONTRACTS implies the view). */
const read = { permission: 'VIEW_CONTRACTS' as const };
/** Every change of a contract. */
const manage = { permission: 'MANAGE_CONTRACTS' as const };

/** Contracts (issue 19; spec 002 sections 2 to 9): partner contracts and drivers' hire purchase. */
export const contractsRoutes: FastifyPluginAsyncZod<{ deps: ContractsDeps }> = async (app, { deps }) => {
  app.post('/contract/driver', {
    config: manage,
    schema: {
      tags,
      summary: "Crée un contrat chauffeur (location-vente) : le chauffeur paie le total par échéances et devient propriétaire une fois soldé. Le contrat est en attente de signature ; l'échéancier et le document sont créés",
      body: ZDriverContractCreate,
      response: { 200: zEnvelope(ZContractDetail) },
    },
  }, async (req) => ok(await createDriverContract(deps, actingProfile(req), req.body), M.driverCreated));

  app.post('/contract/partner', {
    config: manage,
    schema: {
      tags,
      summary: "Crée un contrat partenaire : le parc paie au propriétaire du véhicule un montant par période jusqu'à la date de fin. Le contrat est en attente de signature",
      body: ZPartnerContractCreate,
      response: { 200: zEnvelope(ZContractDetail) },
    },
  }, async (req) => ok(await createPartnerContract(deps, actingProfile(req), req.body), M.partnerCreated));

  app.get('/contract', {
    config: read,
    schema: {
      tags,
      summary: 'Les contrats, le plus récent d’abord, filtrés (type, statut, véhicule, chauffeur, propriétaire, période) et paginés. Le propriétaire voit ceux de tous ses parcs ; les autres, ceux du parc courant',
      querystring: ZContractListQuery,
      response: { 200: zEnvelope(ZContractPage) },
    },
  }, async (req) => ok(await listContracts(deps, actingProfile(req), req.query)));

  app.get('/contract/:id', {
    config: read,
    schema: {
      tags,
      summary: "Un contrat : son échéancier (état de chaque échéance), ses paiements, ses documents, ses signatures et les actions permises à l'appelant",
      params: zIdParams,
      response: { 200: zEnvelope(ZContractDetail) },
    },
  }, async (req) => ok(await getContractDetail(deps, actingProfile(req), req.params.id)));

  app.get('/contract/:id/history', {
    config: read,
    schema: { tags, summary: 'L’historique du contrat, le plus récent d’abord : chaque changement, qui et quand', params: zIdParams, response: { 200: zEnvelope(z.array(ZContractEvent)) } },
  }, async (req) => ok(await contractHistory(deps, actingProfile(req), req.params.id)));
};
