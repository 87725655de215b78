import type {
  TCourseAvailability,
  TCourseCreate,
  TCourseDetail,
  TCourseGroup,
  TCoursePage,
  TCourseQuote,
  TCourseStatus,
  TCourseTariff,
  TCourseUpdate,
} from '@flotte/contract/courses';
import { api, IDEMPOTENT } from '../../api/client.ts';

export interface CourseListQuery {
  page: number;
  itemPerPage: number;
  group?: TCourseGroup;
  status?: TCourseStatus;
  client_id?: string;
  vehicle_id?: string;
  driver_id?: string;
  /** yyyy-MM-dd, whole days. */
  start_date?: string;
  end_date?: string;
}

/** The span the availability and the quote are asked for: wire dates, park time. */
export interface CourseSpan {
  start_date: string;
  end_date: string;
}

export interface CourseQuoteQuery {
  from_lat: number;
  from_lng: number;
  to_lat: number;
  to_lng: number;
  vehicle_id?: string;
  start_date?: string;
  end_date?: string;
}

/**
 * The course calls (issue 20 section 2). Finishing and settling move money through the ledger:
 * they carry an Idempotency-Key, so a lost answer is retried safely.
 */
export const coursesApi = {
  list: (q: CourseListQuery, signal?: AbortSignal) => api.get<TCoursePage>('/course', { ...q }, signal),
  get: (id: string, signal?: AbortSignal) => api.get<TCourseDetail>(`/course/${id}`, undefined, signal),
  create: (body: TCourseCreate) => api.post<TCourseDetail>('/course', body),
  update: (id: string, body: TCourseUpdate) => api.put<TCourseDetail>(`/course/${id}`, body),
  /** A change of status: 'finished' moves money, so it is sent idempotent like the other money calls. */
  setStatus: (id: string, body: Pick<TCourseUpdate, 'status' | 'payment_mode' | 'caisse_id' | 'cancel_reason'>) =>
    api.put<TCourseDetail>(`/course/${id}`, body, body.status === 'finished' ? IDEMPOTENT : undefined),
  settle: (id: string, body: { caisse_id?: string }) => api.post<TCourseDetail>(`/course/${id}/settle`, body, IDEMPOTENT),
  availability: (q: CourseSpan & { exclude_course_id?: string }, signal?: AbortSignal) => api.get<TCourseAvailability>('/course/availability', { ...q }, signal),
  quote: (q: CourseQuoteQuery, signal?: AbortSignal) => api.get<TCourseQuote>('/course/quote', { ...q }, signal),
  tariff: (signal?: AbortSignal) => api.get<TCourseTariff>('/course/tariff', undefined, signal),
  saveTariff: (body: { base_fee: number; price_per_km: number }) => api.put<TCourseTariff>('/course/tariff', body),
  /** The 'Bon de commande' PDF's address, fetched with api.blob (the API wants the session's token). */
  orderPath: (id: string) => `/course/${id}/order`,
};
