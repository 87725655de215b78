import {
  TRIGGER_DEFAULTS,
  TRIGGER_LIMITS,
  ZPenaltyTriggerInput,
  type BUZZER_MODES,
  type TPenaltyTrigger,
  type TPenaltyTriggerInput,
  type TRIGGER_ACTION_TYPES,
  type TRIGGER_CALCULATION_TYPES,
  type TRIGGER_NOTIFICATION_TYPES,
  type TriggerAction,
} from '@flotte/contract/penalty-triggers';

/**
 * The two-step trigger form (spec 000 'Penalty trigger'): 'Déclencheurs' (when it fires), then
 * 'Continuer' opens 'Actions' (what it does). One draft holds both steps; the contract's schema,
 * the one the server runs, checks the whole of it, and each message goes under its field in the
 * step that shows that field.
 */

export type TriggerStep = 'conditions' | 'actions';

/** A number field being typed: '' while empty. */
type NumberField = number | '';

export interface TriggerDraft {
  title: string;
  description: string;
  calculation_type: (typeof TRIGGER_CALCULATION_TYPES)[number];
  grace_days: NumberField;
  grace_hours: NumberField;
  action_type: (typeof TRIGGER_ACTION_TYPES)[number] | null;
  /** The percent of the objective (action type 'percentage'). */
  percent: NumberField;
  /** The fixed amount in the currency's units, as typed (action type 'fixed'), and so on the wire. */
  fixed_amount: number | null;
  selected_action: TriggerAction | null;
  buzzer_duration: NumberField;
  stop_delay: NumberField;
  buzzer_mode: (typeof BUZZER_MODES)[number] | null;
  auto_cancel: boolean;
  notification_type: (typeof TRIGGER_NOTIFICATION_TYPES)[number];
  notification_message: string;
  enabled: boolean;
  vehicle_group_ids: string[];
}

/** The fields of the wire body, by the step that shows them. */
export const CONDITION_FIELDS = ['title', 'description', 'calculation_type', 'grace_days', 'grace_hours', 'action_type', 'percentage'] as const;
export const ACTION_FIELDS = [
  'selected_action',
  'buzzer_duration',
  'stop_delay',
  'buzzer_mode',
  'auto_cancel',
  'notification_type',
  'notification_message',
  'enabled',
  'vehicle_group_ids',
] as const;
export type TriggerField = (typeof CONDITION_FIELDS)[number] | (typeof ACTION_FIELDS)[number];
export type TriggerErrors = Partial<Record<TriggerField, string>>;

/** The step showing a field of the body (a server path such as 'vehicle_group_ids.2' included), or null for an unknown one. */
export function stepOfField(path: string): TriggerStep | null {
  const field = path.split('.')[0];
  if ((CONDITION_FIELDS as readonly string[]).includes(field)) return 'conditions';
  if ((ACTION_FIELDS as readonly string[]).includes(field)) return 'actions';
  return null;
}

export function emptyDraft(): TriggerDraft {
  return {
    title: '',
    description: '',
    calculation_type: TRIGGER_DEFAULTS.calculation_type,
    grace_days: TRIGGER_LIMITS.graceDays.default,
    grace_hours: TRIGGER_LIMITS.graceHours.default,
    action_type: null,
    percent: '',
    fixed_amount: null,
    selected_action: null,
    buzzer_duration: '',
    stop_delay: '',
    buzzer_mode: null,
    auto_cancel: true,
    notification_type: TRIGGER_DEFAULTS.notification_type,
    notification_message: '',
    enabled: true,
    vehicle_group_ids: [],
  };
}

/** The draft of a saved trigger, its fixed amount back in the currency's units. */
export function draftOf(t: TPenaltyTrigger, currency: string | null | undefined): TriggerDraft {
  const fixed = t.calculation_type === 'amount' && t.action_type === 'fixed' && t.percentage != null;
  return {
    title: t.title,
    description: t.description ?? '',
    calculation_type: t.calculation_type,
    grace_days: t.grace_days,
    grace_hours: t.grace_hours,
    action_type: t.action_type,
    percent: !fixed && t.percentage != null ? t.percentage : '',
    fixed_amount: fixed ? t.percentage : null,
    selected_action: t.selected_action,
    buzzer_duration: t.buzzer_duration ?? '',
    stop_delay: t.stop_delay ?? '',
    buzzer_mode: t.buzzer_mode,
    auto_cancel: t.auto_cancel,
    notification_type: t.notification_type,
    notification_message: t.notification_message ?? '',
    enabled: t.enabled,
    vehicle_group_ids: t.vehicle_groups.map((g) => g.id),
  };
}

