import { describe, expect, it } from 'vitest';
import { ZNotificationListQuery, vehicleRecordLink } from './notifications.ts';
import { REMINDER_MESSAGES, ZReminderInput, zServiceSoonDays, zServiceSoonKm } from './reminders.ts';

const firstMessage = (input: unknown) => {
  const r = ZReminderInput.safeParse(input);
  return r.success ? null : r.error.issues[0].message;
};

describe('ZReminderInput', () => {
  it('takes a repair type or a title, and every N km and/or every N months', () => {
    expect(ZReminderInput.parse({ repair_type_id: 2, every_km: '5000' })).toEqual({ repair_type_id: 2, every_km: 5000, recurring: true });
    expect(ZReminderInput.parse({ title: ' Pneus ', every_months: 6, recurring: false, last_done_at: '2024-02-29', last_done_km: 0 })).toEqual({
      title: 'Pneus',
      every_months: 6,
      recurring: false,
      last_done_at: '2024-02-29',
      last_done_km: 0,
    });
  });

  it('says what is missing or wrong in French', () => {
    expect(firstMessage({ every_km: 5000 })).toBe(REMINDER_MESSAGES.subject);
    expect(firstMessage({ title: '   ', every_km: 5000 })).toBe(REMINDER_MESSAGES.subject);
    expect(firstMessage({ title: 'Pneus' })).toBe(REMINDER_MESSAGES.interval);
    expect(firstMessage({ title: 'Pneus', every_km: 0 })).toBe(REMINDER_MESSAGES.everyKm);
    expect(firstMessage({ title: 'Pneus', every_km: 'beaucoup' })).toBe(REMINDER_MESSAGES.everyKm);
    expect(firstMessage({ title: 'Pneus', every_months: 121 })).toBe(REMINDER_MESSAGES.everyMonths);
    expect(firstMessage({ title: 'Pneus', every_months: 2.5 })).toBe(REMINDER_MESSAGES.everyMonths);
    expect(firstMessage({ title: 'Pneus', every_months: 6, last_done_at: '2026-02-29' })).toBe(REMINDER_MESSAGES.lastDoneAt);
    expect(firstMessage({ title: 'Pneus', every_months: 6, last_done_km: -1 })).toBe(REMINDER_MESSAGES.lastDoneKm);
    expect(firstMessage({ title: 'x'.repeat(121), every_months: 6 })).toBe(REMINDER_MESSAGES.titleMax);
  });
});

describe("the park's thresholds", () => {
  it('are whole numbers within bounds', () => {
    expect(zServiceSoonDays.parse('15')).toBe(15);
    expect(zServiceSoonDays.safeParse(0).success).toBe(false);
    expect(zServiceSoonDays.safeParse(366).success).toBe(false);
    expect(zServiceSoonKm.parse(500)).toBe(500);
    expect(zServiceSoonKm.safeParse(100_001).success).toBe(false);
  });
});

describe('notifications', () => {
  it('reads the unread filter from the query string', () => {
    expect(ZNotificationListQuery.parse({}).unread).toBe(false);
    expect(ZNotificationListQuery.parse({ unread: 'true' }).unread).toBe(true);
    expect(ZNotificationListQuery.parse({ unread: '1', page: '2' })).toMatchObject({ unread: true, page: 2 });
    expect(ZNotificationListQuery.safeParse({ unread: 'oui' }).success).toBe(false);
  });

  it('links a vehicle to the vehicles screen', () => {
    expect(vehicleRecordLink('abc')).toBe('/dashboard/drivers/vehicles?vehicle_id=abc');
  });
});
