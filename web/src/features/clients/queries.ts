import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clientsApi } from './clients-api.ts';

/**
 * Query keys of the clients screens. A client's change refreshes `all` (the list, the pickers, the
 * detail); the courses screens show the client's name, so they listen to `invalidatedByChange` too.
 */
export const clientKeys = {
  all: ['clients'] as const,
  list: () => [...clientKeys.all, 'list'] as const,
  picker: (search: string) => [...clientKeys.all, 'picker', search] as const,
  detail: (id: string) => [...clientKeys.all, 'detail', id] as const,
  courses: (id: string) => [...clientKeys.all, 'courses', id] as const,
};

export const invalidatedByChange = [clientKeys.all, ['courses']] as const;

/** The picker asks for this many clients per search (a person narrows it by typing). */
export const PICKER_PAGE_SIZE = 50;
/** The info dialog shows the client's latest rides. */
export const CLIENT_COURSES_SHOWN = 10;

export function useClient(id: string | null) {
  return useQuery({ queryKey: clientKeys.detail(id ?? ''), queryFn: ({ signal }) => clientsApi.get(id!, signal), enabled: id !== null });
}

export function useClientCourses(id: string | null) {
  return useQuery({
    queryKey: clientKeys.courses(id ?? ''),
    queryFn: ({ signal }) => clientsApi.courses(id!, { page: 1, itemPerPage: CLIENT_COURSES_SHOWN }, signal),
    enabled: id !== null,
  });
}

/** Clients matching `search` ('' for the first ones), for the picker. */
export function usePickerClients(search: string, enabled = true) {
  return useQuery({
    queryKey: clientKeys.picker(search),
    queryFn: ({ signal }) => clientsApi.list({ page: 1, itemPerPage: PICKER_PAGE_SIZE, ...(search ? { search } : {}) }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
