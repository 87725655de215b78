import type { Tx } from '../../platform/db/database.ts';

/**
 * What other modules refuse to see cancelled from the operations screen, checked under the
 * operation's row lock before anything is reversed. The contracts module registers one: a
 * contract's payment (an instalment's collection, an owner's payment) carries figures that must
 * equal the ledger, and only the contract's own actions may change them. A guard throws an
 * AppError to refuse; the operations module knows none of them (modules/registrations.ts).
 */
export type OperationCancelGuard = (tx: Tx, op: { id: string; parkId: string }) => Promise<void>;

const guards: OperationCancelGuard[] = [];

export function registerOperationCancelGuard(guard: OperationCancelGuard): void {
  if (!guards.includes(guard)) guards.push(guard);
}

export async function runOperationCancelGuards(tx: Tx, op: { id: string; parkId: string }): Promise<void> {
  for (const guard of guards) await guard(tx, op);
}
