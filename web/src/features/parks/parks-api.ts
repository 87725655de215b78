import type { TProfileSummary } from '@flotte/contract';
import type { TParkChecklist } from '@flotte/contract/park-start';
import type { TNewPark } from '@flotte/contract/signup';
import { api } from '../../api/client.ts';

/** An owner's other parks (POST /api/park) and a new park's first steps (issue 16). */
export const parksApi = {
  /** Opens a park for the acting owner; answers his new profile in it. */
  create: (body: TNewPark) => api.post<TProfileSummary>('/park', body),
  checklist: (signal?: AbortSignal) => api.get<TParkChecklist>('/park/checklist', undefined, signal),
};
