import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { openStorage, storageConfigFromEnv } from './storage.config.ts';
import type { FileStorage } from './storage.types.ts';

async function read(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
}

describe('storage configuration', () => {
  it('keeps files in DATA_DIR unless S3_BUCKET is set', () => {
    expect(storageConfigFromEnv({}, '/srv/flotte')).toEqual({ driver: 'local', root: '/srv/flotte' });
    const s3 = storageConfigFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, '/d');
    expect(s3).toMatchObject({ driver: 's3', bucket: 'b', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true });
    // AWS itself: virtual-hosted style, credentials from the SDK's usual sources.
    expect(storageConfigFromEnv({ S3_BUCKET: 'b', S3_REGION: 'eu-west-3' }, '/d')).toMatchObject({ region: 'eu-west-3', forcePathStyle: false, accessKeyId: undefined });
    expect(storageConfigFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: '0' }, '/d')).toMatchObject({ forcePathStyle: false });
  });

  it('refuses half a configuration rather than silently writing to the local disk', () => {
    expect(() => storageConfigFromEnv({ S3_ENDPOINT: 'http://minio:9000' }, '/d')).toThrow(/S3_BUCKET/);
    expect(() => storageConfigFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, '/d')).toThrow(/go together/);
    expect(() => storageConfigFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, '/d')).toThrow(/http/);
  });
});

for (const driver of ['local', 's3'] as const) {
  describe(`the ${driver} storage driver`, () => {
    let dir: string;
    let s3: TestS3 | undefined;
    let storage: FileStorage;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'flotte-storage-'));
      if (driver === 's3') s3 = await startTestS3();
      storage = await openStorage(storageConfigFromEnv(s3?.env ?? {}, dir));
      expect(storage.driver).toBe(driver);
    });
    afterAll(async () => {
      await storage.close();
      await s3?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('stores, streams back and deletes bytes; a missing key reads as null', async () => {
      await storage.put('uploads/p1/a.txt', Buffer.from('première'), 'text/plain');
      expect(await storage.exists('uploads/p1/a.txt')).toBe(true);
      expect(await read(await storage.get('uploads/p1/a.txt'))).toBe('première');
      expect(await storage.get('uploads/p1/none.txt')).toBeNull();
      expect(await storage.exists('uploads/p1/none.txt')).toBe(false);
      await storage.delete(['uploads/p1/a.txt', 'uploads/p1/none.txt']);
      expect(await storage.exists('uploads/p1/a.txt')).toBe(false);
      // Deleting again is fine (a retried reset).
      await storage.delete(['uploads/p1/a.txt']);
    });

    it("removes a whole prefix and nothing beside it", async () => {
      for (const k of ['uploads/p2/a.png', 'uploads/p2/b.png', 'uploads/p22/c.png']) await storage.put(k, Buffer.from(k), 'image/png');
      await storage.deletePrefix('uploads/p2/');
      expect(await storage.exists('uploads/p2/a.png')).toBe(false);
      expect(await storage.exists('uploads/p2/b.png')).toBe(false);
      expect(await storage.exists('uploads/p22/c.png')).toBe(true);
      await storage.deletePrefix('uploads/p-none/');
    });

    if (driver === 's3') {
      it('says at start when the bucket does not answer, without failing the start', async () => {
        const errors: string[] = [];
        const wrong = await openStorage(storageConfigFromEnv({ ...s3!.env, S3_BUCKET: 'no-such-bucket' }, dir), { error: (_o, msg) => void errors.push(msg) });
        await vi.waitFor(() => expect(errors).toEqual([expect.stringContaining('the S3 bucket does not answer')]));
        await wrong.close();
      });
    }

    it('refuses keys that could leave its root', async () => {
      await expect(storage.put('uploads/../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
      await expect(storage.get('/etc/passwd')).rejects.toThrow(/unsafe/);
      await expect(storage.deletePrefix('uploads')).rejects.toThrow(/end with/);
    });
  });
}
