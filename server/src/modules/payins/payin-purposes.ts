import type { Tx } from '../../platform/db/database.ts';
import type { PayinRow } from './payin-view.ts';
import type { PayinPurpose } from './payins.tables.ts';

/**
 * What another module does when a pay-in of its own purpose succeeds, in the settlement's
 * transaction with the pay-in locked (so exactly once). Recipes and exceptional payments are the
 * payins module's own (payin-settlement.ts); a subscription invoice is paid by the subscriptions
 * module, which registers its handler from a file imported once (modules/registrations.ts).
 *
 * A handler's money is not the park's: it posts nothing to the park's ledger and no park
 * transaction is recorded for it. It answers the pay-in's detail (what to tell a person), or null.
 */
export interface PayinPurposeHandler {
  onSuccess(tx: Tx, payin: PayinRow, now: Date): Promise<{ detail: string | null }>;
  /** What the provider is told the payment is for. */
  description: string;
  /** Where the provider's page sends the payer back (a path of the web app). */
  returnPath: string;
}

type ForeignKind = Exclude<PayinPurpose['kind'], 'recipes' | 'exceptional'>;
const handlers = new Map<ForeignKind, PayinPurposeHandler>();

export function registerPayinPurpose(kind: ForeignKind, handler: PayinPurposeHandler): void {
  handlers.set(kind, handler);
}

/** The handler of a purpose another module owns, or null for the payins module's own. */
export function payinPurposeHandler(kind: PayinPurpose['kind']): PayinPurposeHandler | null {
  if (kind === 'recipes' || kind === 'exceptional') return null;
  const h = handlers.get(kind);
  if (!h) throw new Error(`no handler registered for pay-ins of purpose '${kind}'`);
  return h;
}
