import { describe, expect, it } from 'vitest';
import type { TGpsFleetEntry } from '@flotte/contract/gps';
import { dayOf, formatCoordinates, formatDistance, formatDuration, formatFixAge, formatSpeed, GPS_STATE_COLORS, matchesFleetSearch, sortFleet, stateColor, timeOf } from './gps-display.ts';

describe('the age of a fix', () => {
  it('reads in French, from seconds to days', () => {
    expect(formatFixAge(0)).toBe("à l'instant");
    expect(formatFixAge(59)).toBe("à l'instant");
    expect(formatFixAge(180)).toBe('il y a 3 min');
    expect(formatFixAge(3599)).toBe('il y a 59 min');
    expect(formatFixAge(3600)).toBe('il y a 1 h');
    expect(formatFixAge(2 * 3600 + 5 * 60)).toBe('il y a 2 h 05 min');
    expect(formatFixAge(86_400)).toBe('il y a 1 jour');
    expect(formatFixAge(3 * 86_400 + 10)).toBe('il y a 3 jours');
  });

  it('says nothing without an age, and never a negative one', () => {
    expect(formatFixAge(null)).toBe('');
    expect(formatFixAge(Number.NaN)).toBe('');
    expect(formatFixAge(-5)).toBe("à l'instant");
  });
});

describe('durations', () => {
  it('are hours and minutes, minutes on two digits', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(7 * 60 + 59)).toBe('7 min');
    expect(formatDuration(3600)).toBe('1 h 00 min');
    expect(formatDuration(12 * 3600 + 30 * 60)).toBe('12 h 30 min');
    expect(formatDuration(30 * 3600)).toBe('30 h 00 min');
    expect(formatDuration(null)).toBe('0 min');
  });
});

describe('figures', () => {
  it('prints speeds, distances and coordinates', () => {
    expect(formatSpeed(42.6)).toBe('43 km/h');
    expect(formatSpeed(0)).toBe('0 km/h');
    expect(formatDistance(12.44).replace(/\s/g, ' ')).toBe('12,4 km');
    expect(formatCoordinates(4.0511234, 9.767911)).toBe('4.05112, 9.76791');
  });

  it('reads the time and the day of a wire date without shifting its zone', () => {
    expect(timeOf('2026-11-26T07:05:00')).toBe('07:05');
    expect(dayOf('2026-11-26T23:59:00')).toBe('2026-11-26');
    expect(timeOf('')).toBe('');
  });
});

describe('state colours', () => {
  it('tell moving, stopped and offline apart', () => {
    const shown = new Set([stateColor('moving'), stateColor('stopped'), stateColor('offline')]);
    expect(shown.size).toBe(3);
    expect(GPS_STATE_COLORS.moving.mantine).toBe('green');
  });

  it('keep white text readable on every marker (4.5:1)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const state of ['moving', 'stopped', 'offline'] as const) expect(1.05 / (luminance(stateColor(state)) + 0.05), state).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the fleet list', () => {
  const entry = (id: string, state: TGpsFleetEntry['state'], registration: string, driver: string | null = null): TGpsFleetEntry => ({
    vehicle: { id, label: null, registration_number: registration, gps_number: '356307042441013', driver_name: driver },
    state,
    position: null,
    locked: false,
  });

  it('lists moving vehicles first, then by registration', () => {
    const sorted = sortFleet([entry('1', 'offline', 'LT-001'), entry('2', 'moving', 'LT-003'), entry('3', 'stopped', 'LT-002'), entry('4', 'moving', 'LT-000')]);
    expect(sorted.map((e) => e.vehicle.id)).toEqual(['4', '2', '3', '1']);
  });

  it('finds a vehicle by its driver without accents', () => {
    expect(matchesFleetSearch(entry('1', 'moving', 'LT-001', 'Hélène Mbappé'), 'mbappe')).toBe(true);
    expect(matchesFleetSearch(entry('1', 'moving', 'LT-001', 'Hélène Mbappé'), 'lt-00')).toBe(true);
    expect(matchesFleetSearch(entry('1', 'moving', 'LT-001'), 'zz')).toBe(false);
  });
});
