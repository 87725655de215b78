import type { TResetOption } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import type { FileStorage } from '../../platform/storage/storage.types.ts';


export interface ResetContext {
  /** Where uploads live (local folder or bucket), for options that remove files. */
  storage: FileStorage;
  /** File ids the park still shows whatever is reset (its logo, people's photos): never deleted. */
  keepFileIds: ReadonlySet<string>;
  /**
   * Work to do once the transaction has committed (removing files from disk): a reset that rolls
   * back must leave everything as it was.
   */
  afterCommit(task: () => Promise<void>): void;
}

export interface ResetOptionDefinition extends TResetOption {
  /** Position in the list and in the run: later options may rely on what earlier ones cleared. */
  order: number;
  reset(tx: Tx, parkId: string, ctx: ResetContext): Promise<void>;
}

/**
 * What "reset the account" can wipe. Each module registers its own option from a file of its own
 * (access.reset.ts, files.reset.ts, later vehicles, drivers, operations ...), imported once at
 * startup, so the park module never has to know them.
 */
const options = new Map<string, ResetOptionDefinition>();

/** Registers (or replaces, for a module loaded twice) the option of that code. */
export function registerResetOption(option: ResetOptionDefinition): void {
  options.set(option.code, option);
}

/** The registered options, in run order. */
export function resetOptions(): ResetOptionDefinition[] {
  return [...options.values()].sort((a, b) => a.order - b.order || a.code.localeCompare(b.code));
}

/**
 * Stored files (paths '/api/file/<id>') a module still shows for a park: vehicle photos, drivers'
 * photos, document scans ... The 'files' option keeps every file some module still references when
 * it runs, so a reset of files alone never leaves broken images behind (and an option that removed
 * the records first, like 'vehicles', frees their files for it).
 */
export type FileReferences = (tx: Tx, parkId: string) => Promise<(string | null | undefined)[]>;
const fileReferences: FileReferences[] = [];

export function registerFileReferences(list: FileReferences): void {
  fileReferences.push(list);
}

/** Every stored path some module references for the park, read inside the reset's transaction. */
export async function referencedFiles(tx: Tx, parkId: string): Promise<string[]> {
  const out: string[] = [];
  for (const list of fileReferences) for (const path of await list(tx, parkId)) if (path) out.push(path);
  return out;
}
