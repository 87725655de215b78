import { describe, expect, it } from 'vitest';
import { countedFromText, dueText, intervalText, leftText, urgencyShownInList } from './reminder-view.ts';

describe('a reminder as read on screen', () => {
  it('says its interval, whichever comes first, and when it is once', () => {
    expect(intervalText({ every_km: 10_000, every_months: 6, recurring: true })).toBe('Tous les 10,000 km ou tous les 6 mois, au premier atteint');
    expect(intervalText({ every_km: 5000, every_months: null, recurring: true })).toBe('Tous les 5,000 km');
    expect(intervalText({ every_km: null, every_months: 1, recurring: true })).toBe('Tous les mois');
    expect(intervalText({ every_km: null, every_months: 12, recurring: false })).toBe('Une seule fois, après 12 mois');
    expect(intervalText({ every_km: 800, every_months: 3, recurring: false })).toBe('Une seule fois, après 800 km ou 3 mois');
  });

  it('says its next due by date and distance, or that it was done', () => {
    expect(dueText({ next_due_date: '2026-03-15', next_due_km: 60_000, done_at: null })).toBe('Échéance : 15/03/2026 ou 60,000 km');
    expect(dueText({ next_due_date: null, next_due_km: 60_000, done_at: null })).toBe('Échéance : 60,000 km');
    expect(dueText({ next_due_date: null, next_due_km: null, done_at: null })).toMatch(/^Échéance inconnue/);
    expect(dueText({ next_due_date: '2026-03-15', next_due_km: null, done_at: '2026-02-01T10:00:00' })).toBe('Effectué le 01/02/2026');
  });

  it('says how far it is, or how late', () => {
    expect(leftText({ days_left: 12, km_left: 800, done_at: null })).toBe('Dans 12 jours · dans 800 km');
    expect(leftText({ days_left: 0, km_left: null, done_at: null })).toBe("Aujourd'hui");
    expect(leftText({ days_left: -1, km_left: -1200, done_at: null })).toBe('Dépassée de 1 jour · dépassée de 1,200 km');
    expect(leftText({ days_left: null, km_left: null, done_at: null })).toBe('');
  });

  it('says where the count starts', () => {
    expect(countedFromText({ last_done_at: '2025-09-01', last_done_km: 50_000, counted_from: { date: '2025-09-01', km: 50_000 } })).toBe('Dernière fois le 01/09/2025 à 50,000 km');
    expect(countedFromText({ last_done_at: null, last_done_km: null, counted_from: { date: '2026-01-10', km: null } })).toBe('Compté depuis le 10/01/2026 (création du rappel)');
  });

  it("shows only 'Bientôt', 'À faire' and 'En retard' in the vehicle list", () => {
    expect(['ok', 'soon', 'due', 'overdue', null].map((u) => urgencyShownInList(u as never))).toEqual([false, true, true, true, false]);
  });
});
