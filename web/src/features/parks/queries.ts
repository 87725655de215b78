import { useQuery } from '@tanstack/react-query';
import { useSession } from '../auth/SessionProvider.tsx';
import { parksApi } from './parks-api.ts';

export const parkKeys = {
  all: ['parks'] as const,
  checklist: (profileId: string | null) => [...parkKeys.all, 'checklist', profileId] as const,
};

/** The acting park's first steps (GET /api/park/checklist), asked only for an owner. */
export function useParkChecklist(enabled: boolean) {
  const { profileId, status } = useSession();
  return useQuery({
    queryKey: parkKeys.checklist(profileId),
    queryFn: ({ signal }) => parksApi.checklist(signal),
    enabled: enabled && status === 'signed-in',
    // Coming back to the home after adding a vehicle should show it ticked.
    staleTime: 0,
  });
}
