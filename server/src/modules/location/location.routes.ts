import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCountry } from '@flotte/contract';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { COUNTRIES } from './countries.ts';

const ONE_DAY_SECONDS = 86_400;

/** The country list (sign-up and company forms, phone prefixes). Public: the sign-up screens need it. */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/location/country', {
    config: { auth: 'public' },
    schema: { tags: ['location'], summary: 'Liste des pays (nom, drapeau, indicatif, devise)', response: { 200: zEnvelope(z.array(ZCountry)) } },
  }, async (_req, reply) => {
    // The list changes only with a release: let phones on slow networks keep it a day.
    reply.header('Cache-Control', `public, max-age=${ONE_DAY_SECONDS}`);
    return ok(COUNTRIES);
  });
};
