import { describe, expect, it } from 'vitest';
import { COURSE_GROUP_LABELS, COURSE_GROUP_STATUSES, COURSE_MESSAGES, COURSE_STATUS_LABELS, type TCourseDetail } from '@flotte/contract/courses';
import { CASH_OPTION } from '../operations/fund-movement-form.ts';
import { COURSE_STATUS_COLORS, courseActions, courseCrew, courseOrderFileName, coursePayment, coursePeriod, courseTrip } from './course-display.ts';
import { caisseError, finishBody, finishError, settleBody } from './course-payment.ts';

const can = (patch: Partial<TCourseDetail['can']> = {}) => ({ can: { update: false, cancel: false, start: false, finish: false, settle: false, ...patch } });

describe('course display', () => {
  it('names the groups and statuses as the spec does, each status with a colour', () => {
    expect(Object.values(COURSE_GROUP_LABELS)).toEqual(['En cours', 'À venir', 'Passées']);
    expect(COURSE_GROUP_STATUSES.past).toEqual(['finished', 'canceled', 'missed']);
    for (const s of Object.keys(COURSE_STATUS_LABELS)) expect(COURSE_STATUS_COLORS[s as keyof typeof COURSE_STATUS_COLORS]).toBeTruthy();
    expect(COURSE_MESSAGES.empty).toBe("Vous n'avez pas encore programmé de course\u00a0!");
  });

  it('reads a trip, its span and its crew', () => {
    const a = { name: 'Aéroport', description: null, latitude: 0, longitude: 0 };
    expect(courseTrip({ start_address: a, end_address: { ...a, name: 'Akwa' } })).toBe('Aéroport → Akwa');
    expect(coursePeriod({ start_date: '2026-03-12T08:30:00', end_date: '2026-03-12T09:15:00' })).toBe('12/03/2026 08:30 → 09:15');
    expect(coursePeriod({ start_date: '2026-03-12T22:00:00', end_date: '2026-03-13T01:00:00' })).toBe('12/03/2026 22:00 → 13/03/2026 01:00');
    expect(courseCrew({ vehicle: null, driver: null })).toBe('Véhicule et chauffeur non attribués');
    expect(courseCrew({ vehicle: { id: 'v', registration_number: 'LT-1', label: null, current_driver: null }, driver: null })).toBe('LT-1 · Sans chauffeur');
  });

  it('says where the money of a finished course went', () => {
    expect(coursePayment({ payment_mode: null, caisse: null, settled_at: null })).toBeNull();
    expect(coursePayment({ payment_mode: 'caisse', caisse: { id: 'k', name: 'Caisse Akwa' }, settled_at: null })).toBe('Encaissé dans la caisse Caisse Akwa');
    expect(coursePayment({ payment_mode: 'receivable', caisse: null, settled_at: null })).toBe('À régler par le client · non réglé');
    expect(coursePayment({ payment_mode: 'receivable', caisse: { id: 'k', name: 'K' }, settled_at: '2026-03-20T10:00:00' })).toBe('Réglé par le client le 20/03/2026 dans la caisse K');
  });

  it('offers the actions the server allows, to MANAGE_COURSES only, in a fixed order', () => {
    // awaiting with a crew: edit, start, cancel
    expect(courseActions(can({ update: true, start: true, cancel: true }), true)).toEqual(['edit', 'start', 'cancel']);
    // running: finish or cancel, no edit
    expect(courseActions(can({ finish: true, cancel: true }), true)).toEqual(['finish', 'cancel']);
    // finished, owed by the client: settle only
    expect(courseActions(can({ settle: true }), true)).toEqual(['settle']);
    expect(courseActions(can({ update: true, cancel: true }), false)).toEqual([]);
    expect(courseOrderFileName('BC-2026-0007')).toBe('BC-2026-0007.pdf');
  });
});

describe('course payment', () => {
  it('needs a mode, and a named caisse without ACCESS_CAISSE_CASH', () => {
    expect(finishError(null, null, { cashAccess: true })).toBe(COURSE_MESSAGES.paymentMode);
    expect(finishError('caisse', CASH_OPTION, { cashAccess: false })).toBe(COURSE_MESSAGES.caisse);
    expect(finishError('caisse', null, { cashAccess: true })).toBeNull();
    expect(finishError('receivable', null, { cashAccess: false })).toBeNull();
    expect(caisseError('k1', { cashAccess: false })).toBeNull();
  });

  it('sends the caisse only when one is named', () => {
    expect(finishBody('caisse', 'k1')).toEqual({ status: 'finished', payment_mode: 'caisse', caisse_id: 'k1' });
    expect(finishBody('caisse', CASH_OPTION)).toEqual({ status: 'finished', payment_mode: 'caisse' });
    expect(finishBody('receivable', 'k1')).toEqual({ status: 'finished', payment_mode: 'receivable' });
    expect(settleBody(null)).toEqual({});
    expect(settleBody('k1')).toEqual({ caisse_id: 'k1' });
  });
});
