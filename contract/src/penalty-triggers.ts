import { z } from 'zod';

/**
 * Penalty triggers (issue 22 section 3; spec 000 sections 3, 5, 10; spec 002). A trigger watches
 * each driver's unpaid recipes: past a grace time ('time') or past a share of the objective
 * ('amount'), it acts once per unpaid episode: a notification, the buzzer, or the engine lock,
 * which is sent only to a vehicle that has stopped. Field names are the spec's, in snake_case.
 */

export const TRIGGER_CALCULATION_TYPES = ['time', 'amount'] as const;
export const TRIGGER_ACTION_TYPES = ['percentage', 'fixed'] as const;
export const TRIGGER_ACTIONS = ['lock', 'buzzer', 'notification'] as const;
export const BUZZER_MODES = ['continuous', 'intermittent', 'progressive'] as const;
export const TRIGGER_NOTIFICATION_TYPES = ['sms', 'email', 'push'] as const;
export type TriggerAction = (typeof TRIGGER_ACTIONS)[number];

/** Spec 000 section 10 and spec 002's constants. */
export const TRIGGER_LIMITS = {
  graceDays: { min: 0, max: 30, default: 0 },
  graceHours: { min: 0, max: 23, default: 5 },
  buzzerDuration: { min: 0, max: 60 },
  stopDelay: { min: 0, max: 30 },
} as const;
export const TRIGGER_DEFAULTS = { calculation_type: 'time', notification_type: 'email' } as const;

export const TRIGGER_LABELS = {
  calculation: { time: 'Durée', amount: 'Montant' },
  actionType: { percentage: 'Pourcentage', fixed: 'Montant fixe' },
  action: { lock: 'Blocage du moteur', buzzer: 'Buzzer', notification: 'Notification' },
  buzzerMode: { continuous: 'Continu', intermittent: 'Intermittent', progressive: 'Progressif' },
  notificationType: { sms: 'SMS', email: 'E-mail', push: 'Notification dans l’application' },
} as const;

/** The spec's messages (spec 000 section 5), to the letter. */
export const TRIGGER_MESSAGES = {
  title: 'Le titre du déclencheur est requis',
  oneDuration: 'Au moins une durée doit être spécifiée',
  days: 'Le nombre de jours doit être entre 0 et 30',
  hours: "Le nombre d'heures doit être entre 0 et 23",
  actionType: "Le type d'action est requis",
  percentage: 'Le pourcentage est requis',
  action: "Veuillez sélectionner un type d'action",
  buzzerDuration: 'La durée du buzzer est requise',
  stopDelay: "Le délai d'arrêt est requis",
  buzzerMode: 'Le mode du buzzer est requis',
  notificationMessage: 'Le message de notification est requis',
  // Ours, for what the spec leaves open.
  percentageRange: 'Le pourcentage doit être un nombre entier entre 1 et 100',
  fixedDecimals: 'Ce montant a trop de décimales pour la devise du parc',
  fixedAmount: 'Le montant doit être supérieur à 0',
  buzzerRange: 'La durée du buzzer doit être entre 0 et 60 secondes',
  stopDelayRange: "Le délai d'arrêt doit être entre 0 et 30 minutes",
  saved: 'Déclencheur enregistré',
  deleted: 'Déclencheur supprimé',
  released: 'Véhicule débloqué',
} as const;

const M = TRIGGER_MESSAGES;
const optionalInt = z.number().int().nullable().optional();

/**
 * POST /penalty-triggers and PUT /penalty-triggers/:id. `percentage` carries the threshold of an
 * 'amount' trigger: a whole percent of the objective (1-100) when action_type is 'percentage', an
 * amount in the park's currency when 'fixed' (as every amount on the wire). Empty vehicle_group_ids means every vehicle.
 */
