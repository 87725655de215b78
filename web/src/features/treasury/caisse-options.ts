import type { TCaisse } from '@flotte/contract/caisses';
import { formatMoney } from '../../ui/format.ts';

/** A caisse select's options: 'Caisse Douala · 125,000 XAF' (the balance helps choose where to take from). */
export function caisseOptions(caisses: readonly TCaisse[], currency: string | null | undefined, except?: string | null) {
  return caisses.filter((c) => c.id !== except).map((c) => ({ value: c.id, label: `${c.name} · ${formatMoney(c.sold, currency)}` }));
}
