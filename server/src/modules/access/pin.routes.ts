import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUCCESS_MESSAGES, ZPinCode, ZUpdatePin, ZVerifyPassword } from '@flotte/contract';
import { caller } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { AccessDeps } from './access.deps.ts';
import { setPin, verifyPassword, verifyPin } from './pin.service.ts';

/** PIN set and step-up, and the password check used before sensitive changes. */
export const pinRoutes: FastifyPluginAsyncZod<{ deps: AccessDeps; rateLimit: number }> = async (app, { deps, rateLimit }) => {
  const config = { auth: 'user' as const, rateLimit: { max: rateLimit, timeWindow: '1 minute' } };

  app.post('/update-pin-code', {
    config,
    schema: { tags: ['pin'], summary: 'Définit ou change le code PIN (mot de passe requis pour le changer)', body: ZUpdatePin, response: { 200: zEnvelope(z.null()) } },
  }, async (req) => {
    const c = caller(req);
    await setPin(deps, { userId: c.userId, sessionId: c.sessionId, code: req.body.code, password: req.body.password });
    return ok(null, SUCCESS_MESSAGES.PIN_SET);
  });

  app.post('/verify-pin-code', {
    config,
    schema: { tags: ['pin'], summary: "Vérification d'identité par code PIN", body: ZPinCode, response: { 200: zEnvelope(z.object({ verified: z.literal(true) })) } },
  }, async (req) => {
    const c = caller(req);
    await verifyPin(deps, { userId: c.userId, sessionId: c.sessionId, code: req.body.code });
    return ok({ verified: true as const }, 'Identité vérifiée avec succès !');
  });

  app.post('/verify-password', {
    config,
    schema: { tags: ['pin'], summary: 'Vérifie le mot de passe', body: ZVerifyPassword, response: { 200: zEnvelope(z.object({ valid: z.literal(true) })) } },
  }, async (req) => {
    await verifyPassword(deps, { userId: caller(req).userId, password: req.body.password });
    return ok({ valid: true as const }, 'Mot de passe vérifié');
  });
};
