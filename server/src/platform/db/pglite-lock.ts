import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on an embedded database folder: PGlite keeps no lock of its own, and a
 * second process (the server and `owner:create`, two servers on one DATA_DIR) would corrupt it.
 * The holder's pid is written beside the folder; a pid that no longer runs is a stale lock.
 */
export async function lockPgliteDir(pgliteDir: string, waitMs = 5_000): Promise<() => void> {
  const file = `${path.resolve(pgliteDir)}.lock`;
  // A holder that is closing (a restart in `npm run dev`) gets a few seconds to let go.
  for (const until = Date.now() + waitMs; ; await new Promise((r) => setTimeout(r, 100))) {
    const pid = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : 0;
    const held = Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid);
    if (!held) break;
    if (Date.now() >= until) {
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
