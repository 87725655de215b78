import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, TOKEN_VALIDITY_MARGIN_SECONDS } from '@flotte/contract';
import { AppError } from '../errors.ts';

/**
 * Short-lived access tokens (15 min, HS256). They carry who (sub), which session (sid) and the
 * login type; whether the session still stands is checked in the database on every request.
 */
export interface AccessClaims {
  userId: string;
  sessionId: string;
  loginType: string;
  /** Seconds since epoch. */
  expiresAt: number;
}

const ISSUER = 'flotte';
const AUDIENCE = 'flotte-api';

export async function signAccessToken(
  secret: Uint8Array,
  claims: { userId: string; sessionId: string; loginType: string },
  now = Date.now(),
): Promise<{ token: string; expiresIn: number }> {
  const iat = Math.floor(now / 1000);
  const token = await new SignJWT({ sid: claims.sessionId, typ: claims.loginType })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secret);
  return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

const HEADER_HS256 = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

/**
 * Verifies signature, issuer, audience and expiry. A token whose expiry is 20 s away or less is
 * refused too (spec: valid only with more than 20 s left), so a request never expires mid-flight.
 *
 * This runs on every request, so it checks our own HS256 tokens with node's synchronous HMAC
 * (about 20 µs) rather than jose's WebCrypto path (about 300 µs). It accepts exactly the header we
 * sign with, so no algorithm from the token is ever trusted.
 *
 * A token already verified with the same key is answered from a small cache keyed by the exact
 * token string (a client sends the same token for 15 minutes): its signature, issuer and audience
 * cannot have changed, so only its expiry and the 20 s margin are checked again, on every use. The
 * cache never answers whether the session stands: the guard asks the database on every request.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string, now = Date.now()): Promise<AccessClaims> {
  let cache = verifiedTokens.get(secret);
  const cached = cache?.get(token);
  if (cached) {
    if (cached.expiresAt - now / 1000 <= TOKEN_VALIDITY_MARGIN_SECONDS) {
      cache!.delete(token);
      throw new AppError('TOKEN_INVALID');
    }
    return cached;
  }
  const claims = verifyUncached(secret, token, now);
  if (!cache) verifiedTokens.set(secret, (cache = new Map()));
  // Bounded: past the limit the oldest entry goes (Map keeps insertion order).
  if (cache.size >= VERIFIED_TOKENS_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(token, claims);
  return claims;
}

/** Verified tokens by key (the key's bytes object), then by exact token string. */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Readonly<AccessClaims>>>();
const VERIFIED_TOKENS_MAX = 2000;

function verifyUncached(secret: Uint8Array, token: string, now: number): Readonly<AccessClaims> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER_HS256) throw new AppError('TOKEN_INVALID');
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('TOKEN_INVALID');
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new AppError('TOKEN_INVALID');
  }
  const { sub, sid, typ, iss, aud, exp } = payload;
  if (iss !== ISSUER || aud !== AUDIENCE) throw new AppError('TOKEN_INVALID');
  if (typeof exp !== 'number' || exp - now / 1000 <= TOKEN_VALIDITY_MARGIN_SECONDS) throw new AppError('TOKEN_INVALID');
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof typ !== 'string') throw new AppError('TOKEN_INVALID');
  return Object.freeze({ userId: sub, sessionId: sid, loginType: typ, expiresAt: exp });
}
