import { quotable, type TResetOption } from '@flotte/contract';
import { AppError } from '../../platform/errors.ts';
import { filesAlwaysKept } from './files-in-use.ts';
import type { ParkDeps } from './park.service.ts';
import { resetOptions, type ResetContext } from './reset-registry.ts';

export interface Log {
  warn(obj: object, msg: string): void;
}

/** What the reset dialog offers, in run order. */
export function listResetOptions(): TResetOption[] {
  return resetOptions().map(({ code, label, description }) => ({ code, label, description }));
}

/**
 * Runs the chosen options in one transaction, in registry order: the park comes out reset as a
 * whole or not at all. Files leave the disk only after the commit.
 */
export async function resetPark(deps: ParkDeps, v: { parkId: string; options: string[]; log: Log }): Promise<string[]> {
  const all = resetOptions();
  const unknown = v.options.filter((code) => !all.some((o) => o.code === code));
  if (unknown.length) {
    // The codes are named back only when they look like codes: never arbitrary text in a message.
    const message = unknown.every(quotable) ? `Élément à réinitialiser inconnu : ${unknown.join(', ')}` : 'Élément à réinitialiser inconnu';
    throw new AppError('VALIDATION_FAILED', { message, fieldErrors: [{ field: 'options', message }] });
  }
  const chosen = all.filter((o) => v.options.includes(o.code));
  const afterCommit: (() => Promise<void>)[] = [];
  const ctx: ResetContext = {
    storage: deps.files.storage,
    keepFileIds: await filesAlwaysKept(deps.db, v.parkId),
    afterCommit: (task) => void afterCommit.push(task),
  };
  await deps.db.transaction(async (tx) => {
    for (const option of chosen) await option.reset(tx, v.parkId, ctx);
  });
  for (const task of afterCommit) {
    // The reset is done and committed; a file left on disk is only wasted space, so log and go on.
    await task().catch((err) => v.log.warn({ err, parkId: v.parkId }, 'reset: cleanup after commit failed'));
  }
  return chosen.map((o) => o.code);
}
