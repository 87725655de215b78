import { useEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { PIN_LENGTH, zPin } from '@flotte/contract';
import { authApi } from '../features/auth/auth-api.ts';
import { ApiError } from '../api/api-error.ts';
import { PinCodeInput } from './PinCodeInput.tsx';

export const PIN_SUCCESS_MESSAGE = 'Identité vérifiée avec succès !';
export const PIN_INCORRECT_MESSAGE = 'Code PIN incorrect. Veuillez réessayer.';
/** Spec: the success state closes 2 seconds later and then runs the waiting action. */
export const PIN_SUCCESS_CLOSE_MS = 2000;

type PinDialogStep = 'input' | 'verifying' | 'success';

interface PinDialogProps {
  opened: boolean;
  onCancel: () => void;
  onVerified: () => void;
}

/** 'Vérification d'identité': the PIN step-up in front of sensitive actions (POST /verify-pin-code). */
export function PinDialog({ opened, onCancel, onVerified }: PinDialogProps) {
  const [step, setStep] = useState<PinDialogStep>('input');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busyRef = useRef(false);
  const verifiedRef = useRef(onVerified);
  verifiedRef.current = onVerified;

  // Each opening starts clean.
  useEffect(() => {
    if (opened) {
      setStep('input');
      setPin('');
      setError(undefined);
    }
  }, [opened]);

  useEffect(() => {
    if (step !== 'success') return;
    const timer = window.setTimeout(() => verifiedRef.current(), PIN_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [step]);

  async function verify(code: string) {
    // Enter and the automatic submit on the 5th digit must not send the PIN twice.
    if (busyRef.current) return;
    const parsed = zPin.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    busyRef.current = true;
    setStep('verifying');
    setError(undefined);
    try {
      await authApi.verifyPin(parsed.data);
      // The success state itself carries the message (a toast too would show it twice at once).
      setStep('success');
    } catch (failure) {
      // Back to input with the field reset; locked or other refusals keep the server's wording.
      setPin('');
      setStep('input');
      setError(failure instanceof ApiError && failure.message ? failure.message : PIN_INCORRECT_MESSAGE);
      // The boxes were disabled while verifying, which dropped the focus: give it back for a retry.
      window.requestAnimationFrame(() => document.getElementById('pin-dialog-code-1')?.focus());
    } finally {
      busyRef.current = false;
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Vérification d'identité"
      centered
      closeOnClickOutside={step === 'input'}
      withCloseButton={step === 'input'}
      closeOnEscape={step === 'input'}
      data-testid="pin-dialog"
    >
      {step === 'success' ? (
        <Stack align="center" gap="sm" py="md" data-testid="pin-dialog-success" role="status">
          <ThemeIcon color="teal" size={56} radius="xl" aria-hidden>
            <svg width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
              <path d="M5 12l5 5L20 7" />
            </svg>
          </ThemeIcon>
          <Text fw={600} ta="center">
            {PIN_SUCCESS_MESSAGE}
          </Text>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void verify(pin);
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Entrez votre code PIN à {PIN_LENGTH} chiffres pour confirmer cette action.
            </Text>
            <Center>
              <PinCodeInput
                id="pin-dialog-code"
                label="Code PIN"
                testId="pin-dialog-input"
                value={pin}
                onChange={(value) => {
                  setPin(value);
                  if (error) setError(undefined);
                }}
                onComplete={(value) => void verify(value)}
                error={error}
                disabled={step === 'verifying'}
                autoFocus
              />
            </Center>
            {step === 'verifying' ? (
              <Center>
                <Loader size="sm" aria-label="Vérification en cours" />
              </Center>
            ) : null}
            <Button type="submit" fullWidth loading={step === 'verifying'} disabled={pin.length < PIN_LENGTH} data-testid="pin-dialog-submit">
              Vérifier
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
