import { useCallback } from 'react';
import { ErrorCodes } from '@flotte/contract';
import { ApiError } from '../../api/api-error.ts';
import { usePinStepUp } from '../../ui/usePinStepUp.tsx';

export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCodes.STEP_UP_REQUIRED.code;
}

/**
 * Runs a sensitive call behind 'Vérification d'identité'. The PIN is asked first; should the
 * server still answer STEP_UP_REQUIRED (the 5-minute window closed meanwhile), the dialog opens
 * again and the call is retried once, never more. Other failures reach the PIN provider, which
 * shows them as an error toast.
 */
export function useStepUpAction() {
  const { requirePin } = usePinStepUp();
  return useCallback(
    (action: () => Promise<void>) => {
      requirePin(async () => {
        try {
          await action();
        } catch (error) {
          if (!isStepUpRequired(error)) throw error;
          requirePin(action);
        }
      });
    },
    [requirePin],
  );
}
