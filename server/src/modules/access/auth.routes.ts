import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZForgotPassword,
  ZForgotPasswordVerifyOtp,
  ZLogin,
  ZLoginAnswer,
  ZRefreshToken,
  ZResendOtp,
  ZResetPassword,
  ZSession,
  ZVerifyOtp,
} from '@flotte/contract';
import { verifyAccessToken } from '../../platform/auth/access-token.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { AccessDeps, ClientInfo } from './access.deps.ts';
import * as auth from './auth.service.ts';
import { clearSessionCookie, deliverSession, presentedRefreshToken } from './session-cookie.ts';
import { closeSession, refreshSession } from './session.service.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract';

export interface AuthRoutesOptions {
  deps: AccessDeps;
  cookieSecure: boolean;
  /** Requests per minute per address on the sign-in routes. */
  signInRateLimit: number;
}

const zSent = z.object({ code: z.string(), canal_type: z.enum(['sms', 'email']), sent_to: z.string(), expires_in: z.number() });

/** Sign-in, one-time codes, password reset, refresh and sign-out (spec 000 section 7). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { deps, cookieSecure, signInRateLimit }) => {
  const limited = (max = signInRateLimit) => ({ auth: 'public' as const, rateLimit: { max, timeWindow: '1 minute' } });
  const client = (r: { headers: Record<string, unknown>; ip: string }): ClientInfo => ({
    userAgent: typeof r.headers['user-agent'] === 'string' ? r.headers['user-agent'] : undefined,
    ip: r.ip,
  });

  app.post('/login', {
    config: limited(),
    schema: { tags: ['auth'], summary: 'Mot de passe, puis envoi du code à usage unique', body: ZLogin, response: { 200: zEnvelope(ZLoginAnswer) } },
  }, async (req) => ok(await auth.login(deps, req.body), SUCCESS_MESSAGES.OTP_SENT));

  app.post('/login-verify-otp', {
    config: limited(),
    schema: { tags: ['auth'], summary: 'Vérifie le code et ouvre la session', body: ZVerifyOtp, response: { 200: zEnvelope(ZSession) } },
  }, async (req, reply) => {
    const session = await auth.verifyLoginOtp(deps, req.body, client(req));
    return ok(deliverSession(req, reply, session, cookieSecure), 'Connexion réussie');
  });

  app.post('/resent-otp', {
    config: limited(),
    schema: { tags: ['auth'], summary: 'Renvoie un nouveau code', body: ZResendOtp, response: { 200: zEnvelope(zSent) } },
  }, async (req) => ok(await auth.resendOtp(deps, req.body), SUCCESS_MESSAGES.OTP_SENT));

  app.post('/forgot-password', {
    config: limited(),
    schema: { tags: ['auth'], summary: 'Envoie un code de réinitialisation du mot de passe', body: ZForgotPassword, response: { 200: zEnvelope(zSent) } },
  }, async (req) => ok(await auth.forgotPassword(deps, req.body), SUCCESS_MESSAGES.OTP_SENT));

  app.post('/forgot-password-verify-otp', {
    config: limited(),
    schema: { tags: ['auth'], summary: 'Vérifie le code de réinitialisation', body: ZForgotPasswordVerifyOtp, response: { 200: zEnvelope(z.object({ code: z.string() })) } },
  }, async (req) => ok(await auth.verifyForgotPasswordOtp(deps, req.body), 'Code vérifié'));

  app.post('/reset-password', {
    config: limited(),
    schema: { tags: ['auth'], summary: 'Définit le nouveau mot de passe', body: ZResetPassword, response: { 200: zEnvelope(z.null()) } },
  }, async (req) => {
    await auth.resetPassword(deps, req.body);
    return ok(null, SUCCESS_MESSAGES.PASSWORD_RESET);
  });

  app.post('/refresh-token', {
    config: limited(signInRateLimit * 6),
    schema: { tags: ['auth'], summary: 'Échange le refresh token contre une nouvelle paire', body: ZRefreshToken.optional(), response: { 200: zEnvelope(ZSession) } },
  }, async (req, reply) => {
    try {
      const session = await refreshSession(deps, presentedRefreshToken(req, req.body ?? undefined));
      return ok(deliverSession(req, reply, session, cookieSecure), 'Session rafraîchie');
    } catch (err) {
      clearSessionCookie(reply, cookieSecure);
      throw err;
    }
  });

  // Signing out never fails on its body: none, an empty one or a malformed one still revokes the
  // bearer's session (and the refresh token of the cookie or the body when it is readable).
  app.post('/logout', {
    config: { auth: 'public' },
    schema: { tags: ['auth'], summary: 'Déconnexion : révoque la session', body: ZRefreshToken.nullish().catch(null), response: { 200: zEnvelope(z.null()) } },
  }, async (req, reply) => {
    const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : undefined;
    const claims = bearer ? await verifyAccessToken(deps.jwtSecret, bearer).catch(() => null) : null;
    await closeSession(deps, { sessionId: claims?.sessionId, refreshToken: presentedRefreshToken(req, req.body ?? undefined) });
    clearSessionCookie(reply, cookieSecure);
    return ok(null, 'Déconnexion réussie');
  });
};
