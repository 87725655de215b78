import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { AppError } from '../errors.ts';
import type { ScheduledJob } from '../jobs.ts';
import { idempotencyKeys } from './idempotency.tables.ts';

/**
 * Safe retries for money calls. A phone on a slow network often sends a request, loses the answer
 * and sends it again: with an `Idempotency-Key` header, the second one answers what the first did
 * instead of moving the money twice. Routes opt in with `config: { idempotent: true }`.
 *
 * - The first request with a key claims it (a unique row per acting profile and key), runs, and
 *   stores its answer. Concurrent duplicates lose the insert race and are told 409 while it runs.
 * - The same key with another method, path or body is a client bug: 422, nothing runs.
 * - Answers are kept for successes and for refusals (4xx): the same request would get the same
 *   refusal. A server error (5xx) releases the key so the client may retry.
 * - A claim whose request died mid-way (the process crashed) stays 'running': we can't know whether
 *   its money moved, so the key is never silently re-run; the client uses a new key after checking.
 *   Keys are swept after a day.
 * Without the header a route behaves as before.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

interface Claim {
  id: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

/** JSON with sorted keys, so the same body hashes the same whatever order its fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    // Multipart file parts are streams: what identifies them is their field, not their bytes.
    if (typeof (value as { pipe?: unknown }).pipe === 'function') return '"<stream>"';
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function requestHash(req: FastifyRequest): string {
  return createHash('sha256')
    .update(canonical({ params: req.params, query: req.query, body: req.body }))
    .digest('hex');
}

/** Replays a stored answer exactly as it was first sent. */
function replay(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function registerIdempotency(app: FastifyInstance, { db }: { db: Db }): void {
  // preHandler: after authentication, the permission checks and validation, so a refused or
  // malformed request never claims a key.
  app.addHook('preHandler', async (req, reply) => {
    if (!req.routeOptions.config?.idempotent) return;
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
    const profileId = req.auth?.profile?.id;
    if (!profileId) return; // only acting profiles move money; routes without one don't opt in

    const path = req.routeOptions.url ?? req.url;
    const hash = requestHash(req);
    try {
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ profileId, key, method: req.method, path, requestHash: hash, status: 'running' })
        .returning({ id: idempotencyKeys.id });
      req.idempotencyClaim = claimed;
      return;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.profileId, profileId), eq(idempotencyKeys.key, key)));
    // Released between our insert and this read (a 5xx): the client may simply retry.
    if (!first) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    if (first.method !== req.method || first.path !== path || first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (first.status === 'running') throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    return replay(reply, first.responseStatus ?? 200, first.responseBody);
  });

  // onSend sees the final answer, the handler's or the error handler's, before it leaves: once a
  // client has it, a retry finds it stored.
  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotencyClaim;
    if (!claim) return payload;
    req.idempotencyClaim = undefined;
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claim.id));
      return payload;
    }
    let body: unknown = null;
    if (typeof payload === 'string') {
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
    }
    await db
      .update(idempotencyKeys)
      .set({ status: 'done', responseStatus: reply.statusCode, responseBody: body, completedAt: sql`now()` })
      .where(eq(idempotencyKeys.id, claim.id));
    return payload;
  });
}

/** Removes keys older than a day (the window in which a client may retry). */
export async function sweepIdempotencyKeys(db: Db, now = new Date()): Promise<{ removed: number }> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ id: idempotencyKeys.id });
  return { removed: gone.length };
}

export function idempotencySweepJob(db: Db): ScheduledJob {
  return { name: 'idempotency-sweep', cron: '15 3 * * *', run: () => sweepIdempotencyKeys(db) };
}
