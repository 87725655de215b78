import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database.ts';
import { ok } from './envelope.ts';
import { AppError } from './errors.ts';

/** How long the readiness query may take before the instance counts as not ready. */
export const READINESS_TIMEOUT_MS = 2_000;
/** How long one readiness answer is reused: a burst of probes costs one query a second. */
export const READINESS_CACHE_MS = 1_000;

/**
 * Whether the database answers `select 1` within the timeout. One check runs at a time and its
 * answer (good or bad) is reused for READINESS_CACHE_MS, so probes from several load balancers, or
 * a benchmark hammering /api/health, never pile queries onto the pool. A check that times out is
 * left to finish (or fail) on its own; the next one starts after the cache expires.
 */
export function readinessCheck(database: Pick<Database, 'pool'>, opts: { timeoutMs?: number; cacheMs?: number } = {}): () => Promise<boolean> {
  const timeoutMs = opts.timeoutMs ?? READINESS_TIMEOUT_MS;
  const cacheMs = opts.cacheMs ?? READINESS_CACHE_MS;
  let last: { ready: boolean; at: number } | null = null;
  let running: Promise<boolean> | null = null;

  const probe = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const query = database.pool.query('select 1').then(() => true, () => false);
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  return async () => {
    if (last && Date.now() - last.at < cacheMs) return last.ready;
    running ??= probe().then((ready) => {
      last = { ready, at: Date.now() };
      running = null;
      return ready;
    });
    return running;
  };
}

/**
 * GET /api/health is the readiness check a load balancer routes by: 200 while the database answers,
 * 503 (in the envelope) when it does not. GET /api/health/live is the liveness check: the process
 * answers, no I/O, so an orchestrator restarts only a stuck process, never one waiting for its database.
 */
export function registerHealth(api: FastifyInstance, database: Pick<Database, 'pool'>): void {
  const ready = readinessCheck(database);
  api.get('/health', { config: { auth: 'public' }, schema: { tags: ['platform'], summary: 'Prêt à servir : la base de données répond (503 sinon)' } }, async () => {
    if (!(await ready())) throw new AppError('SERVICE_UNAVAILABLE');
    return ok({ status: 'ok' });
  });
  api.get('/health/live', { config: { auth: 'public' }, schema: { tags: ['platform'], summary: 'Le processus répond (sans consulter la base)' } }, async () =>
    ok({ status: 'ok' }),
  );
}
