import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { GpsDeps } from './gps.deps.ts';
import { runTriggerPass } from './trigger-job.ts';

/**
 * POST /api/dev/gps/run-triggers: one pass of the penalty triggers' job now, for the acting park,
 * instead of waiting for the minute's schedule. For a person trying the demo and for end-to-end
 * tests; registered only where the dev outbox is (never in production). A pass acts only on what
 * is due, once per episode: running it early does nothing the job would not have done itself.
 */
export const triggerJobDevRoutes: FastifyPluginAsyncZod<{ deps: GpsDeps }> = async (app, { deps }) => {
  app.post('/dev/gps/run-triggers', {
    config: { permission: 'GEOLOCK' },
    schema: {
      tags: ['dev'],
      summary: 'Lance tout de suite une passe des déclencheurs de pénalité du parc (mode démo)',
      response: { 200: zEnvelope(z.object({ fired: z.number(), settled: z.number(), retried: z.number() })) },
    },
  }, async (req) => {
    const r = await runTriggerPass(deps, { parkId: actingProfile(req).parkId });
    return ok({ fired: r.fired, settled: r.settled, retried: r.retried });
  });
};
