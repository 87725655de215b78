import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';

/** A park's subscription: plans, quotes, invoices (issue 23 section 2). Filled in by the plans and invoices work. */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ deps: SubscriptionsDeps }> = async () => {};
