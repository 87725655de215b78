import { describe, expect, it } from 'vitest';
import { COURSE_MESSAGES, type TCourseDetail } from '@flotte/contract/courses';
import {
  courseCreateBody,
  courseDefaults,
  courseFormErrors,
  courseQuoteQuery,
  courseSpan,
  courseUpdateBody,
  courseValuesFrom,
  driverOptions,
  effectiveAmount,
  fieldOf,
  plannedDriverOf,
  proposedDriver,
  quoteLines,
  vehicleOptions,
  wireDateTime,
  type CourseFormValues,
} from './course-form.ts';

const CLIENT = '0190a1b2-0000-7000-8000-000000000001';
const VEHICLE = '0190a1b2-0000-7000-8000-000000000002';
const DRIVER = '0190a1b2-0000-7000-8000-000000000003';
const airport = { name: 'Aéroport de Douala', description: 'Douala', latitude: 4.0061, longitude: 9.7194 };
const akwa = { name: 'Akwa', description: null, latitude: 4.0511, longitude: 9.7001 };

const filled = (patch: Partial<CourseFormValues> = {}): CourseFormValues => ({
  ...courseDefaults('2026-03-12T07:20'),
  client_id: CLIENT,
  start_address: airport,
  end_address: akwa,
  amount: 15000,
  amount_typed: true,
  ...patch,
});

const detail = (patch: Partial<TCourseDetail> = {}): TCourseDetail =>
  ({
    id: 'c1',
    reference: 'BC-2026-0007',
    status: 'awaiting',
    client: { id: CLIENT, name: 'SOTRACO', phone: '+237690000000', sex: 'Monsieur' },
    contact: null,
    start_address: { ...airport },
    end_address: { ...akwa },
    start_date: '2026-03-12T08:30:00',
    end_date: '2026-03-12T09:15:00',
    vehicle: { id: VEHICLE, registration_number: 'LT-123-AB', label: null, current_driver: null },
    driver: { id: DRIVER, name: 'Awa Ndiaye', phone: null },
    number_of_people: 3,
    amount: 12500,
    description: null,
    ...patch,
  }) as TCourseDetail;

describe('course form: dates and span', () => {
  it('starts a fresh form at the next full hour of the park, for an hour, across midnight too', () => {
    expect(courseDefaults('2026-03-12T07:20')).toMatchObject({ start_day: '2026-03-12', start_time: '08:00', end_day: '2026-03-12', end_time: '09:00', number_of_people: 1, amount_typed: false });
    expect(courseDefaults('2026-12-31T23:05')).toMatchObject({ start_day: '2027-01-01', start_time: '00:00', end_time: '01:00' });
    expect(courseDefaults('2026-03-12T22:00')).toMatchObject({ start_time: '23:00', end_day: '2026-03-13', end_time: '00:00' });
    expect(courseDefaults(null)).toMatchObject({ start_day: null, end_day: null });
  });

  it('builds wire dates from a day and a clock time, nothing from a partial one', () => {
    expect(wireDateTime('2026-03-12', '08:30')).toBe('2026-03-12T08:30:00');
    expect(wireDateTime('2026-03-12', '8h')).toBeNull();
    expect(wireDateTime(null, '08:30')).toBeNull();
  });

  it('asks for free vehicles only over a whole span that ends after it starts', () => {
    expect(courseSpan(filled())).toEqual({ start_date: '2026-03-12T08:00:00', end_date: '2026-03-12T09:00:00' });
    expect(courseSpan(filled({ end_time: '07:00' }))).toBeNull();
    expect(courseSpan(filled({ end_day: null }))).toBeNull();
  });
});

describe('course form: quote and amount', () => {
  it('asks a quote once both addresses are placed, with the vehicle and the span', () => {
    expect(courseQuoteQuery(filled({ end_address: null }))).toBeNull();
    expect(courseQuoteQuery(filled({ vehicle_id: VEHICLE }))).toEqual({
      from_lat: 4.0061,
      from_lng: 9.7194,
      to_lat: 4.0511,
      to_lng: 9.7001,
      vehicle_id: VEHICLE,
      start_date: '2026-03-12T08:00:00',
      end_date: '2026-03-12T09:00:00',
    });
  });

  it("takes the quote's suggestion until the person types an amount", () => {
    const quote = { suggested_amount: 9800 };
    expect(effectiveAmount(filled({ amount: null, amount_typed: false }), quote)).toBe(9800);
    expect(effectiveAmount(filled({ amount: 15000, amount_typed: true }), quote)).toBe(15000);
    expect(effectiveAmount(filled({ amount: null, amount_typed: false }), { suggested_amount: null })).toBeNull();
  });

  it("says 'à vol d'oiseau' when the road distance was not found", () => {
    expect(quoteLines({ source: 'great_circle', pricing: null }, '5,2 km', '—')).toEqual(["Distance\u00a0: 5,2 km (distance à vol d'oiseau)"]);
    expect(quoteLines({ source: 'road', pricing: '1 000 + 6,5 km × 300' }, '6,5 km', '18 min')).toEqual([
      'Distance\u00a0: 6,5 km · durée estimée\u00a0: 18 min',
      '1 000 + 6,5 km × 300',
    ]);
  });
});

