import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { coursesApi, type CourseQuoteQuery, type CourseSpan } from './courses-api.ts';

/**
 * Query keys of the course screens. A course is planned work for a vehicle and a driver, and its
 * end moves money (a caisse or the client's receivable): each mutation refreshes the lists and
 * the detail, the client's rides, and, for money, the operations, caisses and dashboards.
 */
export const courseKeys = {
  all: ['courses'] as const,
  lists: () => [...courseKeys.all, 'list'] as const,
  list: (group: string) => [...courseKeys.lists(), group] as const,
  detail: (id: string) => [...courseKeys.all, 'detail', id] as const,
  availability: (span: CourseSpan | null, exclude: string | null) => [...courseKeys.all, 'availability', span, exclude] as const,
  quote: (q: CourseQuoteQuery | null) => [...courseKeys.all, 'quote', q] as const,
  tariff: () => [...courseKeys.all, 'tariff'] as const,
};

/** Booking, editing, starting or cancelling: the courses, the client's rides, the vehicles' and drivers' availability. */
export const invalidatedByChange = [courseKeys.all, ['clients'], ['vehicles'], ['drivers'], ['planning'], ['fleet-dashboard'], ['dashboard']] as const;
/** Finishing or settling writes operations through the ledger: the money screens follow. */
export const invalidatedByPayment = [...invalidatedByChange, ['operations'], ['treasury'], ['accounting'], ['pnl'], ['recipes']] as const;

export function useCourse(id: string | null) {
  return useQuery({ queryKey: courseKeys.detail(id ?? ''), queryFn: ({ signal }) => coursesApi.get(id!, signal), enabled: id !== null });
}

/** Vehicles and drivers free over the span (the course's own ones count as free when editing it). */
export function useCourseAvailability(span: CourseSpan | null, excludeCourseId: string | null) {
  return useQuery({
    queryKey: courseKeys.availability(span, excludeCourseId),
    queryFn: ({ signal }) => coursesApi.availability({ ...span!, ...(excludeCourseId ? { exclude_course_id: excludeCourseId } : {}) }, signal),
    enabled: span !== null,
    placeholderData: keepPreviousData,
  });
}

/** The road distance and the suggested amount between the two addresses (null while one is missing). */
export function useCourseQuote(q: CourseQuoteQuery | null) {
  return useQuery({
    queryKey: courseKeys.quote(q),
    queryFn: ({ signal }) => coursesApi.quote(q!, signal),
    enabled: q !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useCourseTariff(enabled = true) {
  return useQuery({ queryKey: courseKeys.tariff(), queryFn: ({ signal }) => coursesApi.tariff(signal), enabled });
}
