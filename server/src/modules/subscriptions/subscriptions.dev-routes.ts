import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';

/** POST /api/dev/subscriptions/run-job (dev outbox only). */
export const subscriptionsJobDevRoutes: FastifyPluginAsyncZod<{ deps: SubscriptionsDeps }> = async () => {};
