import { COURSE_STATUS_LABELS, type TCourseStatus } from '@flotte/contract/courses';

/** The status badges' colours, the same in the clients' and courses' screens. */
export const COURSE_STATUS_COLORS: Record<TCourseStatus, string> = {
  awaiting: 'blue',
  inProgres: 'orange',
  finished: 'teal',
  canceled: 'gray',
  missed: 'red',
};

export function courseStatusLabel(status: TCourseStatus): string {
  return COURSE_STATUS_LABELS[status] ?? status;
}

/** 'Marché central → Aéroport', a ride in a line. */
export function tripLabel(start: { name: string }, end: { name: string }): string {
  return `${start.name} → ${end.name}`;
}

/** 'Monsieur Jean Ekwalla', how a client or contact is named. */
export function personLabel(p: { name: string; sex?: string | null }): string {
  return p.sex ? `${p.sex} ${p.name}` : p.name;
}
