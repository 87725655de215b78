import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';

/** Paying an invoice by mobile money, and the validation card's buttons for it. */
export const subscriptionPaymentRoutes: FastifyPluginAsyncZod<{ deps: SubscriptionsDeps }> = async () => {};
