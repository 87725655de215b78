import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAINTENANCE_MESSAGES as M,
  ZMaintenance,
  ZMaintenanceCreate,
  ZMaintenanceCreated,
  ZMaintenanceListQuery,
  ZMaintenanceLostDays,
  ZMaintenancePage,
  ZMaintenancePlanningImpactQuery,
  ZMaintenanceUpdate,
  ZRepairType,
} from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { finishMaintenance } from './maintenance-finish.ts';
import {
  cancelMaintenance,
  createMaintenance,
  getMaintenance,
  listMaintenances,
  listRepairTypes,
  maintenancePlanningImpact,
  type MaintenanceDeps,
} from './maintenance.service.ts';

const tags = ['maintenance'];
const zIdParams = z.object({ id: z.string() });
/** The maintenance screens (MANAGE_MAINTENANCE implies the tab view). */
const read = { permission: 'VIEW_MAINTENANCE' as const };
/** Every change; scheduling and finishing are idempotent (finishing moves money). */
const manage = { permission: 'MANAGE_MAINTENANCE' as const, idempotent: true };

/** Maintenance (entretien, issue 18 section 1; spec 002 sections 2 to 9). */
export const maintenanceRoutes: FastifyPluginAsyncZod<{ deps: MaintenanceDeps }> = async (app, { deps }) => {
  app.get('/entretien', {
    config: read,
    schema: {
      tags,
      summary: 'Les entretiens du parc, le plus récent début d’abord, filtrés (véhicule, statut, prestataire, période) et paginés',
      querystring: ZMaintenanceListQuery,
      response: { 200: zEnvelope(ZMaintenancePage) },
    },
  }, async (req) => ok(await listMaintenances(deps, actingProfile(req), req.query)));

  app.get('/entretien/planning-impact', {
    config: read,
    schema: {
      tags,
      summary: 'Les jours de planning que chaque chauffeur perdrait si le véhicule partait en entretien sur cette période',
      querystring: ZMaintenancePlanningImpactQuery,
      response: { 200: zEnvelope(z.array(ZMaintenanceLostDays)) },
    },
  }, async (req) => ok(await maintenancePlanningImpact(deps, actingProfile(req), req.query)));

  app.get('/entretien/:id', {
    config: read,
    schema: { tags, summary: 'Un entretien, pour la fenêtre de détail', params: zIdParams, response: { 200: zEnvelope(ZMaintenance) } },
  }, async (req) => ok(await getMaintenance(deps, actingProfile(req), req.params.id)));

  app.post('/entretien', {
    config: manage,
    schema: {
      tags,
      summary: 'Programme un entretien (les contrôles de la spec, dans l’ordre du formulaire) et retire le véhicule du planning sur cette période',
      body: ZMaintenanceCreate,
      response: { 200: zEnvelope(ZMaintenanceCreated) },
    },
  }, async (req) => ok(await createMaintenance(deps, actingProfile(req), req.body), M.created));

  app.put('/entretien/:id', {
    config: manage,
    schema: {
      tags,
      summary: 'Clôture un entretien avec les montants payés (status finished : la dépense sort de la caisse) ou l’annule (status canceled)',
      params: zIdParams,
      body: ZMaintenanceUpdate,
      response: { 200: zEnvelope(ZMaintenance) },
    },
  }, async (req) => {
    const actor = actingProfile(req);
    const body = req.body;
    if (body.status === 'canceled') return ok(await cancelMaintenance(deps, actor, req.params.id), M.canceled);
    return ok(await finishMaintenance(deps, actor, req.params.id, body), M.finished);
  });

  app.get('/repair-type', {
    schema: { tags, summary: "Les types d'entretien (communs à tous les parcs), chacun avec le code de son sous-compte", response: { 200: zEnvelope(z.array(ZRepairType)) } },
  }, async (_req, reply) => {
    reply.header('Cache-Control', 'private, max-age=3600');
    return ok(await listRepairTypes(deps.db));
  });
};
