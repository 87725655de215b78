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

/**
 * What other modules undo when one of their operations is cancelled from the operations screen,
 * in the same transaction, after its posting was reversed: the recipes module takes a collected
 * recipe back to what it was before that payment. A hook may throw an AppError to refuse.
 */
export type OperationCancelHook = (tx: Tx, op: { id: string; parkId: string; amount: number }) => Promise<void>;

const hooks: OperationCancelHook[] = [];

export function registerOperationCancelHook(hook: OperationCancelHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

export async function runOperationCancelHooks(tx: Tx, op: { id: string; parkId: string; amount: number }): Promise<void> {
  for (const hook of hooks) await hook(tx, op);
}
