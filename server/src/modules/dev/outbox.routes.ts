import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizePhone, ZOutboxItem } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { readOutbox } from './outbox.service.ts';

/**
 * GET /api/dev/outbox?to=: what the notifier "sent" to a phone or email, for a person trying the
 * demo and for end-to-end tests. Registered only in demo mode or with FLOTTE_DEV_OUTBOX=1 (never in
 * production), so elsewhere the path is a plain 404.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Lets development-only screens (the widget gallery) know they may show themselves.
  app.get('/dev/status', {
    config: { auth: 'public' },
    schema: { tags: ['dev'], summary: 'Présent seulement en mode développement ou démo', response: { 200: zEnvelope(z.object({ dev: z.literal(true) })) } },
  }, async () => ok({ dev: true as const }));

  app.get('/dev/outbox', {
    config: { auth: 'public' },
    schema: {
      tags: ['dev'],
      summary: 'Messages envoyés en mode démo (codes à usage unique)',
      querystring: z.object({ to: z.string().min(3, 'Indiquez un téléphone ou un email') }),
      response: { 200: zEnvelope(z.array(ZOutboxItem)) },
    },
  }, async (req) => {
    const raw = req.query.to.trim();
    const to = raw.includes('@') ? raw.toLowerCase() : (() => { const d = normalizePhone(raw); return d.startsWith('+') ? d : `+${d}`; })();
    return ok(await readOutbox(db, to));
  });
};
