import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAccountingDiagram,
  ZAccountingDiagramQuery,
  ZAccountingPnl,
  ZAccountingPnlQuery,
  ZAccountingState,
  ZAccountingStateQuery,
  ZAccountingTotalQuery,
  ZAccountingTotals,
} from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import * as accounting from './accounting.service.ts';

const tags = ['accounting'];
const readFinance = { permission: 'READ_FINANCE' as const };

function parkOf(req: FastifyRequest): accounting.ReportPark {
  const p = actingProfile(req);
  return { id: p.parkId, timeZone: p.park.timeZone, currency: p.park.currency };
}

/**
 * Accounting reports (issue 5, section 6): read-only, READ_FINANCE, the acting park only. They
 * count confirmed operations not cancelled (pending and refused ones nowhere), in the park
 * currency, months in the park's time zone. The operations list (GET /accounting,
 * /accounting/pnl/operation) belongs to the operations module.
 */
export const accountingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/accounting/state', {
    config: readFinance,
    schema: {
      tags,
      summary:
        "État comptable : revenus, dépenses et résultat d'une période (par défaut le mois en cours jusqu'à aujourd'hui, ou le mois précédent avant le 7) et de la même période le mois précédent, par catégorie et sous-catégorie, avec l'évolution (up, down, unchanged). groupe_id : les opérations des véhicules de ce groupe.",
      querystring: ZAccountingStateQuery,
      response: { 200: zEnvelope(ZAccountingState) },
    },
  }, async (req) => ok(await accounting.accountingState(db, parkOf(req), req.query)));

  app.get('/accounting/pnl', {
    config: readFinance,
    schema: {
      tags,
      summary: "Compte de résultat d'une année (par défaut l'année en cours) : chaque catégorie et sous-compte mois par mois, avec les totaux mensuels des revenus, des dépenses et du résultat.",
      querystring: ZAccountingPnlQuery,
      response: { 200: zEnvelope(ZAccountingPnl) },
    },
  }, async (req) => ok(await accounting.pnlByYear(db, parkOf(req), req.query.year)));

  app.get('/accounting/diagramme-pnl', {
    config: readFinance,
    schema: {
      tags,
      summary:
        "Diagramme du compte de résultat : revenus et dépenses mois par mois sur la période (par défaut les 12 derniers mois, 36 au plus) et le total de chaque catégorie. groupe_id : les opérations des véhicules de ce groupe.",
      querystring: ZAccountingDiagramQuery,
      response: { 200: zEnvelope(ZAccountingDiagram) },
    },
  }, async (req) => ok(await accounting.pnlDiagram(db, parkOf(req), req.query)));

  app.get('/accounting/total-data', {
    config: readFinance,
    schema: {
      tags,
      summary:
        "Chiffres clés : revenus, dépenses et résultat du mois en cours et du mois précédent entier, l'évolution du mois en cours contre les mêmes jours du mois précédent, le solde de chaque caisse, leur total, le solde du parc (mobile money) et le total détenu.",
      querystring: ZAccountingTotalQuery,
      response: { 200: zEnvelope(ZAccountingTotals) },
    },
  }, async (req) => ok(await accounting.accountingTotals(db, parkOf(req))));
};
