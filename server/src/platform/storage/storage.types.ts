import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Keys are relative paths we choose ('uploads/<park>/<id>.<ext>', what
 * files.storage_path holds), never a client's file name. Two drivers: the local folder (DATA_DIR,
 * the default) and an S3-compatible bucket that several app instances share. Nothing here hands
 * out a public URL: the app streams the bytes itself, behind its own checks and signed links.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Writes new bytes under a key nobody used before. */
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** The bytes as a stream, or null when nothing is stored under the key. */
  get(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Removes these keys; one already gone is fine (a retried reset, a hand-cleaned disk). */
  delete(keys: string[]): Promise<void>;
  /** Removes everything under a folder-like prefix ending in '/' (a deleted park's uploads). */
  deletePrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** A key or prefix made of plain segments: no '..', no absolute path, nothing to escape the root with. */
export function assertSafeKey(key: string, opts: { prefix?: boolean } = {}): void {
  const body = opts.prefix ? key.replace(/\/$/, '') : key;
  if (opts.prefix && !key.endsWith('/')) throw new Error(`storage prefix must end with '/': ${key}`);
  if (!body.split('/').every((s) => SEGMENT.test(s) && s !== '..')) throw new Error(`unsafe storage key: ${key}`);
}
