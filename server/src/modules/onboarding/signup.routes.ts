import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUCCESS_MESSAGES, ZRegister, ZRegisterResend, ZRegisterVerify, ZSentCode, ZSession, ZSignupOptions } from '@flotte/contract';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { ClientInfo } from '../access/access.deps.ts';
import { deliverSession } from '../access/session-cookie.ts';
import { register, resendSignupCode, signupOptions, verifySignup, type SignupDeps } from './signup.service.ts';

export interface SignupRoutesOptions {
  deps: SignupDeps;
  cookieSecure: boolean;
  /** Requests per minute per address, as on sign-in. */
  signInRateLimit: number;
}

/** Sign-up of a new fleet owner: the form, its code, a new code (issue 16). */
export const signupRoutes: FastifyPluginAsyncZod<SignupRoutesOptions> = async (app, { deps, cookieSecure, signInRateLimit }) => {
  const limited = { auth: 'public' as const, rateLimit: { max: signInRateLimit, timeWindow: '1 minute' } };
  const tags = ['signup'];
  const client = (r: { headers: Record<string, unknown>; ip: string }): ClientInfo => ({
    userAgent: typeof r.headers['user-agent'] === 'string' ? r.headers['user-agent'] : undefined,
    ip: r.ip,
  });

  app.get('/register', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Inscriptions ouvertes ou fermées (FLOTTE_SIGNUP), et les pays où ouvrir un parc avec leur devise, indicatif et fuseau horaire',
      response: { 200: zEnvelope(ZSignupOptions) },
    },
  }, async () => ok(signupOptions(deps.open)));

  app.post('/register', {
    config: limited,
    schema: {
      tags,
      summary:
        "Création d'un compte de propriétaire : qui il est, son parc, son contact et son mot de passe ; envoie un code au téléphone ou à l'email choisi. " +
        "Rien n'est créé avant la confirmation du code. La réponse ne dit jamais si le contact a déjà un compte (son titulaire reçoit un message à la place du code). 403 quand les inscriptions sont fermées.",
      body: ZRegister,
      response: { 200: zEnvelope(ZSentCode) },
    },
  }, async (req) => ok(await register(deps, req.body), SUCCESS_MESSAGES.OTP_SENT));

  app.post('/register/verify-otp', {
    config: limited,
    schema: {
      tags,
      summary: 'Confirme le code : crée le compte, le parc (avec tout ce avec quoi un parc commence) et le profil de propriétaire, et ouvre la session',
      body: ZRegisterVerify,
      response: { 200: zEnvelope(ZSession) },
    },
  }, async (req, reply) => {
    const session = await verifySignup(deps, req.body, client(req));
    return ok(deliverSession(req, reply, session, cookieSecure), 'Compte créé');
  });

  app.post('/register/resend-otp', {
    config: limited,
    schema: { tags, summary: "Renvoie un nouveau code pour l'inscription en cours", body: ZRegisterResend, response: { 200: zEnvelope(ZSentCode) } },
  }, async (req) => ok(await resendSignupCode(deps, req.body.code), SUCCESS_MESSAGES.OTP_SENT));
};
