import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZYangoDebit, ZYangoDebitInput } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { debitOf, debitRecipe, debitsOfRecipe } from './yango-debit.ts';
import type { YangoDeps } from './yango.deps.ts';

const tags = ['yango'];

/**
 * Collecting a recipe from the driver's Yango balance (issue 21 section 4, yango-debit.ts): a
 * collection, so ENCAISSER, and idempotent (Idempotency-Key) like every payment. A debit Yango
 * has not answered yet answers 200 with status 'pending'; a refusal 409 with Yango's reason.
 */
export const yangoDebitRoutes: FastifyPluginAsyncZod<{ deps: YangoDeps }> = async (app, { deps }) => {
  app.post('/yango/debit-recipe', {
    config: { permission: 'ENCAISSER', idempotent: true },
    schema: {
      tags,
      summary: 'Encaisse une recette (tout ou partie) en prélevant le solde Yango du chauffeur',
      body: ZYangoDebitInput,
      response: { 200: zEnvelope(ZYangoDebit) },
    },
  }, async (req) => {
    const { debit, message } = await debitRecipe(deps, actingProfile(req), req.body);
    return ok(debit, message);
  });

  app.get('/yango/debit/:id', {
    config: { permission: 'ENCAISSER' },
    schema: { tags, summary: 'Un prélèvement Yango ; Yango est interrogé de nouveau tant qu’il est en attente', params: z.object({ id: z.string() }), response: { 200: zEnvelope(ZYangoDebit) } },
  }, async (req) => {
    const { debit, message } = await debitOf(deps, actingProfile(req), req.params.id);
    return ok(debit, message);
  });

  app.get('/yango/recipe/:recipe_id/debits', {
    config: { permission: 'ENCAISSER' },
    schema: { tags, summary: 'Les prélèvements Yango d’une recette, du plus récent au plus ancien', params: z.object({ recipe_id: z.string() }), response: { 200: zEnvelope(z.array(ZYangoDebit)) } },
  }, async (req) => ok(await debitsOfRecipe(deps, actingProfile(req), req.params.recipe_id)));
};
