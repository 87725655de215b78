import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTRACT_MESSAGES as M,
  ZContractDetail,
  ZContractEvent,
  ZContractListQuery,
  ZContractCancel,
  ZContractPage,
  ZContractSign,
  ZContractStats,
  ZContractStatsQuery,
  ZContractUpdate,
  ZDriverContractCreate,
  ZPartnerContractCreate,
} from '@flotte/contract/contracts';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { createDriverContract, createPartnerContract } from './contract-create.ts';
import { getContractDetail } from './contract-detail.ts';
import { contractHistory } from './contract-history.ts';
import { cancelContract, signContract } from './contract-sign-cancel.ts';
import { contractStats } from './contract-stats.ts';
import { regenerateContract, updateContract } from './contract-update.ts';
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

  app.get('/contract/stats', {
    config: read,
    schema: {
      tags,
      summary: 'Les statistiques des contrats du parc : nombres par statut et par type, montant des contrats actifs, véhicules et chauffeurs sous contrat actif, montant encaissé, reste à payer, échéances impayées de ce mois',
      querystring: ZContractStatsQuery,
      response: { 200: zEnvelope(ZContractStats) },
    },
  }, async (req) => ok(await contractStats(deps, actingProfile(req))));

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

  app.put('/contract/:id', {
    config: manage,
    schema: {
      tags,
      summary: "Modifie un contrat. En attente : tous les champs de son type ; actif : montants, fréquence, date de fin, clauses et description. Les échéances impayées sont recalculées (les échéances payées, même en partie, ne changent pas) et une nouvelle version du document est créée",
      params: zIdParams,
      body: ZContractUpdate,
      response: { 200: zEnvelope(ZContractDetail) },
    },
  }, async (req) => ok(await updateContract(deps, actingProfile(req), req.params.id, req.body), M.updated));

  app.post('/contract/:id/sign', {
    config: manage,
    schema: {
      tags,
      summary: "Signe un contrat en attente : enregistre qui signe, quand, depuis quel profil et quelle version du document (la courante par défaut) ; le contrat devient actif",
      params: zIdParams,
      body: ZContractSign.nullish(),
      response: { 200: zEnvelope(ZContractDetail) },
    },
  }, async (req) => ok(await signContract(deps, actingProfile(req), req.params.id, req.body ?? {}), M.signed));

  const cancel = {
    config: manage,
    schema: {
      tags,
      summary: "Annule un contrat en attente ou actif, de façon irréversible, avec un motif. Les échéances à venir sont annulées ; celles déjà dues et impayées sont abandonnées (write_off) ou restent dues (keep_debt)",
      params: zIdParams,
      body: ZContractCancel,
      response: { 200: zEnvelope(ZContractDetail) },
    },
  };
  app.post('/contract/:id/cancel', cancel, async (req) => ok(await cancelContract(deps, actingProfile(req), req.params.id, req.body), M.cancelled));
  app.put('/contract/:id/cancel', cancel, async (req) => ok(await cancelContract(deps, actingProfile(req), req.params.id, req.body), M.cancelled));

  app.post('/contract/:id/regenerate', {
    config: manage,
    schema: {
      tags,
      summary: "Recalcule les échéances impayées à partir des conditions du contrat si elles en diffèrent (les échéances payées ne changent pas) et crée une nouvelle version du document",
      params: zIdParams,
      response: { 200: zEnvelope(ZContractDetail) },
    },
  }, async (req) => ok(await regenerateContract(deps, actingProfile(req), req.params.id), M.regenerated));
};
