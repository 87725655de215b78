import { describe, expect, it } from 'vitest';
import { formatGrace, logCauseLabel, outcomeLabel, triggerCounts, triggerScope, triggerSummary, vehicleText, type TriggerSummaryInput } from './trigger-summary.ts';

const NB = '\u00a0';
const base: TriggerSummaryInput = {
  calculation_type: 'time',
  grace_days: 1,
  grace_hours: 5,
  action_type: null,
  percentage: null,
  selected_action: 'lock',
  buzzer_duration: 10,
  buzzer_mode: null,
  notification_type: 'email',
};
const plain = (s: string) => s.replaceAll(NB, ' ');

describe('the trigger summary', () => {
  it('says when a time trigger fires and what it does', () => {
    expect(plain(triggerSummary(base))).toBe("Après 1 j 5 h d'impayé → Blocage du moteur");
    expect(plain(formatGrace(0, 5))).toBe('5 h');
    expect(plain(formatGrace(2, 0))).toBe('2 j');
  });

  it('says the threshold of an amount trigger, a percent or an amount of the park currency', () => {
    const amount = { ...base, calculation_type: 'amount' as const, selected_action: 'notification' as const, notification_type: 'sms' as const };
    expect(plain(triggerSummary({ ...amount, action_type: 'percentage', percentage: 50 }))).toBe("Dette ≥ 50 % de l'objectif → Notification SMS");
    expect(triggerSummary({ ...amount, action_type: 'fixed', percentage: 50000, notification_type: 'email' }, 'XAF')).toBe('Dette ≥ 50,000 XAF → Notification par e-mail');
    expect(triggerSummary({ ...amount, action_type: 'fixed', percentage: 12.5 }, 'EUR')).toBe('Dette ≥ 12.5 EUR → Notification SMS');
  });

  it('describes the buzzer with its mode and duration', () => {
    expect(plain(triggerSummary({ ...base, selected_action: 'buzzer', buzzer_mode: 'intermittent', buzzer_duration: 10 }))).toBe("Après 1 j 5 h d'impayé → Buzzer intermittent (10 s)");
  });

  it('says the scope, the counts, the cause and the outcome in French', () => {
    expect(triggerScope([])).toBe('Tous les véhicules');
    expect(plain(triggerScope([{ title: 'Taxis' }]))).toBe('Groupe : Taxis');
    expect(plain(triggerScope([{ title: 'Taxis' }, { title: 'VTC' }]))).toBe('Groupes : Taxis, VTC');
    expect(triggerCounts({ fired_count: 1, active_count: 0 })).toBe('1 déclenchement');
    expect(triggerCounts({ fired_count: 3, active_count: 1 })).toBe('3 déclenchements · 1 en cours');
    expect(logCauseLabel({ cause: 'manual', caused_by: 'Awa Diallo' })).toBe('Action manuelle (Awa Diallo)');
    expect(logCauseLabel({ cause: 'auto_cancel', caused_by: null })).toBe('Annulation automatique (dette réglée)');
    expect(outcomeLabel('offline')).toBe('Appareil hors ligne');
    expect(outcomeLabel('weird')).toBe('Résultat inconnu');
    expect(vehicleText({ label: 'Corolla', registration_number: 'LT-123-AB' })).toBe('Corolla · LT-123-AB');
    expect(vehicleText(null)).toBe('—');
  });
});
