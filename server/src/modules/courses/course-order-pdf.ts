import { sql } from 'drizzle-orm';
import { courseReference } from '@flotte/contract/courses';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { logoOf } from '../contracts/contract-documents.service.ts';
import { renderPdf } from '../contracts/contract-pdf.ts';
import type { FilesDeps } from '../files/files.service.ts';
import { countryByIso } from '../location/countries.ts';
import { buildCourseOrder, type CourseOrderSnapshot } from './course-order.ts';

/**
 * GET /course/{id}/order: the purchase order, made on demand from the course as it is now (nothing
 * stored: the course's fields are its record, and a changed course gets the order it now is).
 * Rendering takes a few hundred milliseconds of CPU, so a handful at a time per process; beyond, the
 * caller is told to try again (COURSE_ORDER_BUSY) rather than queue behind others.
 */

const MAX_RENDERS = 4;
let rendering = 0;

export function courseOrderFileName(reference: string): string {
  return `bon-de-commande-${reference}.pdf`;
}

async function readSnapshot(db: Db, files: FilesDeps, acting: ActingProfile, courseId: string, now: Date): Promise<CourseOrderSnapshot> {
  const found = await db.execute<Record<string, any>>(sql`
    select c.*, pk.name as park_name, pk.city as park_city, pk.country_code as park_country, pk.phone as park_phone, pk.phone_code as park_phone_code,
      pk.legal_notice as park_legal_notice, pk.logo as park_logo, pk.currency, pk.time_zone,
      cl.name as cl_name, cl.business_name as cl_business, cl.niu as cl_niu, cl.rccm as cl_rccm, cl.phone as cl_phone, cl.email as cl_email,
      ct.name as ct_name, ct.phone as ct_phone, ct.email as ct_email,
      v.registration_number, v.label as v_label, d.first_name as d_first, d.last_name as d_last, d.phone as d_phone
    from courses c
    join parks pk on pk.id = c.park_id
    join clients cl on cl.id = c.client_id
    left join client_contacts ct on ct.id = c.contact_id
    left join vehicles v on v.id = c.vehicle_id
    left join drivers d on d.id = c.driver_id
    where c.id = ${courseId} and c.park_id = ${acting.parkId}`);
  const c = found.rows[0];
  if (!c) throw new AppError('COURSE_NOT_FOUND');
  const phone = (p: string | null, code: string | null) => (p && code && !p.startsWith('+') ? `${code.startsWith('+') ? code : `+${code}`} ${p}` : p);
  const address = [c.park_city, countryByIso(c.park_country)?.name].filter(Boolean).join(', ') || null;
  const createdAt = new Date(c.created_at);
  return {
    reference: courseReference(c.number, toWireDate(createdAt, c.time_zone)),
    status: c.status,
    currency: c.currency,
    timeZone: c.time_zone,
    createdAt,
    generatedAt: now,
    park: { name: c.park_name, address, phone: phone(c.park_phone, c.park_phone_code), legalNotice: c.park_legal_notice, logo: await logoOf(files, c.park_id, c.park_logo) },
    client: { name: c.cl_name, businessName: c.cl_business, niu: c.cl_niu, rccm: c.cl_rccm, phone: c.cl_phone, email: c.cl_email },
    contact: c.contact_id && c.ct_name ? { name: c.ct_name, phone: c.ct_phone, email: c.ct_email } : null,
    start: { name: c.start_name, description: c.start_description, lat: Number(c.start_lat), lng: Number(c.start_lng) },
    end: { name: c.end_name, description: c.end_description, lat: Number(c.end_lat), lng: Number(c.end_lng) },
    startDate: new Date(c.start_date),
    endDate: new Date(c.end_date),
    vehicle: c.vehicle_id && c.registration_number ? { registration: c.registration_number, label: c.v_label } : null,
    driver: c.driver_id && c.d_last != null ? { name: `${c.d_last} ${c.d_first ?? ''}`.trim(), phone: c.d_phone } : null,
    numberOfPeople: Number(c.number_of_people),
    distanceM: c.distance_m == null ? null : Number(c.distance_m),
    durationS: c.duration_s == null ? null : Number(c.duration_s),
    distanceSource: c.distance_source,
    amount: Number(c.amount),
    description: c.description,
  };
}

/** Renders; a logo pdfmake cannot read is dropped rather than failing the order. */
async function render(s: CourseOrderSnapshot): Promise<Buffer> {
  try {
    return await renderPdf(buildCourseOrder(s));
  } catch (error) {
    if (!s.park.logo) throw error;
    return renderPdf(buildCourseOrder({ ...s, park: { ...s.park, logo: null } }));
  }
}

export async function courseOrderPdf(deps: { db: Db; files: FilesDeps }, acting: ActingProfile, courseId: string): Promise<{ filename: string; content: Buffer }> {
  if (!UUID_PATTERN.test(courseId)) throw new AppError('COURSE_NOT_FOUND');
  const snapshot = await readSnapshot(deps.db, deps.files, acting, courseId, new Date());
  if (rendering >= MAX_RENDERS) throw new AppError('COURSE_ORDER_BUSY');
  rendering++;
  try {
    return { filename: courseOrderFileName(snapshot.reference), content: await render(snapshot) };
  } finally {
    rendering--;
  }
}
