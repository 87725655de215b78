import {
  ACTION_CAUSE_LABELS,
  ACTION_LOG_LABELS,
  TRIGGER_LABELS,
  type TGpsActionLogEntry,
  type TPenaltyTrigger,
} from '@flotte/contract/penalty-triggers';
import { formatMoney } from '../../ui/format.ts';

/**
 * The French sentences the triggers screen shows for a trigger, an episode and a log line
 * (issue 22 section 3): what makes the trigger fire and what it then does.
 */

/** French typography: a non-breaking space before '%'. */
const NBSP = '\u00a0';

export type TriggerSummaryInput = Pick<
  TPenaltyTrigger,
  'calculation_type' | 'grace_days' | 'grace_hours' | 'action_type' | 'percentage' | 'selected_action' | 'buzzer_duration' | 'buzzer_mode' | 'notification_type'
>;

/** '1 j 5 h', '5 h', '2 j' ('0 h' for nothing, which the form refuses). */
export function formatGrace(days: number | null | undefined, hours: number | null | undefined): string {
  const parts = [days ? `${days}${NBSP}j` : '', hours ? `${hours}${NBSP}h` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : `0${NBSP}h`;
}

/** "Après 1 j 5 h d'impayé", "Dette ≥ 50 % de l'objectif", 'Dette ≥ 50,000 XAF'. */
export function triggerCondition(t: Pick<TriggerSummaryInput, 'calculation_type' | 'grace_days' | 'grace_hours' | 'action_type' | 'percentage'>, currency?: string | null): string {
  if (t.calculation_type === 'time') return `Après ${formatGrace(t.grace_days, t.grace_hours)} d'impayé`;
  if (t.percentage == null) return 'Dette au-delà du seuil';
  if (t.action_type === 'fixed') return `Dette ≥ ${formatMoney(t.percentage, currency)}`;
  return `Dette ≥ ${t.percentage}${NBSP}% de l'objectif`;
}

const NOTIFICATION_TEXT = { sms: 'Notification SMS', email: 'Notification par e-mail', push: 'Notification dans l’application' } as const;

/** 'Blocage du moteur', 'Buzzer intermittent (10 s)', 'Notification SMS'. */
export function triggerActionText(t: Pick<TriggerSummaryInput, 'selected_action' | 'buzzer_duration' | 'buzzer_mode' | 'notification_type'>): string {
  switch (t.selected_action) {
    case 'lock':
      return TRIGGER_LABELS.action.lock;
    case 'buzzer': {
      const mode = t.buzzer_mode ? ` ${TRIGGER_LABELS.buzzerMode[t.buzzer_mode].toLowerCase()}` : '';
      const duration = t.buzzer_duration != null ? ` (${t.buzzer_duration}${NBSP}s)` : '';
      return `Buzzer${mode}${duration}`;
    }
    case 'notification':
      return NOTIFICATION_TEXT[t.notification_type];
  }
}

/** "Après 1 j 5 h d'impayé → Blocage du moteur". */
export function triggerSummary(t: TriggerSummaryInput, currency?: string | null): string {
  return `${triggerCondition(t, currency)} → ${triggerActionText(t)}`;
}

/** 'Tous les véhicules', 'Groupe : Taxis', 'Groupes : Taxis, VTC'. */
export function triggerScope(groups: readonly { title: string }[]): string {
  if (groups.length === 0) return 'Tous les véhicules';
  return `${groups.length > 1 ? 'Groupes' : 'Groupe'}${NBSP}: ${groups.map((g) => g.title).join(', ')}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** '3 déclenchements · 1 en cours'. */
export function triggerCounts(t: Pick<TPenaltyTrigger, 'fired_count' | 'active_count'>): string {
  const fired = plural(t.fired_count, 'déclenchement', 'déclenchements');
  return t.active_count > 0 ? `${fired} · ${t.active_count} en cours` : fired;
}

// ---- The action log ----

const OUTCOME_LABELS: Record<string, string> = {
  sent: 'Envoyé',
  queued: 'En file d’attente',
  waiting: 'En attente',
  failed: 'Échec',
  offline: 'Appareil hors ligne',
};

/** The outcome of a logged action in French (the wire carries 'sent', 'queued' ...). */
export function outcomeLabel(outcome: string): string {
  return OUTCOME_LABELS[outcome] ?? 'Résultat inconnu';
}

export function outcomeColor(outcome: string): string {
  return outcome === 'sent' ? 'teal' : outcome === 'failed' || outcome === 'offline' ? 'red' : 'orange';
}

export function logKindLabel(kind: TGpsActionLogEntry['kind']): string {
  return ACTION_LOG_LABELS[kind];
}

/** 'Action manuelle (Awa Diallo)', 'Déclencheur'. */
export function logCauseLabel(entry: Pick<TGpsActionLogEntry, 'cause' | 'caused_by'>): string {
  const label = ACTION_CAUSE_LABELS[entry.cause];
  return entry.cause === 'manual' && entry.caused_by ? `${label} (${entry.caused_by})` : label;
}

/** 'Corolla · LT-123-AB', the plate alone, or '—'. */
export function vehicleText(vehicle: { label: string | null; registration_number: string | null } | null): string {
  if (!vehicle) return '—';
  return [vehicle.label, vehicle.registration_number].filter(Boolean).join(' · ') || '—';
}
