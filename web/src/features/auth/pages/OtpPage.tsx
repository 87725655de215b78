import { Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../auth-api.ts';
import { OtpCodeForm } from '../OtpCodeForm.tsx';
import { sessionStore } from '../session.ts';
import { useAuthFlow } from './AuthLayout.tsx';

/** Step 2 of sign-in: the 6-digit code. Once accepted the session starts and the guards route on. */
export default function OtpPage() {
  const { challenge, setChallenge } = useAuthFlow();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();

  // The challenge lives in memory only: after a reload the person starts again.
  if (!challenge) return <Navigate to={{ pathname: '/auth/login', search }} replace />;

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
        sentTo={challenge.sent_to}
        canal={challenge.canal_type}
        backLabel="Modifier mes identifiants"
        onBack={() => {
          setChallenge(null);
          navigate({ pathname: '/auth/login', search });
        }}
        onVerify={async (otp) => {
          const session = await authApi.verifyOtp({ otp, code: challenge.code, ...challenge.recipient });
          // The route guards take it from here (PIN step or the `next` page); the challenge is
          // left as is so this screen never flashes back to the credentials step meanwhile.
          sessionStore.establish(session);
        }}
        onResend={async () => {
          const answer = await authApi.resendOtp({ ...challenge.recipient, canal_type: challenge.canal_type, code: challenge.code });
          // The server may open a new challenge: the next verification must use its code.
          setChallenge({ ...challenge, code: answer.code ?? challenge.code, sent_to: answer.sent_to ?? challenge.sent_to, expires_in: answer.expires_in ?? challenge.expires_in });
        }}
      />
    </Stack>
  );
}
