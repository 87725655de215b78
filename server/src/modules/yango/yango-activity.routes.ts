import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZYangoActivity, ZYangoActivityQuery, ZYangoReconciliation, ZYangoReconciliationQuery } from '@flotte/contract/yango';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { yangoActivity } from './yango-activity.ts';
import { yangoReconciliation } from './yango-reconciliation.ts';
import type { YangoDeps } from './yango.deps.ts';

const tags = ['yango'];

/**
 * A linked driver's Yango activity (issue 21 section 3) and the dashboard's reconciliation of
 * Yango revenue with the recipes (section 4), both read from our copy of the activity
 * (yango-sync.ts). The acting park only: another park's driver or profile reads as not linked.
 */
export const yangoActivityRoutes: FastifyPluginAsyncZod<{ deps: YangoDeps }> = async (app, { deps }) => {
  const activity = {
    config: { permission: 'VIEW_DRIVERS' as const },
    schema: {
      tags,
      querystring: ZYangoActivityQuery,
      response: { 200: zEnvelope(ZYangoActivity) },
    },
  };
  const summary =
    "Activité Yango d'un chauffeur lié sur la période (défaut : le mois en cours jusqu'à maintenant, heure du parc) : revenu par partie, temps de travail, courses terminées (nombre, prix, kilomètres), recettes attendues et encaissées des mêmes jours, solde Yango lu en direct (null si Yango ne répond pas)";

  app.get(
    '/yango/yango-transaction/:yango_id',
    { ...activity, schema: { ...activity.schema, summary: `${summary} ; par identifiant Yango`, params: z.object({ yango_id: z.string().trim().min(1).max(200) }) } },
    async (req) => ok(await yangoActivity(deps, actingProfile(req), { yangoId: req.params.yango_id }, req.query)),
  );

  app.get(
    '/yango/activity/:driver_id',
    { ...activity, schema: { ...activity.schema, summary: `${summary} ; par chauffeur`, params: z.object({ driver_id: z.string().max(100) }) } },
    async (req) => ok(await yangoActivity(deps, actingProfile(req), { driverId: req.params.driver_id }, req.query)),
  );

  app.get(
    '/yango/reconciliation',
    {
      config: { permission: 'READ_FINANCE' as const },
      schema: {
        tags,
        summary:
          "Rapprochement Yango du tableau de bord : revenu Yango des chauffeurs liés sur la période (défaut : le mois en cours) à côté des recettes attendues et encaissées de ces mêmes chauffeurs, pour le parc et par véhicule (les 50 premiers par revenu Yango)",
        querystring: ZYangoReconciliationQuery,
        response: { 200: zEnvelope(ZYangoReconciliation) },
      },
    },
    async (req) => ok(await yangoReconciliation(deps, actingProfile(req), req.query)),
  );
};
