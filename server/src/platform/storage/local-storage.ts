import { mkdir, open, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStorage } from './storage.types.ts';

/** Files in a folder of this machine (DATA_DIR): one instance, or instances sharing a network disk. */
export function localStorage(root: string): FileStorage {
  const full = (key: string) => path.join(root, key);
  const missing = (err: NodeJS.ErrnoException) => err.code === 'ENOENT';
  return {
    driver: 'local',
    async put(key, content) {
      assertSafeKey(key);
      await mkdir(path.dirname(full(key)), { recursive: true });
      await writeFile(full(key), content, { flag: 'wx' });
    },
    async get(key) {
      assertSafeKey(key);
      // Opened first, so a missing file is a null here rather than an error mid-answer.
      const handle = await open(full(key), 'r').catch((err) => {
        if (missing(err)) return null;
        throw err;
      });
      return handle ? handle.createReadStream() : null;
    },
    async exists(key) {
      assertSafeKey(key);
      return stat(full(key)).then((s) => s.isFile(), () => false);
    },
    async delete(keys) {
      for (const key of keys) {
        assertSafeKey(key);
        await unlink(full(key)).catch((err) => {
          if (!missing(err)) throw err;
        });
      }
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix, { prefix: true });
      await rm(full(prefix), { recursive: true, force: true });
    },
    async close() {},
  };
}
