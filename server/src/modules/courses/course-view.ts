import { COURSE_MESSAGES, courseEditable, courseOpen, courseReference, type TCourse, type TCourseDetail, type TCoursePaymentMode, type TCourseStatus } from '@flotte/contract/courses';
import type { TClientSex } from '@flotte/contract/clients';
import type { TRouteSource } from '@flotte/contract/geo';
import { toWireDate } from '../../platform/dates.ts';
import { fromMinor } from '../../platform/money.ts';

/**
 * How a course reads on the wire (ZCourse, ZCourseDetail), from one row of `courseColumns`: the
 * course with its client, contact, vehicle (and the driver the planning puts on it at the course's
 * start), driver and, for the detail, its caisse. One statement reads a page or one course.
 */

export interface CourseRow {
  id: string;
  park_id: string;
  number: number;
  kind: number;
  status: TCourseStatus;
  client_id: string;
  cl_name: string;
  cl_phone: string;
  cl_sex: TClientSex;
  contact_id: string | null;
  ct_name: string | null;
  ct_phone: string | null;
  ct_sex: TClientSex | null;
  start_date: Date;
  end_date: Date;
  start_name: string;
  start_description: string | null;
  start_lat: number;
  start_lng: number;
  end_name: string;
  end_description: string | null;
  end_lat: number;
  end_lng: number;
  distance_m: number | null;
  duration_s: number | null;
  distance_source: TRouteSource | null;
  vehicle_id: string | null;
  registration_number: string | null;
  vehicle_label: string | null;
  current_driver: { id: string; name: string } | null;
  driver_id: string | null;
  d_first: string | null;
  d_last: string | null;
  d_phone: string | null;
  number_of_people: number;
  amount: number | string;
  description: string | null;
  maintenance_id: string | null;
  payment_mode: TCoursePaymentMode | null;
  settled_at: Date | null;
  started_at: Date | null;
  finished_at: Date | null;
  canceled_at: Date | null;
  created_at: Date;
  // Detail only.
  geometry?: [number, number][] | null;
  caisse_id?: string | null;
  caisse_name?: string | null;
  fund_movement_id?: string | null;
  cancel_reason?: string | null;
}

/**
 * The select list (aliases: c courses, cl clients, ct client_contacts, v vehicles, d drivers, ca
 * caisses for the detail). The vehicle's current driver is the one its confirmed planning puts on
 * it at the course's start: the unique (vehicle, day, slot) index, three days at most.
 */
export function courseColumns(detail: boolean): string {
  return `c.id, c.park_id, c.number, c.kind, c.status,
    c.client_id, cl.name as cl_name, cl.phone as cl_phone, cl.sex as cl_sex,
    c.contact_id, ct.name as ct_name, ct.phone as ct_phone, ct.sex as ct_sex,
    c.start_date, c.end_date, c.start_name, c.start_description, c.start_lat, c.start_lng,
    c.end_name, c.end_description, c.end_lat, c.end_lng, c.distance_m, c.duration_s, c.distance_source,
    c.vehicle_id, v.registration_number, v.label as vehicle_label,
    case when c.vehicle_id is null then null else (
      select json_build_object('id', pd.id, 'name', pd.first_name || ' ' || pd.last_name)
        from planning_entries pe join drivers pd on pd.id = pe.driver_id
       where pe.vehicle_id = c.vehicle_id
         and pe.day between (c.start_date at time zone 'UTC')::date - 1 and (c.start_date at time zone 'UTC')::date + 1
         and pe.starts_at <= c.start_date and pe.ends_at > c.start_date
       order by pe.starts_at limit 1) end as current_driver,
    c.driver_id, d.first_name as d_first, d.last_name as d_last, d.phone as d_phone,
    c.number_of_people, c.amount, c.description, c.maintenance_id, c.payment_mode, c.settled_at,
    c.started_at, c.finished_at, c.canceled_at, c.created_at${
      detail ? `, c.geometry, c.caisse_id, ca.name as caisse_name, c.fund_movement_id, c.cancel_reason` : ''
    }`;
}

