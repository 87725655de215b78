import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on an embedded database folder: PGlite keeps no lock of its own, and a
 * second process (the server and `owner:create`, two servers on one DATA_DIR) would corrupt it.
 * The holder's pid is written beside the folder; a pid that no longer runs is a stale lock.
 */
export function lockPgliteDir(pgliteDir: string): () => void {
  const file = `${path.resolve(pgliteDir)}.lock`;
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
      throw new Error(
        `La base embarquée ${pgliteDir} est utilisée par un autre processus (pid ${pid}) : arrêtez-le d'abord, ou utilisez DATABASE_URL.`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
