import { COURSE_CLEARABLE_FIELDS, ZCourseCreate, type TCourseAvailability, type TCourseCreate, type TCourseDetail, type TCourseQuote, type TCourseUpdate } from '@flotte/contract/courses';
import type { TAddressInput } from '@flotte/contract/geo';
import type { CourseQuoteQuery, CourseSpan } from './courses-api.ts';

/**
 * The course form's state and the pure rules around it (issue 20 section 2): a fresh form, a
 * course read back for editing, the span asked about (free vehicles and drivers, the quote), the
 * amount the quote suggests while the person has not typed one, the contract's checks placed on
 * the fields, and the bodies of POST and PUT /course. No React here.
 */

export interface CourseFormValues {
  client_id: string | null;
  contact_id: string | null;
  start_address: TAddressInput | null;
  end_address: TAddressInput | null;
  /** yyyy-MM-dd and HH:mm, park time. */
  start_day: string | null;
  start_time: string;
  end_day: string | null;
  end_time: string;
  vehicle_id: string | null;
  driver_id: string | null;
  number_of_people: number | null;
  amount: number | null;
  /** The person typed an amount: the quote no longer fills it. */
  amount_typed: boolean;
  description: string;
  /** 1 replacement, 2 maintenance (a vehicle taken to or from the garage): then the maintenance it serves. */
  kind: 1 | 2;
  maintenance_id: string | null;
}

export type CourseField = 'client_id' | 'contact_id' | 'start_address' | 'end_address' | 'start_date' | 'end_date' | 'vehicle_id' | 'driver_id' | 'number_of_people' | 'amount' | 'description' | 'kind' | 'maintenance_id';
export type CourseFieldErrors = Partial<Record<CourseField, string>>;
export const COURSE_FIELDS: readonly CourseField[] = ['client_id', 'contact_id', 'kind', 'maintenance_id', 'start_address', 'end_address', 'start_date', 'end_date', 'vehicle_id', 'driver_id', 'number_of_people', 'amount', 'description'];

/** yyyy-MM-ddTHH:mm plus `hours`, on the wall clock (read as UTC: no zone, no daylight saving in between). */
function addHours(wall: string, hours: number): string {
  const t = Date.parse(`${wall}:00Z`) + hours * 3_600_000;
  return new Date(t).toISOString().slice(0, 16);
}

/**
 * A fresh form: from the next full hour of the park's clock to one hour later (a course booked
 * in the past would be 'missed' at once), one person, the amount left to the quote. `now` is the
 * park's wall-clock time, yyyy-MM-ddTHH:mm.
 */
export function courseDefaults(now: string | null, clientId: string | null = null): CourseFormValues {
  const valid = now !== null && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(now) && !Number.isNaN(Date.parse(`${now}:00Z`));
  const start = valid ? addHours(`${now.slice(0, 13)}:00`, 1) : null;
  const end = start ? addHours(start, 1) : null;
  return {
    client_id: clientId,
    contact_id: null,
    start_address: null,
    end_address: null,
    start_day: start ? start.slice(0, 10) : null,
    start_time: start ? start.slice(11, 16) : '08:00',
    end_day: end ? end.slice(0, 10) : null,
    end_time: end ? end.slice(11, 16) : '09:00',
    vehicle_id: null,
    driver_id: null,
    number_of_people: 1,
    amount: null,
    amount_typed: false,
    description: '',
    kind: 1,
    maintenance_id: null,
  };
}

const addressOf = (a: TCourseDetail['start_address']): TAddressInput => ({ name: a.name, description: a.description, latitude: a.latitude, longitude: a.longitude });

