import path from 'node:path';
import { localStorage } from './local-storage.ts';
import type { FileStorage } from './storage.types.ts';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, Garage ...); unset means AWS itself. */
  endpoint?: string;
  /** Unset means the SDK's usual sources (environment, instance role ...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name: most self-hosted servers want it. */
  forcePathStyle: boolean;
}

export type StorageConfig = { driver: 'local'; root: string } | ({ driver: 's3' } & S3StorageConfig);

function bool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined || v === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

/** S3_BUCKET set means the S3 driver; otherwise files stay under DATA_DIR (the uploads/ folder). */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => env[k]);
    if (stray.length) throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to store files in S3, or unset them`);
    return { driver: 'local', root: path.resolve(dataDir) };
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!!accessKeyId !== !!secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const endpoint = env.S3_ENDPOINT?.replace(/\/+$/, '') || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error(`S3_ENDPOINT must start with http:// or https://, got "${endpoint}"`);
  return {
    driver: 's3',
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, !!endpoint),
  };
}

/** Opens the configured driver; the S3 one (and its SDK) is loaded only when configured. */
export async function openStorage(cfg: StorageConfig, log?: { error(obj: object, msg: string): void }): Promise<FileStorage> {
  if (cfg.driver === 'local') return localStorage(cfg.root);
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage(cfg, log);
}
