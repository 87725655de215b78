import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type FastifyMultipartBaseOptions, type Multipart, type MultipartFile } from '@fastify/multipart';
import { BodyTooDeepError, MAX_BODY_DEPTH } from '@flotte/contract';
import { AppError } from './errors.ts';
import { assertNoNulCharacter } from './body-cleaning.ts';
import { jsonDepthExceeds } from './json-body.ts';

/**
 * A failure while reading form data as the client's fault: busboy's own errors (no boundary,
 * a truncated body, a malformed part header) carry no status and would read as a 500.
 * @fastify/multipart's errors with a status keep it (a file too large is 413), except its 406s
 * (not multipart, a JSON field that is not JSON), which are malformed requests.
 */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof BodyTooDeepError) return new AppError('BODY_TOO_DEEP');
  const status = (err as { statusCode?: number } | null)?.statusCode;
  if (typeof status === 'number' && status !== 406 && status < 500) return err;
  return new AppError('MULTIPART_INVALID');
}

/** A form field's name and value must hold no NUL and nest no deeper than a JSON body may. */
function checkPart(part: Multipart): void {
  assertNoNulCharacter(part.fieldname, part.fieldname);
  if (part.type !== 'field') return;
  const value: unknown = part.value;
  assertNoNulCharacter(value, part.fieldname);
  if (typeof value === 'string' && /^\s*[[{]/.test(value) && jsonDepthExceeds(value, MAX_BODY_DEPTH)) throw new AppError('BODY_TOO_DEEP');
}

/** A file part whose bytes, read later by the handler, fail as a client error too. */
function guardFile<P extends Multipart | MultipartFile | undefined>(part: P): P {
  if (part && part.type === 'file') {
    const toBuffer = part.toBuffer.bind(part);
    part.toBuffer = () => toBuffer().catch((err: unknown) => Promise.reject(asClientError(err)));
  }
  return part;
}

async function* checkedParts(parts: AsyncIterableIterator<Multipart>): AsyncIterableIterator<Multipart> {
  try {
    for await (const part of parts) {
      checkPart(part);
      yield guardFile(part);
    }
  } catch (err) {
    throw asClientError(err);
  }
}

/**
 * @fastify/multipart, with every form field read through one check: the handlers read their
 * fields themselves (after the guard), so this is where form data meets the rules the body
 * cleaning applies to JSON (no NUL, bounded nesting), and where a malformed form becomes a 400.
 */
export async function registerMultipart(app: FastifyInstance, limits: FastifyMultipartBaseOptions['limits']): Promise<void> {
  await app.register(multipart, { limits });
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const parts = request.parts;
    const files = request.files;
    const file = request.file;
    request.parts = (options) => checkedParts(parts.call(request, options));
    request.files = (options) => checkedParts(files.call(request, options)) as AsyncIterableIterator<MultipartFile>;
    request.file = async (options) => {
      try {
        return guardFile(await file.call(request, options));
      } catch (err) {
        throw asClientError(err);
      }
    };
  });
}
