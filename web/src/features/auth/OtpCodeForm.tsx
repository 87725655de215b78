import { useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { OTP_LENGTH } from '@flotte/contract/constants';
import { ApiError } from '../../api/api-error.ts';
import { toast, toastApiError } from '../../ui/toast.ts';
import { useCountdown } from './useCountdown.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';

/** Spec: the validate button stays disabled while the code is shorter than 4 characters. */
export const OTP_MIN_TO_VALIDATE = 4;
export const RESEND_COOLDOWN_SECONDS = 30;
export const OTP_SENT_MESSAGE = SUCCESS_MESSAGES.OTP_SENT;
const OTP_FORMAT_MESSAGE = 'Le code doit contenir 6 chiffres';

interface OtpCodeFormProps {
  sentTo: string;
  canal?: 'sms' | 'email';
  /** Resolves when accepted; throws ApiError otherwise. */
  onVerify: (otp: string) => Promise<void>;
  /** Sends a new code; throws ApiError otherwise. */
  onResend: () => Promise<void>;
  onBack: () => void;
  backLabel: string;
}

/** The one-time-code step shared by sign-in and forgotten password. */
export function OtpCodeForm({ sentTo, canal, onVerify, onResend, onBack, backLabel }: OtpCodeFormProps) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const cooldown = useCountdown(RESEND_COOLDOWN_SECONDS);

  async function submit() {
    if (verifying || otp.length < OTP_MIN_TO_VALIDATE) return;
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp)) {
      setError(OTP_FORMAT_MESSAGE);
      return;
    }
    setVerifying(true);
    setError(undefined);
    try {
      await onVerify(otp);
    } catch (failure) {
      // Wrong, expired or locked code: say it right under the field, where the eyes are.
      if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500 && !failure.isNotice) {
        setError(failure.fieldErrors.find((f) => f.field === 'otp')?.message ?? failure.message);
        setOtp('');
      } else {
        toastApiError(failure);
      }
    } finally {
      setVerifying(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      await onResend();
      toast.success(OTP_SENT_MESSAGE);
      setOtp('');
      setError(undefined);
      cooldown.restart();
    } catch (failure) {
      toastApiError(failure);
    } finally {
      setResending(false);
    }
  }

  return (
    <form
      noValidate
      data-testid="otp-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" data-testid="otp-sent-to">
          {canal === 'email' ? 'Un code de vérification a été envoyé par email à ' : 'Un code de vérification a été envoyé par SMS au '}
          <Text span fw={600}>
            {sentTo}
          </Text>
          .
        </Text>
        <TextInput
          label="Code de vérification"
          placeholder="000000"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={otp}
          onChange={(event) => {
            setOtp(event.currentTarget.value.replace(/\D/g, '').slice(0, OTP_LENGTH));
            if (error) setError(undefined);
          }}
          error={error}
          autoFocus
          styles={{ input: { letterSpacing: '0.4em', fontSize: 20, textAlign: 'center' } }}
          data-testid="otp-input"
        />
        <Button type="submit" fullWidth loading={verifying} disabled={otp.length < OTP_MIN_TO_VALIDATE} data-testid="otp-submit">
          Valider
        </Button>
        <Button
          variant="light"
          fullWidth
          type="button"
          onClick={() => void resend()}
          loading={resending}
          disabled={cooldown.remaining > 0}
          data-testid="otp-resend"
        >
          {cooldown.remaining > 0 ? `Renvoyer le code OTP (${cooldown.remaining} s)` : 'Renvoyer le code OTP'}
        </Button>
        <Button variant="subtle" fullWidth type="button" onClick={onBack} data-testid="otp-back">
          {backLabel}
        </Button>
      </Stack>
    </form>
  );
}
