import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockPgliteDir } from './pglite-lock.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'flotte-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database lock', () => {
  it('refuses a folder another running process holds, in French', async () => {
    const folder = path.join(dir, 'held');
    writeFileSync(`${folder}.lock`, String(process.ppid));
    await expect(lockPgliteDir(folder, 200)).rejects.toThrow(`est utilisée par un autre processus (pid ${process.ppid})`);
  });

  it('takes over a lock whose process is gone, and lets go on release', async () => {
    const folder = path.join(dir, 'stale');
    writeFileSync(`${folder}.lock`, '4194303'); // above Linux's highest pid: runs nowhere
    const release = await lockPgliteDir(folder, 200);
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });
});
