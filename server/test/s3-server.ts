import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3-compatible server (s3rver) on a free port with its own temporary folder and one
 * bucket, for the S3 file-storage driver. `env` holds the variables that point the app at it.
 * s3rver accepts only its own fixed credentials (S3RVER / S3RVER).
 */
export interface TestS3 {
  env: Record<string, string>;
  bucket: string;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'flotte-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'flotte-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    bucket,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      // Clients keep sockets alive: cut them so close() does not wait for their idle timeout.
      server.httpServer?.closeAllConnections();
      await server.close().catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The file-storage drivers the files tests run against: the local folder and S3 (s3rver). */
export const STORAGE_DRIVERS = ['local', 's3'] as const;
export type StorageDriver = (typeof STORAGE_DRIVERS)[number];

/** Environment for a test context on that driver, and how to stop what it started. */
export async function storageEnv(driver: StorageDriver): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  if (driver === 'local') return { env: {}, close: async () => {} };
  const s3 = await startTestS3();
  return { env: s3.env, close: () => s3.close() };
}