export const ZPenaltyTriggerInput = z
  .object({
    title: z.string({ error: M.title }).trim().min(1, M.title).max(120),
    description: z.string().trim().max(1000).optional().nullable(),
    calculation_type: z.enum(TRIGGER_CALCULATION_TYPES).default(TRIGGER_DEFAULTS.calculation_type),
    grace_days: optionalInt,
    grace_hours: optionalInt,
    action_type: z.enum(TRIGGER_ACTION_TYPES, { error: M.actionType }).optional().nullable(),
    percentage: z.number({ error: M.percentage }).optional().nullable(),
    selected_action: z.enum(TRIGGER_ACTIONS, { error: M.action }).optional().nullable(),
    buzzer_duration: optionalInt,
    stop_delay: optionalInt,
    buzzer_mode: z.enum(BUZZER_MODES, { error: M.buzzerMode }).optional().nullable(),
    auto_cancel: z.boolean().default(true),
    notification_type: z.enum(TRIGGER_NOTIFICATION_TYPES).default(TRIGGER_DEFAULTS.notification_type),
    notification_message: z.string().trim().max(500).optional().nullable(),
    enabled: z.boolean().default(true),
    vehicle_group_ids: z.array(z.string().max(100)).max(200).default([]),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.calculation_type === 'time') {
      const days = v.grace_days ?? 0;
      const hours = v.grace_hours ?? 0;
      if (v.grace_days != null && (days < 0 || days > 30)) issue('grace_days', M.days);
      if (v.grace_hours != null && (hours < 0 || hours > 23)) issue('grace_hours', M.hours);
      if (days === 0 && hours === 0) issue('grace_hours', M.oneDuration);
    } else {
      if (!v.action_type) issue('action_type', M.actionType);
      if (v.percentage == null) issue('percentage', M.percentage);
      else if (v.action_type === 'percentage' && (!Number.isInteger(v.percentage) || v.percentage < 1 || v.percentage > 100)) issue('percentage', M.percentageRange);
      else if (v.action_type === 'fixed' && v.percentage <= 0) issue('percentage', M.fixedAmount);
    }
    if (!v.selected_action) return issue('selected_action', M.action);
    const needsBuzzer = v.selected_action === 'lock' || v.selected_action === 'buzzer';
    if (needsBuzzer) {
      if (v.buzzer_duration == null) issue('buzzer_duration', M.buzzerDuration);
      else if (v.buzzer_duration < 0 || v.buzzer_duration > 60) issue('buzzer_duration', M.buzzerRange);
    }
    if (v.selected_action === 'lock') {
      if (v.stop_delay == null) issue('stop_delay', M.stopDelay);
      else if (v.stop_delay < 0 || v.stop_delay > 30) issue('stop_delay', M.stopDelayRange);
    }
    if (v.selected_action === 'buzzer' && !v.buzzer_mode) issue('buzzer_mode', M.buzzerMode);
    if (v.selected_action === 'notification' && !v.notification_message) issue('notification_message', M.notificationMessage);
  });
export type TPenaltyTriggerInput = z.input<typeof ZPenaltyTriggerInput>;
export type TPenaltyTriggerValues = z.output<typeof ZPenaltyTriggerInput>;

export const ZPenaltyTrigger = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  calculation_type: z.enum(TRIGGER_CALCULATION_TYPES),
  grace_days: z.number().int(),
  grace_hours: z.number().int(),
  action_type: z.enum(TRIGGER_ACTION_TYPES).nullable(),
  percentage: z.number().nullable(),
  selected_action: z.enum(TRIGGER_ACTIONS),
  buzzer_duration: z.number().int().nullable(),
  stop_delay: z.number().int().nullable(),
  buzzer_mode: z.enum(BUZZER_MODES).nullable(),
  auto_cancel: z.boolean(),
  notification_type: z.enum(TRIGGER_NOTIFICATION_TYPES),
  notification_message: z.string().nullable(),
  enabled: z.boolean(),
  vehicle_groups: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Episodes this trigger has acted on, and those still holding (a lock not yet released). */
  fired_count: z.number().int(),
  active_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPenaltyTrigger = z.infer<typeof ZPenaltyTrigger>;

