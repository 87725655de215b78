import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toastApiError } from '../ui/toast.ts';
import { isClientError } from './api-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorToast: false` when the screen shows the failure itself (e.g. under form fields). */
    mutationMeta: { errorToast?: boolean };
  }
}

export const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    // Spec: a failed mutation shows the server's message as an error toast.
    onError: (error, _variables, _result, mutation) => {
      if (mutation.options.meta?.errorToast === false) return;
      toastApiError(error);
    },
  }),
  defaultOptions: {
    queries: {
      // One retry for transport or server trouble; a 4xx will answer the same again.
      retry: (failureCount, error) => !isClientError(error) && failureCount < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
