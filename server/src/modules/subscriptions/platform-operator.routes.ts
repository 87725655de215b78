import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';

/** The platform operator's area (/api/platform/*): plans and payments to refund. Never a park's. */
export const platformOperatorRoutes: FastifyPluginAsyncZod<{ deps: SubscriptionsDeps }> = async () => {};
