import type { Page } from '@flotte/contract';
import type { EPISODE_STATES, TGpsActionLogEntry, TPenaltyTrigger, TPenaltyTriggerInput, TTriggerEpisode } from '@flotte/contract/penalty-triggers';
import { api, apiRequest, IDEMPOTENT } from '../../api/client.ts';

export type EpisodeState = (typeof EPISODE_STATES)[number];

/** A list the server answers whole (the triggers: a park has a handful) read as the page the table asks for. */
export function asPage<T>(answer: T[] | Page<T>, page: number, itemPerPage: number): Page<T> {
  if (!Array.isArray(answer)) return answer;
  return { items: answer.slice((page - 1) * itemPerPage, page * itemPerPage), meta: { page, itemPerPage, total: answer.length } };
}

/**
 * Penalty triggers (issue 22 section 3). Reads need READ_GEOLOCALISATION; writes and the manual
 * release need GEOLOCK, the release a PIN step-up too.
 */
export const triggersApi = {
  list: async (query: { page: number; itemPerPage: number }, signal?: AbortSignal) =>
    asPage(await api.get<TPenaltyTrigger[] | Page<TPenaltyTrigger>>('/penalty-triggers', undefined, signal), query.page, query.itemPerPage),
  create: (body: TPenaltyTriggerInput) => api.post<TPenaltyTrigger>('/penalty-triggers', body),
  update: (id: string, body: TPenaltyTriggerInput) => api.put<TPenaltyTrigger>(`/penalty-triggers/${id}`, body),
  setEnabled: (id: string, enabled: boolean) => apiPatch<TPenaltyTrigger>(`/penalty-triggers/${id}/enabled`, { enabled }),
  remove: (id: string) => api.delete<unknown>(`/penalty-triggers/${id}`),
  episodes: async (query: { state?: EpisodeState; page: number; itemPerPage: number }, signal?: AbortSignal) =>
    asPage(await api.get<TTriggerEpisode[] | Page<TTriggerEpisode>>('/penalty-triggers/episodes', query, signal), query.page, query.itemPerPage),
  /** The lock episodes in one state (the vehicles held, or waiting for the vehicle to stop). */
  lockEpisodes: async (query: { state: EpisodeState; page: number; itemPerPage: number }, signal?: AbortSignal) =>
    asPage(await api.get<Page<TTriggerEpisode>>('/penalty-triggers/episodes', { ...query, action: 'lock' }, signal), query.page, query.itemPerPage),
  actions: async (query: { page: number; itemPerPage: number }, signal?: AbortSignal) =>
    asPage(await api.get<TGpsActionLogEntry[] | Page<TGpsActionLogEntry>>('/penalty-triggers/actions', query, signal), query.page, query.itemPerPage),
  /** Sends the unlock command to the vehicle's device (GEOLOCK and a PIN verified within 5 minutes); a lost answer is retried with the same key. */
  release: (episodeId: string) => api.post<TTriggerEpisode>(`/penalty-triggers/episodes/${episodeId}/release`, {}, IDEMPOTENT),
};

/** Query keys: every change to a trigger may change its counts, the episodes and the log. */
export const triggerKeys = {
  all: ['penalty-triggers'] as const,
  list: () => [...triggerKeys.all, 'list'] as const,
  episodes: () => [...triggerKeys.all, 'episodes'] as const,
  actions: () => [...triggerKeys.all, 'actions'] as const,
};

// The shared client has no PATCH helper: the one call that needs it goes through apiRequest.
function apiPatch<T>(path: string, body: unknown): Promise<T> {
  return apiRequest<T>(path, { method: 'PATCH', body });
}
