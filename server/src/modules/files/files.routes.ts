import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingProfile, caller } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { checkSignature, readStored, storeUpload, type FilesDeps } from './files.service.ts';

/** Reads the single file part of a multipart request, within the upload size limit. */
export async function readSingleFile(request: FastifyRequest): Promise<{ filename: string; content: Buffer }> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', { message: 'Envoyez le fichier en multipart/form-data.' });
  const part = await request.file();
  if (!part) throw new AppError('VALIDATION_FAILED', { message: 'Aucun fichier reçu.', fieldErrors: [{ field: 'file', message: 'Aucun fichier reçu.' }] });
  const content = await part.toBuffer();
  return { filename: part.filename || 'fichier', content };
}

/** Streams the stored bytes (from the local folder or the bucket) through the app. */
function send(reply: FastifyReply, row: { mimeType: string; kind: string; originalName: string | null; sizeBytes: number }, content: Readable) {
  // Uploaded SVG could carry script: a sandboxed, no-script policy keeps it inert even if opened.
  reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  reply.header('Cache-Control', 'private, max-age=3600');
  reply.header('Content-Length', row.sizeBytes);
  if (row.kind !== 'image') {
    reply.header('Content-Disposition', `attachment; filename="${(row.originalName ?? 'fichier').replace(/[^\w.\- ]/g, '_')}"`);
  }
  return reply.type(row.mimeType).send(content);
}

const zId = z.object({ id: z.string().regex(UUID_PATTERN, 'Identifiant invalide') });

/** Uploads (POST /file/upload for images, /file/upload/file for documents) and reads. */
export const filesRoutes: FastifyPluginAsyncZod<{ deps: FilesDeps }> = async (app, { deps }) => {
  for (const [url, accept] of [['/file/upload', 'image'], ['/file/upload/file', 'document']] as const) {
    app.post(url, { schema: { tags: ['files'], summary: accept === 'image' ? 'Téléverse une image (jpg, jpeg, png, svg)' : 'Téléverse un document' } }, async (req) => {
      const file = await readSingleFile(req);
      const stored = await storeUpload(deps, { parkId: actingProfile(req).parkId, userId: caller(req).userId, ...file, accept });
      return ok(stored, 'Fichier téléversé');
    });
  }

  app.get('/file/:id', { schema: { tags: ['files'], params: zId } }, async (req, reply) => {
    const { row, content } = await readStored(deps, req.params.id, actingProfile(req).parkId);
    return send(reply, row, content);
  });

  app.get('/file/signed/:id', {
    config: { auth: 'public' },
    schema: { tags: ['files'], params: zId, querystring: z.object({ exp: z.coerce.number(), sig: z.string() }) },
  }, async (req, reply) => {
    if (!checkSignature(deps, req.params.id, req.query.exp, req.query.sig)) throw new AppError('NOT_FOUND');
    const { row, content } = await readStored(deps, req.params.id, null);
    return send(reply, row, content);
  });
};
