import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GpsDeps } from './gps.deps.ts';

// SCAFFOLD (filled by the GPS module helper this session): connection, positions, the vehicle's day.
export const gpsRoutes: FastifyPluginAsyncZod<{ deps: GpsDeps }> = async () => {};