const num = (v: NumberField): number | null => (v === '' ? null : v);

/**
 * The body of POST / PUT: only what the chosen calculation and action use (what the other
 * choices hold stays in the draft, should the person come back to them, but is not saved).
 */
export function triggerBody(d: TriggerDraft, currency: string | null | undefined): TPenaltyTriggerInput {
  const time = d.calculation_type === 'time';
  const action = d.selected_action;
  const buzzes = action === 'lock' || action === 'buzzer';
  return {
    title: d.title,
    description: d.description.trim() ? d.description : null,
    calculation_type: d.calculation_type,
    grace_days: time ? num(d.grace_days) : null,
    grace_hours: time ? num(d.grace_hours) : null,
    action_type: time ? null : d.action_type,
    percentage: time ? null : d.action_type === 'fixed' ? (d.fixed_amount !== null && Number.isFinite(d.fixed_amount) ? d.fixed_amount : null) : num(d.percent),
    selected_action: action,
    buzzer_duration: buzzes ? num(d.buzzer_duration) : null,
    stop_delay: action === 'lock' ? num(d.stop_delay) : null,
    buzzer_mode: action === 'buzzer' ? d.buzzer_mode : null,
    auto_cancel: d.auto_cancel,
    notification_type: d.notification_type,
    notification_message: action === 'notification' ? d.notification_message : null,
    enabled: d.enabled,
    vehicle_group_ids: d.vehicle_group_ids,
  };
}

/** Every message of the schema, one per field (the first), keyed by the body's field. */
export function validateTrigger(d: TriggerDraft, currency: string | null | undefined): TriggerErrors {
  const result = ZPenaltyTriggerInput.safeParse(triggerBody(d, currency));
  if (result.success) return {};
  const errors: TriggerErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as TriggerField;
    if (stepOfField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The errors that belong to one step. */
export function errorsOfStep(errors: TriggerErrors, step: TriggerStep): TriggerErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => stepOfField(field) === step)) as TriggerErrors;
}

/**
 * 'Continuer' on 'Déclencheurs': the step's own errors, nothing of the actions not yet chosen
 * (their 'Veuillez sélectionner un type d'action' waits for 'Enregistrer').
 */
export function conditionErrors(d: TriggerDraft, currency: string | null | undefined): TriggerErrors {
  return errorsOfStep(validateTrigger(d, currency), 'conditions');
}

/**
 * 'Enregistrer' on 'Actions': the whole form. Should the first step have an error (a server
 * answer, an edited trigger saved as it was), the dialog goes back to it.
 */
export function submitCheck(d: TriggerDraft, currency: string | null | undefined): { errors: TriggerErrors; step: TriggerStep | null } {
  const errors = validateTrigger(d, currency);
  const step = Object.keys(errors).length === 0 ? null : Object.keys(errorsOfStep(errors, 'conditions')).length > 0 ? 'conditions' : 'actions';
  return { errors, step };
}

/** Server field errors ({field, message}) as the form's, and the step to show them on. */
export function serverErrors(fieldErrors: readonly { field: string; message: string }[]): { errors: TriggerErrors; step: TriggerStep | null; unplaced: number } {
  const errors: TriggerErrors = {};
  let unplaced = 0;
  for (const { field, message } of fieldErrors) {
    const step = stepOfField(field);
    const key = field.split('.')[0] as TriggerField;
    if (!step) unplaced += 1;
    else if (!errors[key]) errors[key] = message;
  }
  const fields = Object.keys(errors);
  const step = fields.length === 0 ? null : fields.some((f) => stepOfField(f) === 'conditions') ? 'conditions' : 'actions';
  return { errors, step, unplaced };
}
