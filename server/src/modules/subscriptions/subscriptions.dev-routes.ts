import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';
import { runSubscriptionsJob } from './subscriptions.job.ts';

// No body at all is a pass on the real clock.
const ZRunJobBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    now: z.iso.datetime({ offset: true, error: 'Date invalide (ISO 8601 attendu)' }).optional().describe("The clock the pass reads (an e2e's fake clock); now when left out"),
  }),
);

/**
 * POST /api/dev/subscriptions/run-job: one pass of the subscriptions' job now, for the acting park
 * (end, start, near-end reminders, the ended notice), instead of waiting for the quarter hour. For
 * a person trying the demo and end-to-end tests, which may hand it a clock (`now`) to see a day
 * ahead; registered only where the dev outbox is (never in production). The pass is idempotent.
 */
export const subscriptionsJobDevRoutes: FastifyPluginAsyncZod<{ deps: SubscriptionsDeps }> = async (app, { deps }) => {
  app.post('/dev/subscriptions/run-job', {
    config: { permission: 'READ_SUBSCRIPTION' },
    schema: {
      tags: ['dev'],
      summary: "Lance tout de suite une passe de la tâche des abonnements pour le parc (fin, début, rappels) (mode démo)",
      body: ZRunJobBody,
      response: { 200: zEnvelope(z.object({ ended: z.number(), started: z.number(), reminded: z.number(), notified: z.number() })) },
    },
  }, async (req) => {
    const at = req.body.now ? new Date(req.body.now) : null;
    const r = await runSubscriptionsJob(at ? { ...deps, now: () => at } : deps, { parkId: actingProfile(req).parkId });
    return ok(r);
  });
};
