/**
 * What the collection simulators (Wave checkout, MTN request-to-pay, CinetPay payment) share: how
 * they deliver the provider's callback to our webhook, the levers tests drive a payment with, and
 * the small payment page a person clicks in the demo ("Payer" / "Refuser").
 */
import type { SimOutcome } from './simulator-kit.ts';

export interface CallbackDelivery {
  url: string;
  method: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: string;
}

/** Sends one callback; answers the HTTP status our webhook gave (0 when it could not be reached). */
export type CallbackTransport = (delivery: CallbackDelivery) => Promise<number>;

export const fetchTransport: CallbackTransport = async (d) => {
  try {
    const res = await fetch(d.url, { method: d.method, headers: d.headers, body: d.body, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
};

export interface SettleOptions {
  /**
   * How many times the callback is delivered: 1 by default, 2 for the provider's documented
   * duplicates, 0 for a payment settled at the provider whose notification never reaches us.
   */
  deliveries?: number;
}

/** Test and demo levers of a collection simulator. */
export interface CollectionSimLevers {
  /**
   * n: a payment the payer was asked for settles n ms later on its own (numbers ending in 0000
   * fail, others succeed), and its callback is sent; null: only complete() / fail() settle it.
   */
  settleAfterMs: number | null;
  /** How callbacks reach our webhook: fetch by default; the app delivers in-process in simulator mode. */
  transport: CallbackTransport;
  /** Every callback sent, with the status our webhook answered. */
  readonly delivered: { delivery: CallbackDelivery; status: number }[];
  /** The payer pays (by our reference or the provider's id); resolves once the callbacks were answered. */
  complete(reference: string, options?: SettleOptions): Promise<void>;
  /** The payer refuses, or the payment fails. */
  fail(reference: string, options?: SettleOptions): Promise<void>;
}

export function deliveryLog(): { delivered: { delivery: CallbackDelivery; status: number }[]; send(t: CallbackTransport, d: CallbackDelivery, times: number): Promise<void> } {
  const delivered: { delivery: CallbackDelivery; status: number }[] = [];
  return {
    delivered,
    async send(t, d, times) {
      for (let i = 0; i < times; i++) delivered.push({ delivery: d, status: await t(d) });
    },
  };
}

/**
 * The payer's levers, complete() and fail(), over a simulator's own lookup (by our reference or the
 * provider's id) and settlement.
 */
export function payerLevers<P>(find: (reference: string) => P | undefined, settle: (payment: P, outcome: SimOutcome, options?: SettleOptions) => Promise<void>): Pick<CollectionSimLevers, 'complete' | 'fail'> {
  return {
    async complete(reference, options) {
      const p = find(reference);
      if (p) await settle(p, 'success', options);
    },
    async fail(reference, options) {
      const p = find(reference);
      if (p) await settle(p, 'failed', options);
    },
  };
}

/** A payment that settles on its own `ms` later (its callback sent), without keeping the process alive. */
export function settleLater(ms: number, settle: () => Promise<void>): void {
  setTimeout(() => void settle().catch(() => undefined), ms).unref();
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The simulator's payment page: what the payer sees on the provider's side, with two buttons. */
export function paymentPage(v: { provider: string; amount: string; currency: string; reference: string; state: string; payAction: string; refuseAction: string }): string {
  const open = v.state === 'open';
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(v.provider)} (simulateur)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}</style></head>
<body><h1>${escapeHtml(v.provider)} <small>(simulateur)</small></h1>
<p>Montant : <strong>${escapeHtml(v.amount)} ${escapeHtml(v.currency)}</strong></p>
<p>Référence : <code>${escapeHtml(v.reference)}</code></p>
<p>État : <strong id="state">${escapeHtml(v.state)}</strong></p>
${open ? `<form method="post" action="${escapeHtml(v.payAction)}" style="display:inline"><button type="submit">Payer</button></form><form method="post" action="${escapeHtml(v.refuseAction)}" style="display:inline"><button type="submit">Refuser</button></form>` : ''}
</body></html>`;
}

/** Seconds since the epoch, as signature timestamps take them. */
export const unixNow = () => Math.floor(Date.now() / 1000);
