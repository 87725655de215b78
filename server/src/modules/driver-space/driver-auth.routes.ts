import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUCCESS_MESSAGES, ZDriverLogin, ZDriverResendOtp, ZDriverVerifyOtp, ZSentCode, ZSession } from '@flotte/contract';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { AccessDeps, ClientInfo } from '../access/access.deps.ts';
import { deliverSession } from '../access/session-cookie.ts';
import { driverLogin, driverResendOtp, driverVerifyOtp } from './driver-auth.service.ts';

export interface DriverAuthRoutesOptions {
  deps: AccessDeps;
  cookieSecure: boolean;
  /** Requests per minute per address, as on the other sign-in routes. */
  signInRateLimit: number;
}

/** The driver's sign-in by phone (issue 22): a code by SMS, then the session; his PIN follows through /update-pin-code. */
export const driverAuthRoutes: FastifyPluginAsyncZod<DriverAuthRoutesOptions> = async (app, { deps, cookieSecure, signInRateLimit }) => {
  const limited = { auth: 'public' as const, rateLimit: { max: signInRateLimit, timeWindow: '1 minute' } };
  const client = (r: { headers: Record<string, unknown>; ip: string }): ClientInfo => ({
    userAgent: typeof r.headers['user-agent'] === 'string' ? r.headers['user-agent'] : undefined,
    ip: r.ip,
  });

  app.post('/auth/driver/login', {
    config: limited,
    schema: {
      tags: ['driver-space'],
      summary: "Connexion d'un chauffeur : envoie un code à usage unique par SMS à son numéro (même réponse pour un numéro inconnu)",
      body: ZDriverLogin,
      response: { 200: zEnvelope(ZSentCode) },
    },
  }, async (req) => ok(await driverLogin(deps, req.body), SUCCESS_MESSAGES.OTP_SENT));

  app.post('/auth/driver/resend-otp', {
    config: limited,
    schema: { tags: ['driver-space'], summary: 'Renvoie un nouveau code au chauffeur (même réponse pour un numéro inconnu)', body: ZDriverResendOtp, response: { 200: zEnvelope(ZSentCode) } },
  }, async (req) => ok(await driverResendOtp(deps, req.body), SUCCESS_MESSAGES.OTP_SENT));

  app.post('/auth/driver/verify-otp', {
    config: limited,
    schema: { tags: ['driver-space'], summary: 'Vérifie le code du chauffeur et ouvre sa session', body: ZDriverVerifyOtp, response: { 200: zEnvelope(ZSession) } },
  }, async (req, reply) => {
    const session = await driverVerifyOtp(deps, req.body, client(req));
    return ok(deliverSession(req, reply, session, cookieSecure), 'Connexion réussie');
  });
};
