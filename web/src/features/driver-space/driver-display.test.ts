import { describe, expect, it } from 'vitest';
import type { TPlanningEntry, TRecipe, TRecipeDayGroup } from '@flotte/contract';
import { addDays, canPay, capitalized, dateTimeText, dayTitle, hoursText, mergeDayGroups, periodText, planningByDay, timeOf, unreadText, vehicleText } from './driver-display.ts';

const entry = (date: string, start: string, end: string) => ({ date, start_date: start, end_date: end, id: `${date}${start}` }) as unknown as TPlanningEntry;
const recipe = (id: string, toEncaiss = 1000) => ({ id, toEncaiss, isPaid: toEncaiss <= 0, deleted_at: null }) as unknown as TRecipe;
const group = (day: string, ids: string[]): TRecipeDayGroup => ({ day, label: day, total_objective: 0, total_remaining: 0, recipes: ids.map((id) => recipe(id)) });

describe('driver space display', () => {
  it('reads hours as written, saying when a service ends the next day', () => {
    expect(timeOf('2026-11-26T06:00:00')).toBe('06:00');
    expect(timeOf('2026-11-26')).toBe('');
    expect(hoursText(entry('2026-11-26', '2026-11-26T06:00:00', '2026-11-26T18:00:00'))).toBe('de 06:00 à 18:00');
    expect(hoursText(entry('2026-11-26', '2026-11-26T18:00:00', '2026-11-27T06:00:00'))).toBe('de 18:00 à 06:00 (le lendemain)');
  });

  it('names days in French, today and tomorrow by name', () => {
    expect(dayTitle('2026-11-26')).toBe('jeudi 26 novembre');
    expect(dayTitle('2026-12-01')).toBe('mardi 1er décembre');
    expect(dayTitle('2026-11-26', '2026-11-26')).toBe("Aujourd'hui");
    expect(dayTitle('2026-11-27', '2026-11-26')).toBe('Demain');
    expect(capitalized('jeudi 26 novembre')).toBe('Jeudi 26 novembre');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('groups the planning by day, in time order', () => {
    const days = planningByDay([
      entry('2026-11-27', '2026-11-27T06:00:00', '2026-11-27T12:00:00'),
      entry('2026-11-26', '2026-11-26T14:00:00', '2026-11-26T20:00:00'),
      entry('2026-11-26', '2026-11-26T06:00:00', '2026-11-26T12:00:00'),
    ]);
    expect(days.map((d) => d.day)).toEqual(['2026-11-26', '2026-11-27']);
    expect(days[0]!.entries.map((e) => timeOf(e.start_date))).toEqual(['06:00', '14:00']);
  });

  it('merges a day cut by a page boundary into one group, without doubles', () => {
    const merged = mergeDayGroups([[group('2026-11-26', ['a', 'b'])], [group('2026-11-26', ['b', 'c']), group('2026-11-25', ['d'])]]);
    expect(merged.map((g) => [g.day, g.recipes.map((r) => r.id)])).toEqual([
      ['2026-11-26', ['a', 'b', 'c']],
      ['2026-11-25', ['d']],
    ]);
  });

  it('offers Payer only where something remains', () => {
    expect(canPay(recipe('a', 500))).toBe(true);
    expect(canPay(recipe('b', 0))).toBe(false);
    expect(canPay({ ...recipe('c', 500), deleted_at: '2026-11-26T00:00:00' })).toBe(false);
  });

  it('says counts, periods, dates and vehicles in French', () => {
    expect(unreadText(0)).toBe('Aucune notification non lue');
    expect(unreadText(1)).toBe('1 notification non lue');
    expect(unreadText(4)).toBe('4 notifications non lues');
    expect(periodText('2026-11-01', '2026-11-15')).toBe('du 01/11/2026 au 15/11/2026');
    expect(periodText('2026-11-01', '2026-11-01')).toBe('le 01/11/2026');
    expect(dateTimeText('2026-11-26T08:05:00')).toBe('26/11/2026 à 08:05');
    expect(vehicleText({ registration_number: 'LT-777-ZZ', label: null, brand: 'Toyota', model: 'Corolla' })).toBe('LT-777-ZZ · Toyota Corolla');
    expect(vehicleText(null)).toBe('');
  });
});
