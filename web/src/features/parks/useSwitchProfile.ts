import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TProfileSummary } from '@flotte/contract';
import { sessionStore } from '../auth/session.ts';
import { toast } from '../../ui/toast.ts';

/**
 * Acts as another of the person's profiles (another park) from the next call on, and says so.
 * Shared by the header's park switcher and the new-park dialog.
 */
export function useSwitchProfile() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (profile: TProfileSummary, message: string) => {
    sessionStore.switchProfile(profile.id, profile.park.id);
    // Everything cached belongs to the previous profile's park: drop it and load afresh.
    queryClient.clear();
    navigate('/dashboard');
    toast.success(message);
  };
}
