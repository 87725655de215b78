import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { FileStorage } from '../../platform/storage/storage.types.ts';
import { files } from './files.tables.ts';
import { sniff } from './file-types.ts';

/**
 * Uploaded files live in the storage (DATA_DIR or an S3 bucket) under uploads/<park>/<id>.<ext>,
 * named by us, never by the client. A park reads only its own; links handed to <img> tags are
 * signed and expire; the bytes always go through the app, never through a bucket URL.
 */
export interface FilesDeps {
  db: Db;
  storage: FileStorage;
  signingKey: Uint8Array;
}

export interface StoredFile {
  id: string;
  key: string;
  path: string;
  url: string;
  mime_type: string;
  size: number;
  name: string | null;
}

const SIGNED_URL_TTL_SECONDS = 3600;

function signature(key: Uint8Array, id: string, exp: number): string {
  return createHmac('sha256', key).update(`file:${id}:${exp}`).digest('base64url');
}

/**
 * A link an <img> tag can load without headers. The expiry is rounded up to the next half hour
 * (so it lies 30 to 60 minutes ahead): answers within the same half hour carry the same URL, and
 * the browser's cache serves a logo or photo instead of downloading it again on every screen.
 */
export function signedUrl(deps: Pick<FilesDeps, 'signingKey'>, id: string, now = Date.now()): string {
  const bucket = SIGNED_URL_TTL_SECONDS / 2;
  const exp = (Math.floor(now / 1000 / bucket) + 2) * bucket;
  return `/api/file/signed/${id}?exp=${exp}&sig=${signature(deps.signingKey, id, exp)}`;
}

const STORED_PATH = /^\/api\/file\/([0-9a-f-]{36})$/i;

/**
 * What an answer shows for a stored image (a user's photo, a park's logo): the signed link for a
 * file we hold ('/api/file/<id>'), anything else (an outside URL) as it is.
 */
export function imageLink(deps: Pick<FilesDeps, 'signingKey'>, stored: string | null | undefined): string | null {
  if (!stored) return null;
  const m = STORED_PATH.exec(stored);
  return m ? signedUrl(deps, m[1]) : stored;
}

export function checkSignature(deps: Pick<FilesDeps, 'signingKey'>, id: string, exp: number, sig: string): boolean {
  if (!Number.isFinite(exp) || exp * 1000 < Date.now()) return false;
  const want = Buffer.from(signature(deps.signingKey, id, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

export async function storeUpload(
  deps: FilesDeps,
  v: { parkId: string; userId: string; filename: string; content: Buffer; accept: 'image' | 'document' },
): Promise<StoredFile> {
  const found = sniff(v.content.subarray(0, 2048), v.filename);
  if (!found || (v.accept === 'image' && found.kind !== 'image')) throw new AppError('UNSUPPORTED_FILE');
  const id = uuidv7();
  const relative = `uploads/${v.parkId}/${id}.${found.ext}`;
  await deps.storage.put(relative, v.content, found.mime);
  await deps.db.insert(files).values({
    id,
    parkId: v.parkId,
    uploadedBy: v.userId,
    kind: found.kind,
    storagePath: relative,
    mimeType: found.mime,
    sizeBytes: v.content.length,
    originalName: v.filename.slice(0, 200),
  });
  return { id, key: id, path: `/api/file/${id}`, url: signedUrl(deps, id), mime_type: found.mime, size: v.content.length, name: v.filename };
}

/**
 * Bytes the server made itself (a contract's PDF), stored like an upload as one of the park's
 * 'document' files. The type is ours to name, so nothing is sniffed; `userId` is the person the
 * document was made for, null when a job made it.
 */
export async function storeGenerated(
  deps: FilesDeps,
  v: { parkId: string; userId: string | null; filename: string; content: Buffer; mime: string; ext: string },
): Promise<StoredFile> {
  const id = uuidv7();
  const relative = `uploads/${v.parkId}/${id}.${v.ext}`;
  await deps.storage.put(relative, v.content, v.mime);
  await deps.db.insert(files).values({
    id,
    parkId: v.parkId,
    uploadedBy: v.userId,
    kind: 'document',
    storagePath: relative,
    mimeType: v.mime,
    sizeBytes: v.content.length,
    originalName: v.filename.slice(0, 200),
  });
  return { id, key: id, path: `/api/file/${id}`, url: signedUrl(deps, id), mime_type: v.mime, size: v.content.length, name: v.filename };
}

/** The file's bytes, as a stream, for its own park only (or for a valid signed link, parkId null). */
export async function readStored(deps: FilesDeps, id: string, parkId: string | null): Promise<{ row: typeof files.$inferSelect; content: Readable }> {
  const where = parkId ? and(eq(files.id, id), eq(files.parkId, parkId)) : eq(files.id, id);
  const [row] = await deps.db.select().from(files).where(where).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  // A row whose bytes are gone (a hand-cleaned disk, a bucket emptied) reads as missing, not as a crash.
  const content = await deps.storage.get(row.storagePath);
  if (!content) throw new AppError('NOT_FOUND');
  return { row, content };
}

/**
 * Runs what a form does once its upload is stored (the upload must exist for the record to name
 * it); when that refuses or fails, the upload goes again, row and bytes, so a refused form leaves
 * nothing behind.
 */
export async function withUpload<T>(deps: FilesDeps, stored: StoredFile | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (stored) {
      const gone = await deps.db.delete(files).where(eq(files.id, stored.id)).returning({ storagePath: files.storagePath }).catch(() => []);
      if (gone.length) await deps.storage.delete(gone.map((g) => g.storagePath)).catch(() => undefined);
    }
    throw error;
  }
}
