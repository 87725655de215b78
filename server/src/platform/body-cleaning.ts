import type { FastifyInstance } from 'fastify';
import { cleanBody } from '@flotte/contract';

/** Bodies and query strings lose their null, empty and 'Unknown' values before validation. */
export function registerBodyCleaning(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) {
      request.body = cleanBody(request.body);
    }
    if (request.query && typeof request.query === 'object') {
      request.query = cleanBody({ ...(request.query as object) });
    }
  });
}
