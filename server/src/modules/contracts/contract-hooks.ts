import type { Tx } from '../../platform/db/database.ts';
import type { ContractsDeps } from './contracts.deps.ts';

/**
 * Where the contract's life calls the document (contract-documents.service.ts) and the money
 * (contract-instalments.ts) pieces, written alongside by other hands: each call goes through here
 * so it is switched on in one place when its file lands. Until then nothing is done, never a fake
 * result: no recipe exists before a contract is signed, and a document can be generated again.
 */

/** After a commit: a new version of the contract's document. A failure is logged, not answered. */
export async function newDocumentVersion(deps: ContractsDeps, contractId: string, actingProfileId: string): Promise<void> {
  void deps;
  void contractId;
  void actingProfileId;
}

/** DRIVER, in the caller's transaction: frees the recipes of instalments that are dropped or rebuilt. */
export async function releaseRecipes(tx: Tx, parkId: string, instalmentIds: string[], reason: 'rescheduled' | 'cancelled' | 'write_off'): Promise<void> {
  void tx;
  void parkId;
  void instalmentIds;
  void reason;
}

/** DRIVER, in the sign transaction: the recipes of the instalments already due. */
export async function materialiseDue(tx: Tx, v: { parkId: string; contractId: string; uptoDay: string }): Promise<void> {
  void tx;
  void v;
}
