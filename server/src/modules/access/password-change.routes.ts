import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUCCESS_MESSAGES, ZChangePassword } from '@flotte/contract';
import { caller } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { AccessDeps } from './access.deps.ts';
import { changePassword } from './password-change.service.ts';

/** The password change form of the account screen (spec 002: POST /admin-reset-password). */
export const passwordChangeRoutes: FastifyPluginAsyncZod<{ deps: AccessDeps; rateLimit: number }> = async (app, { deps, rateLimit }) => {
  app.post('/admin-reset-password', {
    // Limited like sign-in: the old password is a guess a stolen session could keep trying.
    config: { auth: 'user', rateLimit: { max: rateLimit, timeWindow: '1 minute' } },
    schema: {
      tags: ['account'],
      summary: 'Change son mot de passe (ancien mot de passe requis) ; ferme les autres sessions',
      body: ZChangePassword,
      response: { 200: zEnvelope(z.object({ changed: z.literal(true) })) },
    },
  }, async (req) => {
    const c = caller(req);
    await changePassword(deps, { userId: c.userId, sessionId: c.sessionId, password: req.body.password, newPassword: req.body.new_password });
    return ok({ changed: true as const }, SUCCESS_MESSAGES.PASSWORD_CHANGED);
  });
};
