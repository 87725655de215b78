import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { runDailyNoticesJob, type DailyNoticesDeps } from './daily-notices.job.ts';

/**
 * POST /api/dev/notifications/run-job: runs the daily notices job now for the acting park, instead
 * of waiting for the morning. For a person trying the demo and for end-to-end tests; registered only
 * where the dev outbox is (never in production). Each notice is written once whatever the runs, so
 * running it early tells nothing the morning's run would not have.
 */
export const dailyNoticesDevRoutes: FastifyPluginAsyncZod<{ deps: DailyNoticesDeps }> = async (app, { deps }) => {
  app.post('/dev/notifications/run-job', {
    config: { permission: 'MANAGE_MAINTENANCE' },
    schema: {
      tags: ['dev'],
      summary: "Lance tout de suite les rappels d'entretien et les documents à renouveler du parc (mode démo)",
      response: { 200: zEnvelope(z.object({ reminders_checked: z.number(), notifications: z.number(), messages_sent: z.number() })) },
    },
  }, async (req) => {
    const r = await runDailyNoticesJob(deps, new Date(), { parkId: actingProfile(req).parkId });
    return ok({ reminders_checked: r.reminders_checked, notifications: r.notifications, messages_sent: r.messages_sent });
  });
};
