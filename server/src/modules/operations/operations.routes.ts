import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OPERATION_MESSAGES,
  OPERATION_SUCCESS,
  ZDayAssignment,
  ZDayAssignmentQuery,
  ZFundMovementInput,
  ZOperation,
  ZOperationCancel,
  ZOperationListQuery,
  ZOperationPage,
  ZOperationValidate,
} from '@flotte/contract';
import { actingProfile, hasPermission } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { driverVehicleOn } from './driver-vehicle.service.ts';
import { createFundMovement } from './fund-movement.service.ts';
import { cancelOperation, confirmOperation } from './operation-lifecycle.service.ts';
import { getOperation, listOperations, type OperationsDeps } from './operations.queries.ts';

const tags = ['operations'];
const zIdParams = z.object({ id: z.string() });

/**
 * Reading operations needs the operations screen (VIEW_OPERATIONS, which CREATE_OPERATION,
 * CANCEL_OPERATION and VALIDATE_EXPENSE imply) or READ_FINANCE (the accounting screens list them
 * too). Checked here because the route config can only require all of several permissions.
 */
function assertCanRead(req: FastifyRequest) {
  const p = actingProfile(req);
  if (!hasPermission(p, 'VIEW_OPERATIONS') && !hasPermission(p, 'READ_FINANCE')) throw new AppError('FORBIDDEN');
  return p;
}

/**
 * Fund movements (issue 5, section 4). Creation, confirmation and cancellation move money: they
 * are idempotent (an Idempotency-Key header makes a retry answer the first result).
 */
export const operationsRoutes: FastifyPluginAsyncZod<{ deps: OperationsDeps }> = async (app, { deps }) => {
  // The spec names two paths for the same creation (the dialog's two modes).
  for (const url of ['/pnl-account/fund-movement', '/accounting/create-entry-or-depense']) {
    app.post(url, {
      config: { permission: 'CREATE_OPERATION', idempotent: true },
      schema: {
        tags,
        summary: 'Enregistre un revenu ou une dépense (les 8 contrôles de la spec, dans l’ordre)',
        body: ZFundMovementInput,
        response: { 200: zEnvelope(ZOperation) },
      },
    }, async (req) => ok(await createFundMovement(deps, actingProfile(req), req.body as Parameters<typeof createFundMovement>[2]), OPERATION_SUCCESS.created));
  }

  app.post('/pnl-account/validate-expense', {
    config: { permission: 'VALIDATE_EXPENSE', idempotent: true },
    schema: { tags, summary: 'Confirme une opération en attente (le propriétaire seulement) et la comptabilise', body: ZOperationValidate, response: { 200: zEnvelope(ZOperation) } },
  }, async (req) => ok(await confirmOperation(deps, actingProfile(req), req.body.fund_movement_id), OPERATION_SUCCESS.confirmed));

  app.delete('/accounting/pnl/operation/:id', {
    config: { permission: 'CANCEL_OPERATION', idempotent: true },
    schema: {
      tags,
      summary: "Annule une opération (irréversible) : écriture d'annulation si elle était confirmée, 'Refusé' sinon",
      params: zIdParams,
      body: ZOperationCancel,
      response: { 200: zEnvelope(ZOperation) },
    },
  }, async (req) => ok(await cancelOperation(deps, actingProfile(req), req.params.id, req.body.comment), OPERATION_SUCCESS.canceled));

  // GET /accounting and GET /accounting/pnl/operation are the same list (the spec calls both).
  for (const url of ['/accounting/pnl/operation', '/accounting']) {
    app.get(url, {
      schema: {
        tags,
        summary: 'Les opérations du parc, les plus récentes d’abord (annulations masquées), filtrées et paginées',
        querystring: ZOperationListQuery,
        response: { 200: zEnvelope(ZOperationPage) },
      },
    }, async (req) => ok(await listOperations(deps, assertCanRead(req), req.query)));
  }

  app.get('/accounting/pnl/operation/:id', {
    schema: { tags, summary: "Une opération, pour la fenêtre de détail", params: zIdParams, response: { 200: zEnvelope(ZOperation) } },
  }, async (req) => ok(await getOperation(deps, assertCanRead(req), req.params.id)));

  app.get('/accounting/driver-vehicle', {
    schema: {
      tags,
      summary: 'Le véhicule du chauffeur ce jour-là (driver_id), ou le chauffeur du véhicule (vehicle_id), selon le planning',
      querystring: ZDayAssignmentQuery,
      response: { 200: zEnvelope(ZDayAssignment) },
    },
  }, async (req) => {
    const found = await driverVehicleOn(deps.db, actingProfile(req), req.query);
    return ok(found, req.query.driver_id && !found.vehicle ? OPERATION_MESSAGES.noVehicle : undefined);
  });
};
