import type { Tx } from '../../platform/db/database.ts';
import { generateContractDocument } from './contract-documents.service.ts';
import { materialiseDueRecipes, releaseInstalmentRecipes } from './contract-instalments.ts';
import type { ContractsDeps } from './contracts.deps.ts';

/**
 * Where the contract's life (create, update, sign, cancel, regenerate) calls the document
 * (contract-documents.service.ts) and the money (contract-instalments.ts) pieces, in one place.
 */

/**
 * After a commit: a new version of the contract's document. A failure is logged, not answered:
 * the contract is saved, and the document can be made again (regenerate).
 */
export async function newDocumentVersion(deps: ContractsDeps, contractId: string, actingProfileId: string): Promise<void> {
  if (deps.documents === false) return;
  try {
    await generateContractDocument(deps, contractId, actingProfileId);
  } catch (err) {
    deps.log?.error({ err, contractId }, 'contract document not generated');
  }
}

const RELEASE_REASONS = {
  rescheduled: 'Échéancier du contrat recalculé',
  cancelled: 'Contrat annulé',
  write_off: 'Contrat annulé : reste dû abandonné',
} as const;

/** DRIVER, in the caller's transaction: frees the recipes of instalments that are dropped, rebuilt or written off. */
export async function releaseRecipes(tx: Tx, parkId: string, instalmentIds: string[], reason: keyof typeof RELEASE_REASONS, by: string | null = null): Promise<void> {
  await releaseInstalmentRecipes(tx, parkId, instalmentIds, { reason: RELEASE_REASONS[reason], writeOff: reason === 'write_off', by });
}

/** DRIVER, in the caller's transaction: the recipes of the ACTIVE contract's instalments due by `uptoDay`. */
export async function materialiseDue(tx: Tx, v: { parkId: string; contractId: string; uptoDay: string; actorId?: string | null }): Promise<void> {
  await materialiseDueRecipes(tx, v);
}