describe('course form: checks and bodies', () => {
  it('puts the contract messages under their fields, in order', () => {
    const errors = courseFormErrors({ ...courseDefaults('2026-03-12T07:20'), end_time: '07:00' }, null);
    expect(errors.client_id).toBe(COURSE_MESSAGES.client);
    expect(errors.start_address).toBe(COURSE_MESSAGES.startAddress);
    expect(errors.end_address).toBe(COURSE_MESSAGES.endAddress);
    expect(errors.amount).toBeDefined();
    expect(courseFormErrors(filled(), 15000)).toEqual({});
    expect(courseFormErrors(filled({ end_time: '07:00' }), 15000)).toEqual({ end_date: COURSE_MESSAGES.endBeforeStart });
  });

  it('maps server paths to fields', () => {
    expect(fieldOf('start_address.latitude')).toBe('start_address');
    expect(fieldOf('amount')).toBe('amount');
    expect(fieldOf('park_id')).toBeNull();
  });

  it('sends the booking, leaving out what is empty', () => {
    expect(courseCreateBody(filled({ description: '  ' }), 15000)).toEqual({
      client_id: CLIENT,
      contact_id: undefined,
      start_address: airport,
      end_address: akwa,
      start_date: '2026-03-12T08:00:00',
      end_date: '2026-03-12T09:00:00',
      vehicle_id: undefined,
      driver_id: undefined,
      number_of_people: 1,
      amount: 15000,
      description: undefined,
      kind: 1,
      maintenance_id: undefined,
    });
    // A maintenance course sends the maintenance it serves; a replacement one never does.
    expect(courseCreateBody(filled({ kind: 2, maintenance_id: 'm1' }), 15000)).toMatchObject({ kind: 2, maintenance_id: 'm1' });
    expect(courseCreateBody(filled({ kind: 1, maintenance_id: 'm1' }), 15000).maintenance_id).toBeUndefined();
  });

  it('reads a course back and clears, on edit, what was emptied', () => {
    const values = courseValuesFrom(detail({ description: 'Vol AF 946' }));
    expect(values).toMatchObject({ start_day: '2026-03-12', start_time: '08:30', end_time: '09:15', vehicle_id: VEHICLE, driver_id: DRIVER, amount: 12500, amount_typed: true });
    const body = courseUpdateBody({ ...values, vehicle_id: null, description: '' }, 12500);
    expect(body).toMatchObject({ driver_id: DRIVER, start_date: '2026-03-12T08:30:00', clear: ['contact_id', 'vehicle_id', 'description'] });
    expect(body.vehicle_id).toBeUndefined();
    // Only what is empty: here the course has no contact.
    expect(courseUpdateBody(values, 12500).clear).toEqual(['contact_id']);
  });
});

describe('course form: vehicles and drivers free over the span', () => {
  const free = {
    vehicles: [{ id: 'v2', registration_number: 'CE-456-XY', label: 'Toyota Hiace', seats: 14, current_driver_id: 'd2' }],
    drivers: [{ id: 'd2', name: 'Paul Eto', phone: null }],
  };

  it("keeps the course's own vehicle and driver selectable on edit", () => {
    expect(vehicleOptions(free.vehicles, { value: VEHICLE, label: 'LT-123-AB' }).map((o) => o.value)).toEqual([VEHICLE, 'v2']);
    expect(vehicleOptions(free.vehicles, null)).toEqual([{ value: 'v2', label: 'CE-456-XY · Toyota Hiace · 14 places' }]);
    expect(driverOptions(free.drivers, { value: 'd2', label: 'Paul Eto' })).toHaveLength(1);
  });

  it('sends a vehicle the planning has working with its planned driver, else keeps the choice', () => {
    expect(plannedDriverOf(free, 'v2')).toBe('d2');
    expect(proposedDriver(free, 'v2', null)).toBe('d2');
    expect(proposedDriver(free, 'v2', DRIVER)).toBe('d2');
    const unplanned = { ...free, vehicles: [{ ...free.vehicles[0]!, current_driver_id: null }] };
    expect(proposedDriver(unplanned, 'v2', DRIVER)).toBe(DRIVER);
    expect(proposedDriver(unplanned, 'v2', null)).toBeNull();
  });

  it('lists the planned driver of the chosen vehicle among the drivers', () => {
    expect(driverOptions([], null, { value: 'd9', label: 'Jean Atangana' })).toEqual([{ value: 'd9', label: 'Jean Atangana' }]);
    expect(driverOptions(free.drivers, { value: DRIVER, label: 'Awa' }, { value: 'd2', label: 'Paul Eto' }).map((o) => o.value)).toEqual([DRIVER, 'd2']);
  });
});
