import { COURSE_PAYMENT_MODE_LABELS, COURSE_STATUS_LABELS, type TCourse, type TCourseDetail, type TCourseStatus } from '@flotte/contract/courses';
import { formatDateTime } from '../../ui/format.ts';

/**
 * How a course reads on the screens: its badge, its trip, who drives, its dates, where its money
 * went, and which actions its 'Infos courses' dialog offers. No React here.
 */

export const COURSE_STATUS_COLORS: Record<TCourseStatus, string> = {
  awaiting: 'blue',
  inProgres: 'teal',
  finished: 'gray',
  canceled: 'red',
  missed: 'orange',
};

export const COURSE_STATUS_OPTIONS = (Object.keys(COURSE_STATUS_LABELS) as TCourseStatus[]).map((s) => ({ value: s, label: COURSE_STATUS_LABELS[s] }));

/** 'Aéroport → Hôtel du Lac'. */
export function courseTrip(c: Pick<TCourse, 'start_address' | 'end_address'>): string {
  return `${c.start_address.name} → ${c.end_address.name}`;
}

/** The plate (and the vehicle's label), or 'Véhicule non attribué'. */
export function courseVehicle(c: Pick<TCourse, 'vehicle'>): string {
  if (!c.vehicle) return 'Véhicule non attribué';
  return c.vehicle.label ? `${c.vehicle.registration_number} · ${c.vehicle.label}` : c.vehicle.registration_number;
}

export function courseDriver(c: Pick<TCourse, 'driver'>): string {
  return c.driver?.name ?? 'Chauffeur non attribué';
}

/** 'AB-123-CD · Awa Ndiaye' for a card's line; what is missing is said once. */
export function courseCrew(c: Pick<TCourse, 'vehicle' | 'driver'>): string {
  if (!c.vehicle && !c.driver) return 'Véhicule et chauffeur non attribués';
  return `${c.vehicle ? c.vehicle.registration_number : 'Sans véhicule'} · ${c.driver ? c.driver.name : 'Sans chauffeur'}`;
}

/** '12/03/2026 08:30 → 09:15' on one day, else both dates in full. */
export function coursePeriod(c: Pick<TCourse, 'start_date' | 'end_date'>): string {
  const start = formatDateTime(c.start_date);
  const end = formatDateTime(c.end_date);
  if (!start || !end) return start || end;
  return start.slice(0, 10) === end.slice(0, 10) ? `${start} → ${end.slice(11)}` : `${start} → ${end}`;
}

/** The client, and the contact person when there is one: 'SOTRACO (Awa Ndiaye)'. */
export function courseClient(c: Pick<TCourse, 'client' | 'contact'>): string {
  return c.contact ? `${c.client.name} (${c.contact.name})` : c.client.name;
}

/** Where the money of a finished course went; null while it is not finished. */
export function coursePayment(c: Pick<TCourseDetail, 'payment_mode' | 'caisse' | 'settled_at'>): string | null {
  if (c.payment_mode === 'caisse') return c.caisse ? `Encaissé dans la caisse ${c.caisse.name}` : COURSE_PAYMENT_MODE_LABELS.caisse;
  if (c.payment_mode === 'receivable') {
    if (!c.settled_at) return `${COURSE_PAYMENT_MODE_LABELS.receivable} · non réglé`;
    const into = c.caisse ? ` dans la caisse ${c.caisse.name}` : '';
    return `Réglé par le client le ${formatDateTime(c.settled_at).slice(0, 10)}${into}`;
  }
  return null;
}

export type CourseAction = 'edit' | 'start' | 'finish' | 'settle' | 'cancel';

/**
 * The buttons of 'Infos courses', in the order they show: what the server says this course allows
 * (`can`, from its status, crew and payment), for a person holding MANAGE_COURSES. The order PDF
 * is for anyone who sees the course, and is not listed here.
 */
export function courseActions(c: Pick<TCourseDetail, 'can'>, canManage: boolean): CourseAction[] {
  if (!canManage) return [];
  const actions: CourseAction[] = [];
  if (c.can.update) actions.push('edit');
  if (c.can.start) actions.push('start');
  if (c.can.finish) actions.push('finish');
  if (c.can.settle) actions.push('settle');
  if (c.can.cancel) actions.push('cancel');
  return actions;
}

/** 'BC-2026-0007.pdf'. */
export const courseOrderFileName = (reference: string) => `${reference.replace(/[^\w-]+/g, '_')}.pdf`;
