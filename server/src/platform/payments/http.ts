import { PayoutOutcomeUnknown } from './payments.types.ts';

/**
 * The plumbing the payment clients share: a fetch with a timeout whose network failures become
 * PayoutOutcomeUnknown (we can't tell whether the provider took the request), and errors that
 * never carry credentials into logs.
 */

export interface HttpOptions {
  timeoutMs: number;
  fetch: typeof fetch;
  /** Values to hide from error messages (keys, passwords, tokens). */
  secrets: string[];
  provider: string;
}

export async function send(o: HttpOptions, what: string, url: string, init: RequestInit): Promise<{ status: number; text: string; json: unknown }> {
  let res: Response;
  let text: string;
  try {
    res = await o.fetch(url, { ...init, signal: AbortSignal.timeout(o.timeoutMs) });
    text = await res.text();
  } catch (err) {
    const reason =
      err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
        ? `timed out after ${o.timeoutMs} ms`
        : `failed: ${err instanceof Error ? err.message : String(err)}`;
    throw new PayoutOutcomeUnknown(redact(`${o.provider} ${what} ${reason}`, o.secrets));
  }
  return { status: res.status, text, json: parseJson(text) };
}

/** A 5xx or an unexpected answer: the provider may have acted, we don't know. */
export function unknownOutcome(o: HttpOptions, what: string, status: number, text: string): PayoutOutcomeUnknown {
  return new PayoutOutcomeUnknown(redact(`${o.provider} ${what}: HTTP ${status} ${snippet(text)}`, o.secrets));
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Keeps errors readable in logs without dumping a whole HTML error page. */
export function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

export function redact(message: string, secrets: string[]): string {
  let out = message;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('***');
  return out;
}

/**
 * The provider refused our credentials before any payout request was made: a payout attempt can
 * be called failed (nothing was sent), a status check can't conclude anything.
 */
export class ProviderAuthRefused extends Error {
  override name = 'ProviderAuthRefused';
}