export function courseJoins(detail: boolean): string {
  return `join clients cl on cl.id = c.client_id
    left join client_contacts ct on ct.id = c.contact_id
    left join vehicles v on v.id = c.vehicle_id
    left join drivers d on d.id = c.driver_id${detail ? ' left join caisses ca on ca.id = c.caisse_id' : ''}`;
}

const wire = (d: Date | string | null, tz: string) => (d === null ? null : toWireDate(new Date(d), tz));

export function toCourse(r: CourseRow, ctx: { timeZone: string; currency: string }): TCourse {
  const tz = ctx.timeZone;
  const created = wire(r.created_at, tz)!;
  return {
    id: r.id,
    number: r.number,
    reference: courseReference(r.number, created),
    park_id: r.park_id,
    kind: r.kind,
    status: r.status,
    client: { id: r.client_id, name: r.cl_name, phone: r.cl_phone, sex: r.cl_sex },
    contact: r.contact_id && r.ct_name ? { id: r.contact_id, name: r.ct_name, phone: r.ct_phone ?? '', sex: r.ct_sex ?? 'Monsieur' } : null,
    start_address: { name: r.start_name, description: r.start_description, latitude: r.start_lat, longitude: r.start_lng },
    end_address: { name: r.end_name, description: r.end_description, latitude: r.end_lat, longitude: r.end_lng },
    start_date: wire(r.start_date, tz)!,
    end_date: wire(r.end_date, tz)!,
    vehicle: r.vehicle_id && r.registration_number !== null ? { id: r.vehicle_id, registration_number: r.registration_number, label: r.vehicle_label, current_driver: r.current_driver ?? null } : null,
    driver: r.driver_id && r.d_first !== null ? { id: r.driver_id, name: `${r.d_first} ${r.d_last ?? ''}`.trim(), phone: r.d_phone } : null,
    number_of_people: r.number_of_people,
    amount: fromMinor(Number(r.amount), ctx.currency),
    distance: r.distance_m,
    duration: r.duration_s,
    distance_source: r.distance_source,
    description: r.description,
    maintenance_id: r.maintenance_id,
    payment_mode: r.payment_mode,
    settled_at: wire(r.settled_at, tz),
    started_at: wire(r.started_at, tz),
    finished_at: wire(r.finished_at, tz),
    canceled_at: wire(r.canceled_at, tz),
    created_at: created,
  };
}

/** What the caller may do with the course now: by its status, and only with MANAGE_COURSES. */
export function courseCan(r: Pick<CourseRow, 'status' | 'vehicle_id' | 'driver_id' | 'payment_mode' | 'settled_at'>, manage: boolean): TCourseDetail['can'] {
  return {
    update: manage && courseEditable(r.status),
    cancel: manage && courseOpen(r.status),
    start: manage && r.status === 'awaiting' && !!r.vehicle_id && !!r.driver_id,
    finish: manage && r.status === 'inProgres',
    settle: manage && r.status === 'finished' && r.payment_mode === 'receivable' && r.settled_at === null,
  };
}

export function toCourseDetail(r: CourseRow, ctx: { timeZone: string; currency: string; manage: boolean }): TCourseDetail {
  return {
    ...toCourse(r, ctx),
    geometry: r.geometry ?? [],
    caisse: r.caisse_id && r.caisse_name ? { id: r.caisse_id, name: r.caisse_name } : null,
    operation_id: r.fund_movement_id ?? null,
    cancel_reason: r.cancel_reason ?? null,
    can: courseCan(r, ctx.manage),
  };
}

/** The envelope's message of a PUT /course/{id}, by what it did. */
export function updateMessage(status: string | undefined): string {
  if (status === 'canceled') return COURSE_MESSAGES.canceled;
  if (status === 'finished') return COURSE_MESSAGES.finished;
  if (status === 'inProgres') return COURSE_MESSAGES.started;
  return COURSE_MESSAGES.updated;
}
