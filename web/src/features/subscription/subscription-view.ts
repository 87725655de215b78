import {
  daysLeftLabel,
  PLAN_PERIOD_UNITS,
  SUBSCRIPTION_COUNTRIES,
  SUBSCRIPTION_MESSAGES as M,
  SUBSCRIPTION_NEAR_END_DAYS,
  type TInvoice,
  type TInvoiceKind,
  type TInvoiceStatus,
  type TSubscriptionCountry,
  type TSubscriptionInfo,
  type TSubscriptionState,
} from '@flotte/contract/subscriptions';
import { ACCOUNT_TYPE_LABELS } from '@flotte/contract/signup';
import { formatMoney } from '../../ui/format.ts';

/**
 * What the subscription screen and the banner show, from GET /subscription/active-subscription-info
 * alone (no clock here: the server counts the days in the park's time zone).
 */

/** Where the park stands, as a badge. Not in the contract: the states are the web's reading. */
export const SUBSCRIPTION_STATE_LABELS: Record<TSubscriptionState, string> = { trial: "Période d'essai", active: 'En cours', expired: 'Terminé' };
export const SUBSCRIPTION_STATE_COLORS: Record<TSubscriptionState, string> = { trial: 'blue', active: 'teal', expired: 'red' };
export const INVOICE_STATUS_COLORS: Record<TInvoiceStatus, string> = { unpaid: 'orange', pending: 'yellow', paid: 'teal', expired: 'gray' };

/** 'yyyy-MM-dd' (a day of the park) as dd/MM/yyyy, read as written: no time zone may shift it. */
export function dayText(day: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** Share of the allowed vehicles in use, 0 to 100 (a park over its count reads full). */
export function usagePercent(used: number, allowed: number): number {
  if (allowed <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / allowed) * 100)));
}

export interface SubscriptionCardView {
  title: string;
  state: string;
  stateColor: string;
  /** '3 / 5 véhicules'. */
  usage: string;
  percent: number;
  /** Red once every allowed vehicle is used. */
  full: boolean;
  /** dd/MM/yyyy, or null without a subscription. */
  endDate: string | null;
  daysLeft: string;
  /** '2,500 XAF par mois' per vehicle, 'Gratuit' on trial. */
  price: string;
  applicationType: string;
  /** 'Premium annuel du 01/02/2027 au 31/01/2028', the paid subscription that follows. */
  next: string | null;
}

export function subscriptionCard(info: TSubscriptionInfo): SubscriptionCardView {
  const sub = info.subscription;
  const title = sub ? (sub.is_trial ? 'Essai gratuit' : sub.label) : 'Aucun abonnement';
  const allowed = info.vehicles_allowed;
  return {
    title,
    state: SUBSCRIPTION_STATE_LABELS[info.state],
    stateColor: SUBSCRIPTION_STATE_COLORS[info.state],
    usage: `${info.vehicles_used} / ${allowed} véhicule${allowed > 1 ? 's' : ''}`,
    percent: usagePercent(info.vehicles_used, allowed),
    full: info.vehicles_used >= allowed,
    // The current one's last day: when another follows, `ends_on` is that one's (the card says it below).
    endDate: sub ? dayText(sub.end_date) : null,
    daysLeft: daysLeftLabel(info.days_left),
    price: !sub ? '—' : sub.is_trial ? 'Gratuit' : `${formatMoney(sub.price_per_vehicle, sub.currency)} ${PLAN_PERIOD_UNITS[sub.plan]}`,
    applicationType: ACCOUNT_TYPE_LABELS[info.application_type],
    next: info.next ? `${info.next.label} du ${dayText(info.next.start_date)} au ${dayText(info.next.end_date)}` : null,
  };
}

export type SubscriptionAction = 'choose' | 'upgrade' | 'extend' | 'migrate' | 'change';

export const SUBSCRIPTION_ACTION_LABELS: Record<SubscriptionAction, string> = {
  choose: 'Choisir un forfait',
  upgrade: 'Ajouter des véhicules',
  extend: 'Prolonger',
  migrate: 'Passer au compte professionnel',
  change: 'Changer de forfait',
};

/**
 * The buttons the card offers (UPDATE_SUBSCRIPTION only): on trial or without a subscription one
 * subscribes; a paid one is upgraded, extended or changed; a particulier moves to professionnel
 * while a subscription runs (free on trial). The server refuses the rest; the web only hides it.
 */
export function subscriptionActions(info: TSubscriptionInfo, canUpdate: boolean): SubscriptionAction[] {
  if (!canUpdate) return [];
  const actions: SubscriptionAction[] = [];
  const paid = info.state === 'active' && info.subscription !== null && !info.subscription.is_trial;
  if (!paid) actions.push('choose');
  else actions.push('upgrade', 'extend');
  if (info.subscription && info.state !== 'expired' && info.application_type === 'particulier') actions.push('migrate');
  if (paid) actions.push('change');
  return actions;
}

export interface BannerView {
  tone: 'warning' | 'danger';
  text: string;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The dashboard's banner: without a subscription, or 15 days or fewer before the end with nothing
 * paid to follow (`near_end`, the server's reading; a trial's end counts the same way).
 */
export function bannerOf(info: TSubscriptionInfo): BannerView | null {
  if (info.state === 'expired') return { tone: 'danger', text: `${M.expiredTitle}\u00a0: choisissez un forfait pour continuer à ajouter des véhicules et des chauffeurs.` };
  const trialEnding = info.state === 'trial' && info.days_left <= SUBSCRIPTION_NEAR_END_DAYS;
  if (!info.near_end && !trialEnding) return null;
  const title = info.state === 'trial' ? M.trialTitle : M.nearEndTitle;
  return { tone: 'warning', text: `${title}\u00a0: ${lowerFirst(daysLeftLabel(info.days_left))}` };
}

/** The park's country when plans are sold there, else the first one. */
export function defaultCountry(info: Pick<TSubscriptionInfo, 'country_code'> | undefined): TSubscriptionCountry {
  const code = info?.country_code as TSubscriptionCountry | undefined;
  return code && SUBSCRIPTION_COUNTRIES.includes(code) ? code : SUBSCRIPTION_COUNTRIES[0];
}

/** 'Payer' shows on an invoice still payable today (a pending one waits for its payment). */
export function isPayable(invoice: Pick<TInvoice, 'status'>): boolean {
  return invoice.status === 'unpaid';
}

/** What a paid invoice says, and where the person goes next (spec 002: /dashboard after a change or a migration). */
export function afterPayment(kind: TInvoiceKind): { message: string; home: boolean } {
  if (kind === 'migrate') return { message: M.migrated, home: true };
  return { message: M.updated, home: kind === 'change' };
}

/** The file name of an invoice's PDF. */
export function invoiceFileName(number: string): string {
  return `Facture_${number.replace(/[^\w-]+/g, '_')}.pdf`;
}
