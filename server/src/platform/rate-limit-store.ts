import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * Where @fastify/rate-limit counts requests. Without REDIS_URL, in this process's memory (one
 * instance). With it, in Redis, so N instances behind a load balancer allow the limit once, not
 * N times.
 *
 * When Redis does not answer, each instance falls back to counting in its own memory until Redis
 * is back: sign-in is then limited per instance (as without Redis), neither wide open (the plugin's
 * skipOnError) nor refused to everybody (a 500 on every sign-in). The fallback is logged.
 */
export interface RateLimitStore {
  /** Options to spread into the plugin's registration. */
  options: { store?: FastifyRateLimitStoreCtor };
  close(): Promise<void>;
}

export const RATE_LIMIT_KEY_PREFIX = 'flotte:rl:';

interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}
type Callback = (err: Error | null, res: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: StoreParams & { routeInfo: { method: string; url: string } }): Store;
}
type StoreClass = { new (...args: unknown[]): Store };

export async function rateLimitStore(redisUrl: string | undefined, log: { warn(obj: object, msg: string): void }): Promise<RateLimitStore> {
  if (!redisUrl) return { options: {}, close: async () => {} };
  const { Redis: RedisClient } = await import('ioredis');
  const redis: Redis = new RedisClient(redisUrl, {
    // Fail fast rather than queue: a sign-in waits at most about a second for Redis.
    connectTimeout: 1_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  let warned = false;
  redis.on('error', (err) => {
    if (!warned) log.warn({ err }, 'rate limits: Redis unreachable, counting in memory meanwhile');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  // Give the first connection a moment, so the first sign-ins are already counted in Redis; an
  // unreachable Redis delays the start by a second at most and never stops it.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  // The plugin's own stores (CommonJS files it does not export by name): the Redis one runs its Lua
  // script, the local one is what it uses without Redis.
  const require = createRequire(import.meta.url);
  const PluginRedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
  const PluginLocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

  const fallbackPair = (shared: Store, local: Store): Store => {
    const both = (method: 'incr' | 'read') => (key: string, cb: Callback, timeWindow: number, max: number) => {
      const fallback = () => (local[method] ? local[method]!(key, cb, timeWindow, max) : cb(null, { current: 0, ttl: timeWindow }));
      if (redis.status !== 'ready') return fallback();
      shared[method]!(key, (err, res) => {
        if (!err) return cb(null, res);
        if (!warned) log.warn({ err }, 'rate limits: Redis failed, counting in memory meanwhile');
        warned = true;
        fallback();
      }, timeWindow, max);
    };
    return { incr: both('incr'), read: both('read'), child: (routeOptions) => fallbackPair(shared.child(routeOptions), local.child(routeOptions)) };
  };

  class SharedStore {
    constructor(params: StoreParams) {
      const shared = new PluginRedisStore(params.continueExceeding, params.exponentialBackoff, redis, RATE_LIMIT_KEY_PREFIX);
      const local = new PluginLocalStore(params.continueExceeding, params.exponentialBackoff);
      return fallbackPair(shared, local);
    }
  }

  return {
    options: { store: SharedStore as unknown as FastifyRateLimitStoreCtor },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