export const ZTriggerEnabledInput = z.object({ enabled: z.boolean({ error: 'Précisez si le déclencheur est actif' }) });

// ---- Episodes and the action log ----

/**
 * One trigger acting on one driver's unpaid episode (the run of unpaid recipes that began on
 * episode_start). 'waiting': a lock waits for the vehicle to stop; 'done': acted; 'released': the
 * lock was released (paid, or by hand); 'failed': the provider refused after every retry;
 * 'cancelled': the debt was paid before the action went out.
 */
export const EPISODE_STATES = ['waiting', 'done', 'released', 'failed', 'cancelled'] as const;
export const EPISODE_STATE_LABELS: Record<(typeof EPISODE_STATES)[number], string> = {
  waiting: 'En attente de l’arrêt du véhicule',
  done: 'Appliqué',
  released: 'Levé',
  failed: 'Échec',
  cancelled: 'Annulé',
};

export const ZTriggerEpisode = z.object({
  id: z.string(),
  trigger: z.object({ id: z.string().nullable(), title: z.string() }),
  action: z.enum(TRIGGER_ACTIONS),
  state: z.enum(EPISODE_STATES),
  driver: z.object({ id: z.string(), name: z.string() }),
  vehicle: z.object({ id: z.string(), label: z.string().nullable(), registration_number: z.string().nullable() }).nullable(),
  episode_start: z.string(),
  debt: z.number(),
  objective: z.number(),
  currency: z.string(),
  fired_at: z.string(),
  done_at: z.string().nullable(),
  released_at: z.string().nullable(),
  attempts: z.number().int(),
  last_answer: z.string().nullable(),
});
export type TTriggerEpisode = z.infer<typeof ZTriggerEpisode>;

export const ACTION_LOG_KINDS = ['notification', 'buzzer', 'lock', 'unlock', 'lock_deferred'] as const;
export const ACTION_LOG_LABELS: Record<(typeof ACTION_LOG_KINDS)[number], string> = {
  notification: 'Notification',
  buzzer: 'Buzzer',
  lock: 'Blocage du moteur',
  unlock: 'Déblocage du moteur',
  lock_deferred: 'Blocage différé (véhicule en mouvement)',
};
export const ACTION_CAUSES = ['trigger', 'auto_cancel', 'manual'] as const;
export const ACTION_CAUSE_LABELS: Record<(typeof ACTION_CAUSES)[number], string> = {
  trigger: 'Déclencheur',
  auto_cancel: 'Annulation automatique (dette réglée)',
  manual: 'Action manuelle',
};

export const ZGpsActionLogEntry = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(ACTION_LOG_KINDS),
  cause: z.enum(ACTION_CAUSES),
  /** The person who acted by hand (cause 'manual'). */
  caused_by: z.string().nullable(),
  trigger_title: z.string().nullable(),
  driver: z.object({ id: z.string(), name: z.string() }).nullable(),
  vehicle: z.object({ id: z.string(), label: z.string().nullable(), registration_number: z.string().nullable() }).nullable(),
  debt: z.number().nullable(),
  objective: z.number().nullable(),
  currency: z.string(),
  /** 'sent', 'queued', 'waiting', 'failed', 'offline'. */
  outcome: z.string(),
  /** The provider's or notifier's answer, in French. */
  answer: z.string().nullable(),
});
export type TGpsActionLogEntry = z.infer<typeof ZGpsActionLogEntry>;

/**
 * A page of the action log. `total` is exact up to a cap past the page (a park's log grows for
 * years); `total_is_lower_bound` says it holds more.
 */
export const ZGpsActionLogPage = z.object({
  items: z.array(ZGpsActionLogEntry),
  meta: z.object({ page: z.number(), itemPerPage: z.number(), total: z.number(), total_is_lower_bound: z.boolean() }),
});
export type TGpsActionLogPage = z.infer<typeof ZGpsActionLogPage>;
