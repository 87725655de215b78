import type { Resolver } from 'react-hook-form';
import { ZReminderInput, type TReminder, type TReminderInput } from '@flotte/contract/reminders';

/** The reminder dialog's fields as the inputs hold them ('' for an empty number). */
export interface ReminderFormValues {
  /** A repair type's id as the select holds it, or null for a free title. */
  repair_type_id: string | null;
  title: string;
  every_km: number | '';
  every_months: number | '';
  recurring: boolean;
  /** yyyy-MM-dd, or null when not known. */
  last_done_at: string | null;
  last_done_km: number | '';
}

export const REMINDER_FIELDS = ['repair_type_id', 'title', 'every_km', 'every_months', 'recurring', 'last_done_at', 'last_done_km'] as const;

export function reminderDefaults(r: TReminder | null): ReminderFormValues {
  return {
    repair_type_id: r?.repair_type ? String(r.repair_type.id) : null,
    title: r?.title ?? '',
    every_km: r?.every_km ?? '',
    every_months: r?.every_months ?? '',
    recurring: r?.recurring ?? true,
    last_done_at: r?.last_done_at ?? null,
    last_done_km: r?.last_done_km ?? '',
  };
}

const blankToUndefined = <T>(v: T | '' | null): T | undefined => (v === '' || v === null ? undefined : v);

/**
 * The body of POST /vehicle/{id}/reminders and PUT /reminders/{id}: the whole reminder, an empty
 * field left out (the server then clears it, as the person emptied it).
 */
export function reminderBody(v: ReminderFormValues): TReminderInput {
  return {
    repair_type_id: v.repair_type_id ? Number(v.repair_type_id) : undefined,
    title: v.title.trim() || undefined,
    every_km: blankToUndefined(v.every_km),
    every_months: blankToUndefined(v.every_months),
    recurring: v.recurring,
    last_done_at: blankToUndefined(v.last_done_at),
    last_done_km: blankToUndefined(v.last_done_km),
  };
}

type FieldErrors = Partial<Record<(typeof REMINDER_FIELDS)[number], string>>;

/** The contract's checks (the server's), each message under its field; the first per field wins. */
export function reminderErrors(v: ReminderFormValues): FieldErrors {
  const parsed = ZReminderInput.safeParse(reminderBody(v));
  const errors: FieldErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as (typeof REMINDER_FIELDS)[number] | undefined;
    if (field && REMINDER_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** react-hook-form's resolver over reminderErrors. */
export const reminderResolver: Resolver<ReminderFormValues> = (values) => {
  const errors = reminderErrors(values);
  const entries = Object.entries(errors);
  if (entries.length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(entries.map(([k, message]) => [k, { type: 'validate', message }])) };
};
