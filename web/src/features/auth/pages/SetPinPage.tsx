import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { ErrorCodes, zPin } from '@flotte/contract';
import { ApiError } from '../../../api/api-error.ts';
import { queryClient } from '../../../api/query-client.ts';
import { usePending } from '../../../ui/usePending.ts';
import { PinCodeInput } from '../../../ui/PinCodeInput.tsx';
import { toast, toastApiError } from '../../../ui/toast.ts';
import { authApi } from '../auth-api.ts';
import { authKeys } from '../queries.ts';
import { sessionStore } from '../session.ts';
import { useSession } from '../SessionProvider.tsx';

export const PIN_SET_MESSAGE = SUCCESS_MESSAGES.PIN_SET;
import { PIN_MISMATCH_MESSAGE } from '@flotte/contract/constants';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';

/** After the first sign-in: choose the 5-digit PIN that later confirms sensitive actions. */
export default function SetPinPage() {
  const { signOut } = useSession();
  const [pin, setPin] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; confirmation?: string }>({});
  const save = usePending(authApi.updatePin);

  async function submit() {
    const parsedPin = zPin.safeParse(pin);
    const next: typeof errors = {};
    if (!parsedPin.success) next.pin = parsedPin.error.issues[0]?.message;
    if (!zPin.safeParse(confirmation).success) next.confirmation = 'Veuillez entrer un code PIN à 5 chiffres';
    else if (parsedPin.success && pin !== confirmation) next.confirmation = PIN_MISMATCH_MESSAGE;
    setErrors(next);
    if (next.pin || next.confirmation) return;
    try {
      await save.run({ code: pin });
      toast.success(PIN_SET_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
      sessionStore.setHasPinCode(true); // the route guard now continues to the dashboard
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCodes.PIN_PASSWORD_REQUIRED.code) {
        // A PIN already exists for this account (set from another device): nothing to do here.
        sessionStore.setHasPinCode(true);
        return;
      }
      const fieldMessage = error instanceof ApiError ? error.fieldErrors.find((f) => f.field === 'code')?.message : undefined;
      if (fieldMessage) setErrors({ pin: fieldMessage });
      else toastApiError(error);
    }
  }

  return (
    <form
      noValidate
      data-testid="set-pin-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <div>
          <Title order={1} fz="h3">
            Définir votre code PIN
          </Title>
          <Text size="sm" c="dimmed">
            Ce code à 5 chiffres vous sera demandé pour confirmer les actions sensibles.
          </Text>
        </div>
        <PinCodeInput
          id="set-pin-code"
          label="Code PIN"
          testId="set-pin-input"
          value={pin}
          onChange={(value) => {
            setPin(value);
            setErrors((e) => ({ ...e, pin: undefined }));
          }}
          onComplete={() => document.getElementById('set-pin-confirmation-1')?.focus()}
          error={errors.pin}
          autoFocus
        />
        <PinCodeInput
          id="set-pin-confirmation"
          label="Confirmez le code PIN"
          testId="set-pin-confirmation"
          value={confirmation}
          onChange={(value) => {
            setConfirmation(value);
            setErrors((e) => ({ ...e, confirmation: undefined }));
          }}
          error={errors.confirmation}
        />
        <Button type="submit" fullWidth loading={save.pending} data-testid="set-pin-submit">
          Définir le code PIN
        </Button>
        <Button variant="subtle" fullWidth type="button" onClick={() => void signOut()} data-testid="set-pin-sign-out">
          Se déconnecter
        </Button>
      </Stack>
    </form>
  );
}
