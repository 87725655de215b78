import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { YangoDeps } from '../yango/yango.deps.ts';
import { runRecipeJob } from './recipe-job.ts';
import { runYangoRecipeJob } from './yango-recipes.ts';

/**
 * POST /api/dev/recipes/run-job: runs the recipe job now for the acting park, instead of waiting
 * for its 5-minute schedule. For a person trying the demo and for end-to-end tests; registered
 * only where the dev outbox is (never in production). The job creates only what is due, so
 * running it early changes nothing it would not have done itself. The Yango recipes' job runs too
 * (its drivers' revenue synced first).
 */
export const recipeJobDevRoutes: FastifyPluginAsyncZod<{ db: Db; yango: YangoDeps }> = async (app, { db, yango }) => {
  app.post('/dev/recipes/run-job', {
    config: { permission: 'ENCAISSER' },
    schema: {
      tags: ['dev'],
      summary: "Lance tout de suite la création des recettes attendues du parc (mode démo)",
      response: { 200: zEnvelope(z.object({ created: z.number(), due: z.number(), without_planning: z.number() })) },
    },
  }, async (req) => {
    const parkId = actingProfile(req).parkId;
    const now = new Date();
    const r = await runRecipeJob(db, now, { parkId });
    const y = await runYangoRecipeJob(yango, now, { parkId });
    return ok({ created: r.created + y.created, due: r.due + y.due, without_planning: r.without_planning });
  });
};
