import type { Db } from '../../platform/db/database.ts';
import type { FilesDeps } from '../files/files.service.ts';

/**
 * What the contracts module's services need, handed in by app.ts (tests build it on any database).
 * `files` stores and signs the contract documents; `log` reports what may fail after a commit
 * without failing the request (a document that can be generated again).
 */
export interface ContractsDeps {
  db: Db;
  files: FilesDeps;
  log?: { warn: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };
  /**
   * False: a change makes no new document version (the demo's seeding, where a dozen PDFs would
   * add seconds to the first start; a later change or regenerate makes one).
   */
  documents?: boolean;
}
