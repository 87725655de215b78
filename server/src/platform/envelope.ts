import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCodes, SUCCESS_CODE, type FieldError } from '@flotte/contract';
import { z } from 'zod';
import { AppError } from './errors.ts';

/** `{code: 5000, message, data}`: what every successful route answers. */
export function ok<T>(data: T, message = 'Opération réussie'): { code: number; message: string; data: T } {
  return { code: SUCCESS_CODE, message, data };
}

/** The envelope schema around a route's data, for response validation and the OpenAPI document. */
export function zEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), data });
}

function failure(code: number, message: string, data: unknown = null) {
  return { code, message, data };
}

/**
 * Turns every failure into the envelope: our AppError as it says, schema validation as 400 with the
 * fields and their French messages, Fastify's own errors (body too large, bad JSON, rate limit) by
 * status, and anything else as a logged 500 that reveals nothing.
 */
export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const data = err.fieldErrors ? { errors: err.fieldErrors, ...(err.data as object) } : (err.data ?? null);
      return reply.status(err.status).send(failure(err.code, err.message, data));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: FieldError[] = err.validation.map((v) => ({
        field: (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Valeur invalide',
      }));
      const v = ErrorCodes.VALIDATION_FAILED;
      return reply.status(v.status).send(failure(v.code, errors[0]?.message ?? v.message, { errors }));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_PARTS_LIMIT') {
      const e = ErrorCodes.PAYLOAD_TOO_LARGE;
      return reply.status(413).send(failure(e.code, e.message));
    }
    if (status === 429) {
      const e = ErrorCodes.RATE_LIMITED;
      return reply.status(429).send(failure(e.code, e.message));
    }
    if (status === 415) {
      const e = ErrorCodes.UNSUPPORTED_FILE;
      return reply.status(415).send(failure(e.code, e.message));
    }
    if (status >= 400 && status < 500) {
      const e = ErrorCodes.BAD_REQUEST;
      request.log.info({ err }, 'client error');
      return reply.status(status).send(failure(e.code, e.message));
    }
    request.log.error({ err }, 'unhandled error');
    const e = ErrorCodes.INTERNAL;
    return reply.status(500).send(failure(e.code, e.message));
  });
}

/** Unknown paths: the web app's page for browser routes when it is served, else the envelope. */
export function registerNotFound(app: FastifyInstance, opts: { servePages: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api';
    if (opts.servePages && isPage) return reply.type('text/html').sendFile('index.html');
    const e = ErrorCodes.ROUTE_NOT_FOUND;
    return reply.status(404).send(failure(e.code, e.message));
  });
}
