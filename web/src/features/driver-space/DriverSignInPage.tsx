import { useState, type FormEvent, type ReactNode } from 'react';
import { Anchor, Box, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import type { TSentCode } from '@flotte/contract';
import { zPhone } from '@flotte/contract/formats';
import { ApiError } from '../../api/api-error.ts';
import { queryClient } from '../../api/query-client.ts';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { PinCodeInput } from '../../ui/PinCodeInput.tsx';
import { toastApiError } from '../../ui/toast.ts';
import { usePending } from '../../ui/usePending.ts';
import { Wordmark } from '../../ui/Wordmark.tsx';
import { authApi } from '../auth/auth-api.ts';
import { OtpCodeForm } from '../auth/OtpCodeForm.tsx';
import { sessionStore } from '../auth/session.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { driverAuthApi } from './driver-api.ts';

type Step = { name: 'phone' } | { name: 'code'; phone: string; sent: TSentCode } | { name: 'pin' };

export const DRIVER_HOME = '/chauffeur';

/**
 * The driver's sign-in, phone first: his number (with the country's calling code), the code
 * received by SMS, then his 5-digit PIN. A driver without a PIN yet is sent on to choose it
 * (/auth/pin, the page every account uses) by the space's guard.
 */
export default function DriverSignInPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Frame>
        <SignInSteps />
      </Frame>
    </QueryClientProvider>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" mih="100dvh" px="md" pb="md" pt={{ base: 'xl', sm: '12vh' }} bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} mx="auto" gap="lg">
        <Center>
          <Wordmark size={36} />
        </Center>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
          {children}
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          Flotte · espace chauffeur
        </Text>
      </Stack>
    </Box>
  );
}

function SignInSteps() {
  const { status, userType } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ name: 'phone' });

  // Someone already signed in lands in his own space (a park's profile on its dashboard).
  if (status === 'signed-in' && step.name === 'phone') return <Navigate to={userType === 'driver' ? DRIVER_HOME : '/dashboard'} replace />;

  if (step.name === 'code') {
    return (
      <Stack gap="md">
        <div>
          <Title order={1} fz="h3">
            Vérification
          </Title>
          <Text size="sm" c="dimmed">
            Saisissez le code reçu pour terminer la connexion.
          </Text>
        </div>
        <OtpCodeForm
          sentTo={step.sent.sent_to}
          canal="sms"
          backLabel="Modifier mon numéro"
          onBack={() => setStep({ name: 'phone' })}
          onVerify={async (otp) => {
            const session = await driverAuthApi.verifyOtp({ phone: step.phone, code: step.sent.code, otp });
            if (session.has_pin_code) {
              setStep({ name: 'pin' });
              sessionStore.establish(session);
            } else {
              // The space's guard sends him to choose his PIN, then back to his space.
              sessionStore.establish(session);
              navigate(DRIVER_HOME, { replace: true });
            }
          }}
          onResend={async () => {
            const sent = await driverAuthApi.resendOtp({ phone: step.phone, code: step.sent.code });
            setStep({ ...step, sent: { ...step.sent, ...sent } });
          }}
        />
      </Stack>
    );
  }

  // Signed out from the PIN step: back to the first step.
  if (step.name === 'pin' && status === 'signed-in') return <PinStep onDone={() => navigate(DRIVER_HOME, { replace: true })} />;

  return <PhoneStep onSent={(phone, sent) => setStep({ name: 'code', phone, sent })} />;
}

function PhoneStep({ onSent }: { onSent: (phone: string, sent: TSentCode) => void }) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const login = usePending(driverAuthApi.login);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (login.pending) return;
    const parsed = zPhone.safeParse(phone);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Format de numéro de téléphone invalide');
      return;
    }
    setError(undefined);
    try {
      onSent(parsed.data, await login.run({ phone: parsed.data }));
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fieldErrors.find((f) => f.field === 'phone') : undefined;
      if (field) setError(field.message);
      else toastApiError(failure);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="driver-login-form">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h3">
            Espace chauffeur
          </Title>
          <Text size="sm" c="dimmed">
            Entrez le numéro de téléphone enregistré par votre gestionnaire de flotte. Vous recevrez un code par SMS.
          </Text>
        </div>
        <PhoneInput
          label="Numéro de téléphone"
          value={phone}
          onChange={(value) => {
            setPhone(value);
            setError(undefined);
          }}
          error={error}
          required
          testId="driver-phone"
        />
        <Button type="submit" fullWidth loading={login.pending} data-testid="driver-login-submit">
          Recevoir mon code
        </Button>
        <Text size="sm" ta="center">
          Vous gérez une flotte ?{' '}
          <Anchor component={Link} to="/auth/login" data-testid="driver-owner-link">
            Connexion gestionnaire
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

/** A returning driver confirms who he is with his PIN before entering his space. */
function PinStep({ onDone }: { onDone: () => void }) {
  const { signOut } = useSession();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = usePending(authApi.verifyPin);

  async function submit(code: string) {
    if (verify.pending) return;
    if (!/^\d{5}$/.test(code)) {
      setError('Veuillez entrer un code PIN à 5 chiffres');
      return;
    }
    try {
      await verify.run(code);
      onDone();
    } catch (failure) {
      setPin('');
      if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) {
        setError(failure.fieldErrors.find((f) => f.field === 'code')?.message ?? failure.message);
      } else {
        toastApiError(failure);
      }
    }
  }

  return (
    <form
      noValidate
      data-testid="driver-pin-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(pin);
      }}
    >
      <Stack gap="md">
        <div>
          <Title order={1} fz="h3">
            Votre code PIN
          </Title>
          <Text size="sm" c="dimmed">
            Saisissez votre code PIN à 5 chiffres.
          </Text>
        </div>
        <PinCodeInput
          id="driver-pin"
          label="Code PIN"
          testId="driver-pin-input"
          value={pin}
          onChange={(value) => {
            setPin(value);
            setError(undefined);
          }}
          onComplete={(value) => void submit(value)}
          error={error}
          autoFocus
        />
        <Button type="submit" fullWidth loading={verify.pending} data-testid="driver-pin-submit">
          Valider
        </Button>
        <Button variant="subtle" fullWidth type="button" onClick={() => void signOut()} data-testid="driver-pin-sign-out">
          Se déconnecter
        </Button>
      </Stack>
    </form>
  );
}
