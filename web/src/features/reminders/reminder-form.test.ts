import { describe, expect, it } from 'vitest';
import { REMINDER_MESSAGES, type TReminder } from '@flotte/contract/reminders';
import { reminderBody, reminderDefaults, reminderErrors, type ReminderFormValues } from './reminder-form.ts';

const blank: ReminderFormValues = reminderDefaults(null);

describe('the reminder form', () => {
  it('starts recurring and empty', () => {
    expect(blank).toEqual({ repair_type_id: null, title: '', every_km: '', every_months: '', recurring: true, last_done_at: null, last_done_km: '' });
  });

  it('asks for a subject and an interval, with the contract messages', () => {
    const errors = reminderErrors(blank);
    expect(errors.title).toBe(REMINDER_MESSAGES.subject);
    expect(errors.every_km).toBe(REMINDER_MESSAGES.interval);
  });

  it('accepts a repair type without a title, or a free title without a type', () => {
    expect(reminderErrors({ ...blank, repair_type_id: '2', every_km: 10_000 })).toEqual({});
    expect(reminderErrors({ ...blank, title: 'Pneus', every_months: 6 })).toEqual({});
  });

  it('refuses a zero or fractional interval and a negative mileage', () => {
    expect(reminderErrors({ ...blank, title: 'Pneus', every_km: 0 }).every_km).toBe(REMINDER_MESSAGES.everyKm);
    expect(reminderErrors({ ...blank, title: 'Pneus', every_months: 1.5 }).every_months).toBe(REMINDER_MESSAGES.everyMonths);
    expect(reminderErrors({ ...blank, title: 'Pneus', every_months: 6, last_done_km: -1 }).last_done_km).toBe(REMINDER_MESSAGES.lastDoneKm);
  });

  it('sends the whole reminder, empty fields left out', () => {
    expect(reminderBody({ ...blank, repair_type_id: '2', title: '  ', every_km: 5000, recurring: false, last_done_at: '2026-01-31', last_done_km: 0 })).toEqual({
      repair_type_id: 2,
      title: undefined,
      every_km: 5000,
      every_months: undefined,
      recurring: false,
      last_done_at: '2026-01-31',
      last_done_km: 0,
    });
  });

  it('loads a reminder for editing', () => {
    const r = { repair_type: { id: 2, name: 'Vidange' }, title: null, every_km: 5000, every_months: null, recurring: true, last_done_at: '2026-01-02', last_done_km: 42000 } as TReminder;
    expect(reminderDefaults(r)).toEqual({ repair_type_id: '2', title: '', every_km: 5000, every_months: '', recurring: true, last_done_at: '2026-01-02', last_done_km: 42000 });
  });
});
