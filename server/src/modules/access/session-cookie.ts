import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_DAYS, SESSION_HINT_COOKIE, WEB_CLIENT_HEADER } from '@flotte/contract';
import type { IssuedSession } from './session.service.ts';

/**
 * The web app never sees its refresh token: it travels in an httpOnly, SameSite=Strict cookie
 * scoped to /api, so a script injected into the page can't read it or send it elsewhere. Other
 * clients (mobile, scripts) get it in the body, as the spec's calls show.
 */
export function isWebClient(request: FastifyRequest): boolean {
  return request.headers[WEB_CLIENT_HEADER] === 'web';
}

export function presentedRefreshToken(request: FastifyRequest, body?: { refresh_token?: string }): string | undefined {
  return body?.refresh_token ?? (isWebClient(request) ? request.cookies[REFRESH_COOKIE] : undefined);
}

export function deliverSession(request: FastifyRequest, reply: FastifyReply, s: IssuedSession, secure: boolean) {
  const { session_id: _sid, ...data } = s;
  if (!isWebClient(request)) return data;
  reply.setCookie(REFRESH_COOKIE, s.refresh_token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api',
    maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
  });
  // The readable hint lives as long as the refresh cookie and goes with it (clearSessionCookie).
  reply.setCookie(SESSION_HINT_COOKIE, '1', { sameSite: 'strict', secure, path: '/', maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400 });
  const { refresh_token: _rt, ...rest } = data;
  return rest;
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api', httpOnly: true, sameSite: 'strict', secure });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'strict', secure });
}
