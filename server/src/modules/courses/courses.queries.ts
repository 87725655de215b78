import type { z } from 'zod';
import { COURSE_GROUP_STATUSES, type TCourseDetail, type TCoursePage, type TCourseStatus, type ZCourseListQuery } from '@flotte/contract/courses';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { statementValues, textQuery } from '../../platform/db/prepared.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { courseColumns, courseJoins, toCourse, toCourseDetail, type CourseRow } from './course-view.ts';

/**
 * Reading courses: the list (GET /course, GET /client/{id}/course) and one (GET /course/{id}).
 * A page is two statements run side by side: the page (its ids from the (park, status, start) or
 * (park, start) index, then only those rows joined to their client, contact, vehicle and driver)
 * and its exact total (from course_status_totals when only the group or status narrows the list,
 * else counted on the same index, never reading the rows). Running and coming
 * courses read soonest first, past ones (and mixed lists) latest first.
 */

export type CourseListQuery = z.output<typeof ZCourseListQuery>;

export const isUuid = (v: string | undefined | null): v is string => !!v && UUID_PATTERN.test(v);

const OPEN: readonly TCourseStatus[] = ['awaiting', 'inProgres'];

/**
 * A period's courses are looked for among those begun at most this many days before its start
 * (as maintenance-windows.ts does for finished maintenances): a ride lasts hours or days, and the
 * bound keeps the (park, start) index range short. A course longer than a quarter would show in
 * the periods of its first quarter only.
 */
export const PERIOD_LOOKBACK_DAYS = 92;

/** The statuses a query asks for (group and status together narrow each other), or null for all. */
function statusesOf(q: Pick<CourseListQuery, 'group' | 'status'>): TCourseStatus[] | null {
  let list: TCourseStatus[] | null = q.group ? [...COURSE_GROUP_STATUSES[q.group]] : null;
  if (q.status) list = list ? list.filter((s) => s === q.status) : [q.status];
  return list;
}

/** A period's bound as an instant: a day starts (from) or ends (to, exclusive) at the park's midnight; a wire date is taken as it is. */
function boundOf(v: string, tz: string, side: 'from' | 'to'): Date {
  const field = side === 'from' ? 'start_date' : 'end_date';
  if (v.length > 10) return new Date(fromWireDate(v, tz, field).getTime() + (side === 'to' ? 1000 : 0));
  if (side === 'from') return fromWireDate(`${v}T00:00:00`, tz, field);
  const next = new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return fromWireDate(`${next}T00:00:00`, tz, field);
}

export interface Statement {
  text: string;
  values: unknown[];
}

/** The page's and the total's statements of a list query, or null when it can match nothing (exported for EXPLAIN). */
export function courseListStatements(acting: ActingProfile, q: CourseListQuery): { page: Statement; count: Statement } | null {
  if ([q.client_id, q.vehicle_id, q.driver_id].some((v) => v !== undefined && !isUuid(v))) return null;
  const statuses = statusesOf(q);
  if (statuses && statuses.length === 0) return null;
  const tz = acting.park.timeZone;
  const { values, $ } = statementValues();
  const conds = [`c.park_id = ${$(acting.parkId)}::uuid`];
  if (statuses) conds.push(statuses.length === 1 ? `c.status = ${$(statuses[0])}` : `c.status = any(${$(statuses)}::text[])`);
  if (q.client_id) conds.push(`c.client_id = ${$(q.client_id)}::uuid`);
  if (q.vehicle_id) conds.push(`c.vehicle_id = ${$(q.vehicle_id)}::uuid`);
  if (q.driver_id) conds.push(`c.driver_id = ${$(q.driver_id)}::uuid`);
  // A period holds the courses that meet it: ending after its start, starting before its end.
  if (q.start_date) {
    const from = boundOf(q.start_date, tz, 'from');
    conds.push(`c.end_date > ${$(from.toISOString())}::timestamptz`);
    // The index reads courses by their start: without a lower bound a recent period would walk
    // the park's whole history to find the few long courses still running at its start.
    conds.push(`c.start_date > ${$(new Date(from.getTime() - PERIOD_LOOKBACK_DAYS * 86_400_000).toISOString())}::timestamptz`);
  }
  if (q.end_date) conds.push(`c.start_date < ${$(boundOf(q.end_date, tz, 'to').toISOString())}::timestamptz`);
  const where = conds.join(' and ');
  // By park and status alone (the list as it opens: its three groups), the total is the sum of a
  // few course_status_totals rows, kept by triggers, whose columns bear the same names.
  const byTotals = !q.client_id && !q.vehicle_id && !q.driver_id && !q.start_date && !q.end_date;
  const count = {
    text: byTotals ? `select coalesce(sum(c.n), 0)::int as total from course_status_totals c where ${where}` : `select count(*)::int as total from courses c where ${where}`,
    values: [...values],
  };
  const dir = statuses && statuses.every((s) => OPEN.includes(s)) ? 'asc' : 'desc';
  const { limit, offset } = pageWindow(q);
  const text = `with page as (
      select c.id, c.start_date from courses c where ${where}
       order by c.start_date ${dir}, c.id ${dir} limit ${$(limit)} offset ${$(offset)})
    select ${courseColumns(false)}
      from page p join courses c on c.id = p.id ${courseJoins(false)}
     order by p.start_date ${dir}, p.id ${dir}`;
  return { page: { text, values }, count };
}

export async function listCourses(db: Db, acting: ActingProfile, q: CourseListQuery): Promise<TCoursePage> {
  const meta = { page: q.page, itemPerPage: q.itemPerPage };
  const statements = courseListStatements(acting, q);
  if (!statements) return { items: [], meta: { ...meta, total: 0 } };
  const [page, count] = await Promise.all([
    textQuery<CourseRow>(db, statements.page.text, statements.page.values),
    textQuery<{ total: number }>(db, statements.count.text, statements.count.values),
  ]);
  return { items: page.rows.map((r) => toCourse(r, acting.park)), meta: { ...meta, total: count.rows[0]?.total ?? 0 } };
}

/** The park's course as a detail row; another park's, or an id that is none, is not found (404). */
export async function courseDetailRow(db: Db, parkId: string, id: string): Promise<CourseRow> {
  if (!isUuid(id)) throw new AppError('COURSE_NOT_FOUND');
  const { rows } = await textQuery<CourseRow>(
    db,
    `select ${courseColumns(true)} from courses c ${courseJoins(true)} where c.id = $1::uuid and c.park_id = $2::uuid`,
    [id, parkId],
  );
  if (!rows[0]) throw new AppError('COURSE_NOT_FOUND');
  return rows[0];
}

/** GET /course/{id}: the course, its route, where its money went and what the caller may do. */
export async function getCourseDetail(db: Db, acting: ActingProfile, id: string): Promise<TCourseDetail> {
  const row = await courseDetailRow(db, acting.parkId, id);
  return toCourseDetail(row, { ...acting.park, manage: acting.permissions.has('MANAGE_COURSES') });
}
