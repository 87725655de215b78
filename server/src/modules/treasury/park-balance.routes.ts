import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WITHDRAW_SUCCESS, ZCreditAccountInput, ZParkAmount, ZParkSold, ZParkTransaction, ZParkTransactionsQuery, zPage } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { creditAccount, parkAmount, parkSold } from './park-balance.ts';
import { listParkTransactions, parkTransactionView } from './park-transactions.ts';

const tags = ['park-balance'];
// Reading the park balance and its transactions: the balance screen's tab view (VIEW_BALANCE), which
// READ_FINANCE and RETRAIT_DE_FONDS both grant (contract IMPLIED_PERMISSIONS).
const read = { permission: 'VIEW_BALANCE' as const };
// The park id is named park_id in the path so the guard refuses another park's (403) like anywhere else.
const zPark = z.object({ park_id: z.string().regex(UUID_PATTERN, 'Parc introuvable') });

/** The park balance (money received by mobile money), its transactions, and topping up a caisse from it. */
export const parkBalanceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/park/amount/:park_id', {
    config: read,
    schema: { tags, summary: 'Solde du parc (argent reçu par mobile money) et sa devise', params: zPark, response: { 200: zEnvelope(ZParkAmount) } },
  }, async (req) => ok(await parkAmount(db, actingProfile(req))));

  app.get('/park/sold/:park_id', {
    config: read,
    schema: { tags, summary: 'Solde du parc et retraits en attente de confirmation', params: zPark, response: { 200: zEnvelope(ZParkSold) } },
  }, async (req) => ok(await parkSold(db, actingProfile(req))));

  app.get('/park/transactions', {
    config: read,
    schema: { tags, summary: 'Transactions du solde du parc, les plus récentes en premier (exclude_type=credit_sold)', querystring: ZParkTransactionsQuery, response: { 200: zEnvelope(zPage(ZParkTransaction)) } },
  }, async (req) => {
    const acting = actingProfile(req);
    return ok(await listParkTransactions(db, acting.parkId, acting.park, req.query));
  });

  app.get('/transaction/:id', {
    config: read,
    schema: { tags, summary: 'Une transaction du parc', params: z.object({ id: z.string().regex(UUID_PATTERN, 'Transaction introuvable') }), response: { 200: zEnvelope(ZParkTransaction) } },
  }, async (req) => {
    const acting = actingProfile(req);
    return ok(await parkTransactionView(db, acting.parkId, acting.park, req.params.id));
  });

  // The withdrawal dialog 'tops up a caisse' (spec 001 section 2.3): the same permission as withdrawing.
  app.post('/transaction/credit-account', {
    config: { permission: 'RETRAIT_DE_FONDS', idempotent: true },
    schema: { tags, summary: 'Approvisionne une caisse depuis le solde du parc', body: ZCreditAccountInput, response: { 200: zEnvelope(ZParkTransaction) } },
  }, async (req) => ok(await creditAccount(db, actingProfile(req), req.body), WITHDRAW_SUCCESS.creditInitiated));
};
