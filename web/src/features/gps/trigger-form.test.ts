import { describe, expect, it } from 'vitest';
import { TRIGGER_MESSAGES as M, type TPenaltyTrigger } from '@flotte/contract/penalty-triggers';
import { conditionErrors, draftOf, emptyDraft, serverErrors, stepOfField, submitCheck, triggerBody, type TriggerDraft } from './trigger-form.ts';

const draft = (over: Partial<TriggerDraft> = {}): TriggerDraft => ({ ...emptyDraft(), title: 'Retard', ...over });

describe('the trigger form steps', () => {
  it('puts each field in the step that shows it', () => {
    for (const f of ['title', 'description', 'calculation_type', 'grace_days', 'grace_hours', 'action_type', 'percentage']) expect(stepOfField(f), f).toBe('conditions');
    for (const f of ['selected_action', 'buzzer_duration', 'stop_delay', 'buzzer_mode', 'auto_cancel', 'notification_type', 'notification_message', 'enabled', 'vehicle_group_ids'])
      expect(stepOfField(f), f).toBe('actions');
    expect(stepOfField('vehicle_group_ids.3')).toBe('actions');
    expect(stepOfField('park_id')).toBeNull();
  });

  it('starts with the spec defaults: time, 0 day and 5 hours, e-mail', () => {
    const d = emptyDraft();
    expect([d.calculation_type, d.grace_days, d.grace_hours, d.notification_type, d.auto_cancel, d.enabled]).toEqual(['time', 0, 5, 'email', true, true]);
  });

  it("'Continuer' checks only the first step, with the spec's messages", () => {
    expect(conditionErrors(draft(), 'XAF')).toEqual({});
    expect(conditionErrors(draft({ title: '  ' }), 'XAF')).toEqual({ title: M.title });
    expect(conditionErrors(draft({ grace_days: 0, grace_hours: 0 }), 'XAF')).toEqual({ grace_hours: M.oneDuration });
    expect(conditionErrors(draft({ grace_days: 31 }), 'XAF')).toEqual({ grace_days: M.days });
    expect(conditionErrors(draft({ grace_hours: 24 }), 'XAF')).toEqual({ grace_hours: M.hours });
    expect(conditionErrors(draft({ calculation_type: 'amount' }), 'XAF')).toEqual({ action_type: M.actionType, percentage: M.percentage });
    expect(conditionErrors(draft({ calculation_type: 'amount', action_type: 'percentage', percent: 150 }), 'XAF')).toEqual({ percentage: M.percentageRange });
    expect(conditionErrors(draft({ calculation_type: 'amount', action_type: 'fixed', fixed_amount: 0 }), 'XAF')).toEqual({ percentage: M.fixedAmount });
    expect(conditionErrors(draft({ calculation_type: 'amount', action_type: 'fixed', fixed_amount: 5000 }), 'XAF')).toEqual({});
  });

  it("'Enregistrer' checks the action's own fields", () => {
    expect(submitCheck(draft(), 'XAF')).toEqual({ errors: { selected_action: M.action }, step: 'actions' });
    expect(submitCheck(draft({ selected_action: 'lock' }), 'XAF').errors).toEqual({ buzzer_duration: M.buzzerDuration, stop_delay: M.stopDelay });
    expect(submitCheck(draft({ selected_action: 'lock', buzzer_duration: 61, stop_delay: 31 }), 'XAF').errors).toEqual({ buzzer_duration: M.buzzerRange, stop_delay: M.stopDelayRange });
    expect(submitCheck(draft({ selected_action: 'buzzer', buzzer_duration: 10 }), 'XAF').errors).toEqual({ buzzer_mode: M.buzzerMode });
    expect(submitCheck(draft({ selected_action: 'notification' }), 'XAF').errors).toEqual({ notification_message: M.notificationMessage });
    expect(submitCheck(draft({ selected_action: 'lock', buzzer_duration: 0, stop_delay: 0 }), 'XAF')).toEqual({ errors: {}, step: null });
    // An error of the first step sends the dialog back there.
    expect(submitCheck(draft({ title: '', selected_action: 'notification', notification_message: 'Payez' }), 'XAF').step).toBe('conditions');
  });

  it("sends only what the chosen calculation and action use, a fixed amount in the currency's units (as every amount on the wire)", () => {
    const body = triggerBody(draft({ calculation_type: 'amount', action_type: 'fixed', fixed_amount: 12.5, percent: 40, selected_action: 'buzzer', buzzer_duration: 10, stop_delay: 5, buzzer_mode: 'progressive', notification_message: 'x' }), 'EUR');
    expect(body).toMatchObject({ grace_days: null, grace_hours: null, action_type: 'fixed', percentage: 12.5, buzzer_duration: 10, stop_delay: null, buzzer_mode: 'progressive', notification_message: null });
    expect(triggerBody(draft({ calculation_type: 'amount', action_type: 'fixed', fixed_amount: 5000 }), 'XAF').percentage).toBe(5000);
    expect(triggerBody(draft({ action_type: 'percentage', percent: 40 }), 'XAF')).toMatchObject({ grace_days: 0, grace_hours: 5, action_type: null, percentage: null });
  });

  it('reads a saved trigger back, its fixed amount in units', () => {
    const saved = { ...triggerBody(draft({ calculation_type: 'amount', action_type: 'fixed', fixed_amount: 12.5, selected_action: 'notification', notification_message: 'Payez' }), 'EUR') };
    const t = { ...saved, id: '1', description: null, grace_days: 0, grace_hours: 0, vehicle_groups: [{ id: 'g', title: 'Taxis' }], fired_count: 0, active_count: 0, created_at: '', updated_at: '' } as unknown as TPenaltyTrigger;
    expect(draftOf(t, 'EUR')).toMatchObject({ action_type: 'fixed', fixed_amount: 12.5, percent: '', notification_message: 'Payez', vehicle_group_ids: ['g'] });
  });

  it("places the server's field errors and says which step shows them", () => {
    expect(serverErrors([{ field: 'notification_message', message: 'a' }])).toEqual({ errors: { notification_message: 'a' }, step: 'actions', unplaced: 0 });
    expect(serverErrors([{ field: 'stop_delay', message: 'a' }, { field: 'title', message: 'b' }, { field: 'park', message: 'c' }])).toEqual({
      errors: { stop_delay: 'a', title: 'b' },
      step: 'conditions',
      unplaced: 1,
    });
  });
});
