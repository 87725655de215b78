import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { PinDialog } from './PinDialog.tsx';
import { toastApiError } from './toast.ts';

type PendingAction = () => void | Promise<void>;

interface PinStepUpValue {
  /** Opens 'Vérification d'identité'; `action` runs only after the PIN is verified. */
  requirePin: (action: PendingAction) => void;
}

const PinStepUpContext = createContext<PinStepUpValue | null>(null);

/** One PIN dialog for the whole signed-in area, shared by every sensitive action. */
export function PinStepUpProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const pending = useRef<PendingAction | null>(null);

  const requirePin = useCallback((action: PendingAction) => {
    pending.current = action;
    setOpened(true);
  }, []);

  const cancel = useCallback(() => {
    pending.current = null;
    setOpened(false);
  }, []);

  const verified = useCallback(() => {
    const action = pending.current;
    pending.current = null;
    setOpened(false);
    if (!action) return;
    Promise.resolve()
      .then(action)
      .catch((error: unknown) => toastApiError(error));
  }, []);

  return (
    <PinStepUpContext.Provider value={{ requirePin }}>
      {children}
      <PinDialog opened={opened} onCancel={cancel} onVerified={verified} />
    </PinStepUpContext.Provider>
  );
}

export function usePinStepUp(): PinStepUpValue {
  const value = useContext(PinStepUpContext);
  if (!value) throw new Error('usePinStepUp must be used inside <PinStepUpProvider>');
  return value;
}
