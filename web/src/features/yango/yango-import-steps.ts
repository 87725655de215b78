import { cleanYangoPhone, YANGO_DEFAULT_COLLECT_TIME, YANGO_PHONE_MIN_LENGTH, type TYangoAccount, type TYangoCodeSent } from '@flotte/contract';

/**
 * The pure rules of the Yango import / connect dialog (spec 000 'Partner-platform import dialog'):
 * its steps and their back behaviour, what may be chosen, the collect time and the bodies sent.
 */

/** 'import': a new driver, after a code sent to his Yango phone; 'connect': an existing driver, no code. */
export type YangoLinkMode = 'import' | 'connect';
export type YangoStep = 'search' | 'options' | 'code';

const STEP_LABELS: Record<YangoStep, string> = { search: 'Recherche', options: "Options d'import", code: 'Code de vérification' };

/** Connecting an existing driver needs no code (spec 000 section 7): two steps instead of three. */
export function stepsFor(mode: YangoLinkMode): YangoStep[] {
  return mode === 'import' ? ['search', 'options', 'code'] : ['search', 'options'];
}

/** A connection imports nothing: its second step is only 'Options'. */
export function stepLabel(step: YangoStep, mode: YangoLinkMode = 'import'): string {
  return mode === 'connect' && step === 'options' ? 'Options' : STEP_LABELS[step];
}

/** The step 'Retour' leads to, or null on the first (the dialog then closes). */
export function previousStep(mode: YangoLinkMode, step: YangoStep): YangoStep | null {
  const steps = stepsFor(mode);
  const i = steps.indexOf(step);
  return i > 0 ? steps[i - 1] : null;
}

/**
 * The national number the search would send, from the phone field's '+<code><number>' and its
 * calling code: the contract's cleaning, which the server applies too.
 */
export function searchablePhone(wire: string, callingCode: string): string | null {
  const cleaned = cleanYangoPhone(wire, callingCode);
  return cleaned.length >= YANGO_PHONE_MIN_LENGTH ? cleaned : null;
}

/**
 * Whether a found profile can be chosen: not when it is already linked to a driver of the park
 * (a Yango profile links to one driver per park), this very driver included.
 */
export function selectable(account: TYangoAccount): boolean {
  return account.linked_driver_id === null;
}

/** The result chosen, if it is still in the list and selectable (a new search may drop it). */
export function chosenAccount(results: readonly TYangoAccount[] | null, yangoId: string | null): TYangoAccount | null {
  const found = results?.find((a) => a.yango_id === yangoId) ?? null;
  return found && selectable(found) ? found : null;
}

/** A single selectable result is the choice already made. */
export function defaultChoice(results: readonly TYangoAccount[]): string | null {
  const open = results.filter(selectable);
  return open.length === 1 ? open[0].yango_id : null;
}

// ---- Collect time: hour 00-23 and minute 00-59, default 09:00 (spec 000 section 8) ----

const pad = (n: number) => String(n).padStart(2, '0');
export const HOUR_OPTIONS = Array.from({ length: 24 }, (_, h) => pad(h));
export const MINUTE_OPTIONS = Array.from({ length: 60 }, (_, m) => pad(m));

export interface CollectOptions {
  useYangoRecipe: boolean;
  hour: string;
  minute: string;
}

export function collectOptions(collectTime: string = YANGO_DEFAULT_COLLECT_TIME, useYangoRecipe = false): CollectOptions {
  const [hour, minute] = /^\d{2}:\d{2}$/.test(collectTime) ? collectTime.split(':') : YANGO_DEFAULT_COLLECT_TIME.split(':');
  return { useYangoRecipe, hour, minute };
}

/** 'HH:mm' as the contract's zCollectTime reads it. */
export function collectTime(options: CollectOptions): string {
  return `${options.hour}:${options.minute}`;
}

export function linkOptionsBody(options: CollectOptions): { collect_time: string; use_yango_recipe: boolean } {
  return { collect_time: collectTime(options), use_yango_recipe: options.useYangoRecipe };
}

// ---- The code (import only) ----

/**
 * A code already sent for this profile and still valid is used again when the person comes back
 * to the code step, rather than sending another (each send counts against the phone's limit).
 * `sentAt` and `now` in milliseconds.
 */
export function reusableChallenge(sent: { challenge: TYangoCodeSent; yangoId: string; sentAt: number } | null, yangoId: string, now: number): TYangoCodeSent | null {
  if (!sent || sent.yangoId !== yangoId) return null;
  // A margin of 30 s, so the person has time to type it.
  return now < sent.sentAt + (sent.challenge.expires_in - 30) * 1000 ? sent.challenge : null;
}

// ---- What a result card shows ----

export function accountName(account: TYangoAccount): string {
  return `${account.last_name} ${account.first_name}`.trim();
}

/** 'Toyota Corolla · AB-123-CD · Blanc · 2019', or '' without a vehicle. */
export function vehicleLine(account: TYangoAccount): string {
  const v = account.vehicle;
  if (!v) return '';
  return [[v.brand, v.model].filter(Boolean).join(' '), v.plate, v.color, v.year ? String(v.year) : null].filter(Boolean).join(' · ');
}

/** 'Yango Abidjan · Abidjan'. */
export function parkLine(account: TYangoAccount): string {
  return [account.park.name, account.park.city].filter(Boolean).join(' · ');
}
