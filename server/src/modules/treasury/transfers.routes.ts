import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CAISSE_SUCCESS, ZBankOperationInput, ZCaisseMovement, ZCaisseTransferInput } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { recordBankOperation } from './bank-operation.service.ts';
import { transferBetweenCaisses } from './transfers.service.ts';

const tags = ['caisses'];
// Both move cash between the park's caisses and its bank: CAISSE_TRANSFERT (spec 001 section 6).
const money = { permission: 'CAISSE_TRANSFERT' as const, idempotent: true };

/** Cash moved between caisses, and cash brought from the bank (paths not in the spec: ours). */
export const transfersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post('/caisse/transfer', {
    config: money,
    schema: {
      tags,
      summary: "Transfère de l'argent d'une caisse à une autre",
      description: 'Refusé si les deux caisses sont la même, si le montant est nul ou si la caisse débitée manque de fonds. Le compte cash par défaut demande ACCESS_CAISSE_CASH.',
      body: ZCaisseTransferInput,
      response: { 200: zEnvelope(ZCaisseMovement) },
    },
  }, async (req) => ok(await transferBetweenCaisses(db, actingProfile(req), req.body), CAISSE_SUCCESS.transferred));

  app.post('/transaction/bank-operation', {
    config: money,
    schema: {
      tags,
      summary: 'Enregistre des espèces retirées de la banque et versées dans une caisse',
      body: ZBankOperationInput,
      response: { 200: zEnvelope(ZCaisseMovement) },
    },
  }, async (req) => ok(await recordBankOperation(db, actingProfile(req), req.body), CAISSE_SUCCESS.bankOperation));
};
