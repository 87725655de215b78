import type { Readable } from 'node:stream';
import type { S3StorageConfig } from './storage.config.ts';
import { assertSafeKey, type FileStorage } from './storage.types.ts';

/** An S3 error that means "no such object" (GET answers NoSuchKey, HEAD a bare 404). */
function notFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket (AWS, MinIO, Garage, Scaleway ...), shared by every app instance.
 * The bucket stays private: objects are written without ACLs and read back by the app only, which
 * streams them behind its own checks and signed links; no bucket URL ever reaches a browser.
 *
 * The SDK is imported here, on first use, so an instance without S3 never loads it (start time and
 * memory at rest stay as they were).
 */
export async function s3Storage(cfg: S3StorageConfig, log?: { error(obj: object, msg: string): void }): Promise<FileStorage> {
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    region: cfg.region,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
    forcePathStyle: cfg.forcePathStyle,
    ...(cfg.accessKeyId && cfg.secretAccessKey ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } } : {}),
    maxAttempts: 3,
    // Checksums only where S3 demands them: several S3-compatible servers reject the newer
    // flexible-checksum headers the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = cfg.bucket;
  // A wrong bucket, endpoint or key would otherwise show only at the first upload: say so at start,
  // without holding the start up (the bucket may come up after the app).
  void client.send(new s3.HeadBucketCommand({ Bucket })).catch((err: unknown) => {
    log?.error({ err, bucket: Bucket, endpoint: cfg.endpoint }, 'file storage: the S3 bucket does not answer; uploads and file reads will fail until it does');
  });

  async function deleteBatch(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      const out = await client.send(new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`S3 delete failed for ${failed.length} object(s): ${failed[0].Code} ${failed[0].Key}`);
    }
  }

  return {
    driver: 's3',
    async put(key, content, contentType) {
      assertSafeKey(key);
      await client.send(new s3.PutObjectCommand({ Bucket, Key: key, Body: content, ContentType: contentType, ContentLength: content.length }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const out = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        return (out.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async delete(keys) {
      keys.forEach((k) => assertSafeKey(k));
      if (keys.length) await deleteBatch(keys);
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix, { prefix: true });
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => !!k);
        if (keys.length) await deleteBatch(keys);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async close() {
      client.destroy();
    },
  };
}