/** A course read back into the form: its amount counts as typed (the quote never overwrites a booked price). */
export function courseValuesFrom(c: TCourseDetail): CourseFormValues {
  return {
    client_id: c.client.id,
    contact_id: c.contact?.id ?? null,
    start_address: addressOf(c.start_address),
    end_address: addressOf(c.end_address),
    start_day: c.start_date.slice(0, 10),
    start_time: c.start_date.slice(11, 16),
    end_day: c.end_date.slice(0, 10),
    end_time: c.end_date.slice(11, 16),
    vehicle_id: c.vehicle?.id ?? null,
    driver_id: c.driver?.id ?? null,
    number_of_people: c.number_of_people,
    amount: c.amount,
    amount_typed: true,
    description: c.description ?? '',
    kind: c.kind === 2 ? 2 : 1,
    maintenance_id: c.maintenance_id,
  };
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 'yyyy-MM-ddTHH:mm:00', or null while the day or the time is incomplete. */
export function wireDateTime(day: string | null, time: string): string | null {
  return day && DAY.test(day) && CLOCK.test(time.trim()) ? `${day}T${time.trim()}:00` : null;
}

/** The span the free vehicles and drivers are asked for: both ends set and the end after the start. */
export function courseSpan(v: CourseFormValues): CourseSpan | null {
  const start = wireDateTime(v.start_day, v.start_time);
  const end = wireDateTime(v.end_day, v.end_time);
  return start && end && end > start ? { start_date: start, end_date: end } : null;
}

/** What the quote is asked: both addresses placed on the map, and the vehicle and span when known. */
export function courseQuoteQuery(v: CourseFormValues): CourseQuoteQuery | null {
  const from = v.start_address;
  const to = v.end_address;
  if (!from || !to) return null;
  const coords = [from.latitude, from.longitude, to.latitude, to.longitude].map(Number);
  if (coords.some((n) => !Number.isFinite(n))) return null;
  const span = courseSpan(v);
  return {
    from_lat: coords[0]!,
    from_lng: coords[1]!,
    to_lat: coords[2]!,
    to_lng: coords[3]!,
    ...(v.vehicle_id ? { vehicle_id: v.vehicle_id } : {}),
    ...(span ?? {}),
  };
}

/** The amount the form shows and sends: the person's own, else the quote's suggestion. */
export function effectiveAmount(v: CourseFormValues, quote: Pick<TCourseQuote, 'suggested_amount'> | null | undefined): number | null {
  if (v.amount_typed) return v.amount;
  return quote?.suggested_amount ?? v.amount;
}

/** Distance and time of the trip, and how the amount was found, as the form says it. */
export function quoteLines(quote: Pick<TCourseQuote, 'source' | 'pricing'>, distance: string, duration: string): string[] {
  const lines = [quote.source === 'great_circle' ? `Distance\u00a0: ${distance} (distance à vol d'oiseau)` : `Distance\u00a0: ${distance} · durée estimée\u00a0: ${duration}`];
  if (quote.pricing) lines.push(quote.pricing);
  return lines;
}

function createDraft(v: CourseFormValues, amount: number | null) {
  return {
    client_id: v.client_id ?? undefined,
    contact_id: v.contact_id ?? undefined,
    start_address: v.start_address ?? undefined,
    end_address: v.end_address ?? undefined,
    start_date: wireDateTime(v.start_day, v.start_time) ?? undefined,
    end_date: wireDateTime(v.end_day, v.end_time) ?? undefined,
    vehicle_id: v.vehicle_id ?? undefined,
    driver_id: v.driver_id ?? undefined,
    number_of_people: v.number_of_people ?? undefined,
    amount: amount ?? undefined,
    description: v.description.trim() || undefined,
    kind: v.kind,
    maintenance_id: v.kind === 2 ? (v.maintenance_id ?? undefined) : undefined,
  };
}

/** The body of POST /course. */
export function courseCreateBody(v: CourseFormValues, amount: number | null): TCourseCreate {
  return createDraft(v, amount) as TCourseCreate;
}

/**
 * The body of PUT /course/{id}: every field; what was emptied is named in `clear` (the API client
 * drops null and blank values from bodies, so a null would leave the field as it was).
 */
export function courseUpdateBody(v: CourseFormValues, amount: number | null): TCourseUpdate {
  const d = createDraft(v, amount);
  const clear = COURSE_CLEARABLE_FIELDS.filter((f) => (f === 'description' ? !v.description.trim() : v[f] === null));
  return { ...d, ...(clear.length ? { clear } : {}) };
}

/** The contract's checks (the server's own) as one message per field, in the form's order; {} when it may be sent. */
export function courseFormErrors(v: CourseFormValues, amount: number | null): CourseFieldErrors {
  const parsed = ZCourseCreate.safeParse(createDraft(v, amount));
  if (parsed.success) return {};
  const errors: CourseFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(String(issue.path[0] ?? ''));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A server or contract path ('start_address.latitude') to the form field that shows it. */
export function fieldOf(path: string): CourseField | null {
  const head = path.split('.')[0] as CourseField;
  return COURSE_FIELDS.includes(head) ? head : null;
}

export interface Option {
  value: string;
  label: string;
}

/**
 * The vehicles the select offers: those free over the span, plus the one already chosen (the
 * course's own on edit) so the select still names it. A seat count says whether the people fit.
 */
export function vehicleOptions(free: TCourseAvailability['vehicles'] | undefined, chosen: Option | null): Option[] {
  const options = (free ?? []).map((x) => ({ value: x.id, label: [x.registration_number, x.label, x.seats ? `${x.seats} places` : null].filter(Boolean).join(' · ') }));
  return chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options;
}

/** The free drivers, plus the one already chosen and the one planned on the chosen vehicle (neither is in the free list). */
export function driverOptions(free: TCourseAvailability['drivers'] | undefined, ...kept: (Option | null)[]): Option[] {
  const options = (free ?? []).map((x) => ({ value: x.id, label: x.name }));
  for (const k of kept.reverse()) if (k && !options.some((o) => o.value === k.value)) options.unshift(k);
  return options;
}

/**
 * The driver a vehicle goes with over the span: one the planning has working then is free for a
 * course only with the driver planned on it (the course is part of his shift), and that driver is
 * not in the free drivers' list. Null for a vehicle nobody is planned on.
 */
export function plannedDriverOf(free: TCourseAvailability | undefined, vehicleId: string | null): string | null {
  if (!vehicleId || !free) return null;
  return free.vehicles.find((x) => x.id === vehicleId)?.current_driver_id ?? null;
}

/** The driver once a vehicle is chosen: the planned one when there is one, else the person's choice. */
export function proposedDriver(free: TCourseAvailability | undefined, vehicleId: string | null, driverId: string | null): string | null {
  return plannedDriverOf(free, vehicleId) ?? driverId;
}
