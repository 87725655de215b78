import { z } from 'zod';
import { ZAdminInput, ZAdminUpdate, ZDriverInput, ZDriverUpdate, ZSupplierInput, ZUpdateProfile, ZVehicleDocumentInput } from '@flotte/contract';
import type { RouteSpec } from './requests.ts';
import type { JsonSchema } from './values.ts';

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;
}

/**
 * Routes that read their body by hand (JSON or form data with a file) declare no body schema in
 * the document: the schema they parse with stands in, so well-formed requests reach their code.
 */
const HAND_READ_BODIES: Record<string, () => JsonSchema> = {
  'PUT /api/profile/{id}': () => jsonSchemaOf(ZUpdateProfile),
  'POST /api/admin/add': () => jsonSchemaOf(ZAdminInput),
  'PUT /api/admin/{id}': () => jsonSchemaOf(ZAdminUpdate),
  'POST /api/driver': () => jsonSchemaOf(ZDriverInput),
  'PUT /api/driver/update/{id}': () => jsonSchemaOf(ZDriverUpdate),
  'POST /api/vehicle-document': () => jsonSchemaOf(ZVehicleDocumentInput),
  'POST /api/supplier': () => jsonSchemaOf(ZSupplierInput),
  'PUT /api/supplier/{id}': () => jsonSchemaOf(ZSupplierInput),
};

/** Every operation of the app's OpenAPI document, with what the fuzz needs of it. */
export function routeSpecs(doc: OpenApiDocument): RouteSpec[] {
  const specs: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [verb, op] of Object.entries(operations)) {
      const method = verb.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const declared = content['application/json']?.schema ?? content['multipart/form-data']?.schema;
      const body = declared ?? HAND_READ_BODIES[`${method} ${path}`]?.();
      specs.push({
        method,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: !!p.required })),
        body,
        takesBody: method !== 'GET',
      });
    }
  }
  return specs;
}
