import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GpsDeps } from './gps.deps.ts';

// SCAFFOLD (filled by the triggers helper this session): triggers CRUD, episodes, action log, release.
export const penaltyTriggersRoutes: FastifyPluginAsyncZod<{ deps: GpsDeps }> = async () => {};
