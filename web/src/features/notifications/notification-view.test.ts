import { describe, expect, it } from 'vitest';
import { arrivedText, bellBadge, bellLabel, internalLink, notificationTarget, parkDay } from './notification-view.ts';

describe('the bell', () => {
  it('says how many are unread, in French agreement', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 non lues');
    expect(bellLabel(1)).toBe('Notifications, 1 non lue');
    expect(bellLabel(0)).toBe('Notifications, aucune non lue');
  });

  it('shows no figure at 0 and caps it at 99+', () => {
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(7)).toBe('7');
    expect(bellBadge(99)).toBe('99');
    expect(bellBadge(250)).toBe('99+');
  });
});

describe('a notification link', () => {
  it('follows addresses of the app only', () => {
    expect(internalLink('/dashboard/drivers/vehicles?vehicle_id=abc')).toBe('/dashboard/drivers/vehicles?vehicle_id=abc');
    expect(internalLink(null)).toBeNull();
    expect(internalLink('')).toBeNull();
    expect(internalLink('https://evil.example/x')).toBeNull();
    expect(internalLink('//evil.example/x')).toBeNull();
    expect(internalLink('/\\evil.example')).toBeNull();
    expect(internalLink('javascript:alert(1)')).toBeNull();
  });
});

describe('where a notification leads', () => {
  it("opens a vehicle's reminders for a service notice, the record itself otherwise", () => {
    const vehicle = '/dashboard/drivers/vehicles?vehicle_id=abc';
    expect(notificationTarget({ kind: 'service_due', link: vehicle })).toBe(`${vehicle}&tab=reminders`);
    expect(notificationTarget({ kind: 'document_expiring', link: vehicle })).toBe(vehicle);
    expect(notificationTarget({ kind: 'service_due', link: `${vehicle}&tab=reminders` })).toBe(`${vehicle}&tab=reminders`);
    expect(notificationTarget({ kind: 'service_due', link: null })).toBeNull();
    expect(notificationTarget({ kind: 'service_due', link: 'https://evil.example/?vehicle_id=1' })).toBeNull();
  });
});

describe('when it arrived', () => {
  it('says today and yesterday, across a month end, else the date', () => {
    expect(arrivedText('2026-03-01T08:15:00', '2026-03-01')).toBe("Aujourd'hui à 08:15");
    expect(arrivedText('2026-02-28T18:02:00', '2026-03-01')).toBe('Hier à 18:02');
    expect(arrivedText('2024-02-29T23:59:00', '2024-03-01')).toBe('Hier à 23:59');
    expect(arrivedText('2026-02-27T09:30:00', '2026-03-01')).toBe('27/02/2026 à 09:30');
    expect(arrivedText('2025-12-31T07:00:00', '2026-01-01')).toBe('Hier à 07:00');
  });
});

describe("the park's today", () => {
  it("is the park's calendar day, not the phone's", () => {
    // 23:30 UTC on 31 January is already 1 February in Douala (UTC+1).
    expect(parkDay('Africa/Douala', new Date('2026-01-31T23:30:00Z'))).toBe('2026-02-01');
    expect(parkDay('Africa/Abidjan', new Date('2026-01-31T23:30:00Z'))).toBe('2026-01-31');
  });
});
