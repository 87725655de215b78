import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Flotte API',
        version: '0.1.0',
        description:
          'Every answer is {code, message, data}; code 5000 is success. Authenticated calls send ' +
          '`Authorization: Bearer <token>` and the acting profile in the `profile_id` header.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          profile: { type: 'apiKey', in: 'header', name: 'profile_id' },
        },
      },
      security: [{ bearer: [], profile: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
    // The UI ships its own inline script; relax our page policy for these pages only.
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
}
