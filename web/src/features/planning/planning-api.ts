import { api } from '../../api/client.ts';
import type {
  TCalendarEntry,
  TPlanningConfirmInput,
  TPlanningConfirmResult,
  TPlanningGenerateInput,
  TPlanningPreview,
  TRotationGroup,
  TRotationGroupInput,
} from './planning-types.ts';

/** Whose planning the calendar shows: the whole park, one vehicle's work programme or one driver's. */
export type PlanningScope = { kind: 'park'; parkId: string } | { kind: 'vehicle'; id: string } | { kind: 'driver'; id: string };

/** Whole days, yyyy-MM-dd (the server pads them by one day each side). */
export interface PlanningPeriodQuery {
  start_date: string;
  end_date: string;
}

/** Planning and rotation groups (spec 000 section 7 'Planning and rotation'). */
export const planningApi = {
  /** The park's calendar (GET /planning/{parkId}) or one vehicle's or driver's work programme. */
  entries: (scope: PlanningScope, period: PlanningPeriodQuery, signal?: AbortSignal) => {
    const path =
      scope.kind === 'park' ? `/planning/${scope.parkId}` : scope.kind === 'vehicle' ? `/vehicle/work-program/${scope.id}` : `/driver/work-program/${scope.id}`;
    return api.get<TCalendarEntry[]>(path, { ...period }, signal);
  },
  generate: (body: TPlanningGenerateInput) => api.post<TPlanningPreview>('/planning/generate', body),
  confirm: (body: TPlanningConfirmInput) => api.post<TPlanningConfirmResult>('/planning/confirm', body),

  rotationGroups: (parkId: string, signal?: AbortSignal) => api.get<TRotationGroup[]>(`/rotation/by/${parkId}`, undefined, signal),
  saveRotationGroup: (body: TRotationGroupInput) => api.post<TRotationGroup>('/rotation', body),
  deleteRotationGroup: (id: string) => api.delete<unknown>(`/rotation/${id}`),
};
