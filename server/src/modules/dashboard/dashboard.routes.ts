import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Permission, ZCaGraph, ZCaIndividualQuery, ZCaQuery, ZCaTotals, ZFleetDetails, ZRevenueEvolution, ZRevenueEvolutionQuery } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, serializeBuiltAnswer, zEnvelope } from '../../platform/envelope.ts';
import { fleetDetails } from './fleet-details.service.ts';
import { caGraph, caTotals, revenueEvolution } from './revenue.service.ts';

const tags = ['dashboard'];
const viewDashboard = { permission: 'VIEW_DASHBOARD' as const };
// Revenue is money: without READ_FINANCE the dashboard shows no amount (issue 17 section 4).
const viewRevenue = { permission: ['VIEW_DASHBOARD', 'READ_FINANCE'] satisfies Permission[] };

/**
 * The fleet dashboard (issue 6, section 4): read-only, VIEW_DASHBOARD, the acting park only; the
 * revenue figures also need READ_FINANCE, and the cards leave their amounts out without it.
 * Figures come from the recipes, the confirmed planning, the operations' totals and the ledger.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/dashboard/fleet/details', {
    config: viewDashboard,
    schema: {
      tags,
      summary:
        "Cartes du tableau de bord : recettes attendues aujourd'hui, encaissé du jour, recettes non encaissées, recettes supprimées (total et ce mois), documents qui expirent, chauffeurs et véhicules (total, actifs), véhicules en maintenance, véhicules sans planning aujourd'hui, montants (avec READ_FINANCE) ; chacune avec sa tendance et ce à quoi elle est comparée",
      querystring: z.object({ park_id: z.string().optional() }),
      response: { 200: zEnvelope(ZFleetDetails) },
    },
    // fleetDetails builds the answer field by field (TFleetDetails): not checked again by zod.
    serializerCompiler: serializeBuiltAnswer,
  }, async (req) => ok(await fleetDetails(db, actingProfile(req))));

  app.get('/dashboard/park/revenue/evolution', {
    config: viewRevenue,
    schema: {
      tags,
      summary: "Évolution des revenus (Autres, VTC, Courses) par mois (défaut), semaine ISO ou année, d'une année (défaut l'année en cours ; en mode year, elle et les 4 précédentes)",
      querystring: ZRevenueEvolutionQuery,
      response: { 200: zEnvelope(ZRevenueEvolution) },
    },
  }, async (req) => ok(await revenueEvolution(db, actingProfile(req), req.query)));

  app.get('/dashboard/park/ca-global', {
    config: viewRevenue,
    schema: {
      tags,
      summary: "Chiffre d'affaires du parc sur la période (défaut : le mois en cours, ou le précédent avant le 7) par catégorie, contre les mêmes jours du mois précédent",
      querystring: ZCaQuery,
      response: { 200: zEnvelope(ZCaTotals) },
    },
  }, async (req) => ok(await caTotals(db, actingProfile(req), req.query, false)));

  app.get('/dashboard/park/ca-individual', {
    config: viewRevenue,
    schema: {
      tags,
      summary: "Chiffre d'affaires d'un chauffeur (driver_id) ou d'un véhicule (vehicle_id) sur la période, par catégorie, contre les mêmes jours du mois précédent",
      querystring: ZCaIndividualQuery,
      response: { 200: zEnvelope(ZCaTotals) },
    },
  }, async (req) => ok(await caTotals(db, actingProfile(req), req.query, true)));

  app.get('/dashboard/park/graph-ca-global', {
    config: viewRevenue,
    schema: {
      tags,
      summary: "Chiffre d'affaires du parc jour par jour (jusqu'à 62 jours) ou mois par mois (jusqu'à 36 mois), par catégorie",
      querystring: ZCaQuery,
      response: { 200: zEnvelope(ZCaGraph) },
    },
  }, async (req) => ok(await caGraph(db, actingProfile(req), req.query, false)));

  app.get('/dashboard/park/graph-ca-individual', {
    config: viewRevenue,
    schema: {
      tags,
      summary: "Chiffre d'affaires d'un chauffeur ou d'un véhicule jour par jour (jusqu'à 62 jours) ou mois par mois, par catégorie",
      querystring: ZCaIndividualQuery,
      response: { 200: zEnvelope(ZCaGraph) },
    },
  }, async (req) => ok(await caGraph(db, actingProfile(req), req.query, true)));
};
