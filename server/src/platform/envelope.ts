import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCodes, SUCCESS_CODE, type FieldError } from '@flotte/contract';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { plainFieldPath } from './body-cleaning.ts';

/** `{code: 5000, message, data}`: what every successful route answers. */
export function ok<T>(data: T, message = 'Opération réussie'): { code: number; message: string; data: T } {
  return { code: SUCCESS_CODE, message, data };
}

/** The envelope schema around a route's data, for response validation and the OpenAPI document. */
export function zEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), data });
}

/**
 * A route's `serializerCompiler` for an answer its code builds field by field, typed against the
 * contract (GET /api/user, which every screen calls; the fleet dashboard's cards): plain
 * JSON.stringify, where the zod serializer would check and copy the whole answer again on every
 * request. The route keeps its response schema, so the OpenAPI document still shows it, and its
 * tests hold the answer to that schema, field for field and in its order.
 */
export const serializeBuiltAnswer = () => (data: unknown) => JSON.stringify(data);

function failure(code: number, message: string, data: unknown = null) {
  return { code, message, data };
}

/** @fastify/multipart's own errors: a form it could not read is the client's malformed request. */
const MULTIPART_ERRORS = new Set(['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR', 'FST_MP_PREMATURE_CLOSE']);

/**
 * The envelope for a Fastify error that is not ours, by its status: the catalogue's message only,
 * never err.message (Fastify's messages quote the path, the header or the body they refuse).
 */
function frameworkFailure(err: FastifyError): { status: number; body: ReturnType<typeof failure> } {
  const status = err.statusCode ?? 500;
  const entry = (e: { code: number; status: number; message: string }, s = e.status) => ({ status: s, body: failure(e.code, e.message) });
  if (err.code && MULTIPART_ERRORS.has(err.code)) return entry(ErrorCodes.MULTIPART_INVALID);
  if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_PARTS_LIMIT') return entry(ErrorCodes.PAYLOAD_TOO_LARGE);
  if (status === 414 || err.code === 'FST_ERR_MAX_PARAM_LENGTH') return entry(ErrorCodes.URI_TOO_LONG);
  if (status === 415) return entry(ErrorCodes.CONTENT_TYPE_UNSUPPORTED);
  if (status === 429) return entry(ErrorCodes.RATE_LIMITED);
  if (status === 431) return entry(ErrorCodes.HEADERS_TOO_LARGE);
  if (status >= 400 && status < 500) return entry(ErrorCodes.BAD_REQUEST, status);
  return entry(ErrorCodes.INTERNAL, 500);
}

/** A zod message that would quote the input (an unknown key's name) is replaced by a plain one. */
function validationMessage(v: { keyword?: string; message?: string }): string {
  if (v.keyword === 'unrecognized_keys') return 'Champ non reconnu';
  return v.message ?? 'Valeur invalide';
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
        field: plainFieldPath((v.instancePath || '').replace(/^\//, '').replace(/\//g, '.')),
        message: validationMessage(v),
      }));
      const v = ErrorCodes.VALIDATION_FAILED;
      return reply.status(v.status).send(failure(v.code, errors[0]?.message ?? v.message, { errors }));
    }
    const { status, body } = frameworkFailure(err);
    if (status >= 500) request.log.error({ err }, 'unhandled error');
    else request.log.info({ err }, 'client error');
    return reply.status(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors` option: a malformed URL (FST_ERR_BAD_URL, bad percent-encoding) or a
 * path parameter past maxParamLength (414), which the router refuses before any route runs.
 * Answered in the envelope, without the path Fastify's own answer quotes.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = frameworkFailure(err);
  request.log.info({ code: err.code }, 'client error');
  void reply.status(status).header('cache-control', 'no-store').send(body);
}

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses before there is a request
 * (headers or URL too large: 431, a timeout: 408, a malformed request: 400). The socket is raw,
 * so the answer is written by hand, in the envelope, and the connection closed.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const e =
    err.code === 'HPE_HEADER_OVERFLOW' ? ErrorCodes.HEADERS_TOO_LARGE
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? { ...ErrorCodes.BAD_REQUEST, status: 408 }
    : ErrorCodes.BAD_REQUEST;
  const json = JSON.stringify(failure(e.code, e.message));
  this.log.trace({ code: err.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
}

/** Unknown paths: the web app's page for browser routes when it is served, else the envelope. */
export function registerNotFound(app: FastifyInstance, opts: { servePages: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    // A missing /assets/ file is not a page: answering index.html would hand a script tag HTML (a
    // tab opened before a deploy asks for chunks that are gone); the 404 lets the app reload.
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api' && !request.url.startsWith('/assets/');
    if (opts.servePages && isPage) return reply.type('text/html').sendFile('index.html');
    const e = ErrorCodes.ROUTE_NOT_FOUND;
    return reply.status(404).send(failure(e.code, e.message));
  });
}
