import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { showFormError } from '../../../ui/form-errors.ts';
import { usePending } from '../../../ui/usePending.ts';
import { authApi } from '../auth-api.ts';
import { parseIdentifier, type Recipient } from '../identifier.ts';
import { OtpCodeForm } from '../OtpCodeForm.tsx';
import { ResetPasswordForm } from '../ResetPasswordForm.tsx';
import { IdentifierInput } from '../IdentifierInput.tsx';

type Step =
  | { name: 'identifier' }
  | { name: 'otp'; recipient: Recipient; sentTo: string }
  | { name: 'reset'; recipient: Recipient; resetCode: string };

/** Forgotten password: identifier, then the code received, then a new password. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [step, setStep] = useState<Step>({ name: 'identifier' });
  const backToLogin = () => navigate({ pathname: '/auth/login', search: searchParams.toString() });

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h3">
          Mot de passe oublié
        </Title>
        <Text size="sm" c="dimmed">
          {step.name === 'identifier' && 'Entrez votre email ou votre numéro de téléphone pour recevoir un code.'}
          {step.name === 'otp' && 'Saisissez le code reçu pour continuer.'}
          {step.name === 'reset' && 'Choisissez votre nouveau mot de passe.'}
        </Text>
      </div>
      {step.name === 'identifier' && (
        <IdentifierStep onSent={(recipient, sentTo) => setStep({ name: 'otp', recipient, sentTo })} onBack={backToLogin} />
      )}
      {step.name === 'otp' && (
        <OtpCodeForm
          sentTo={step.sentTo}
          canal={step.recipient.email ? 'email' : 'sms'}
          backLabel="Retour à la connexion"
          onBack={backToLogin}
          onVerify={async (otp) => {
            const answer = await authApi.forgotPasswordVerifyOtp({ ...step.recipient, otp });
            setStep({ name: 'reset', recipient: step.recipient, resetCode: answer.code });
          }}
          onResend={async () => {
            const answer = await authApi.forgotPassword(step.recipient);
            setStep({ ...step, sentTo: answer.sent_to ?? step.sentTo });
          }}
        />
      )}
      {step.name === 'reset' && <ResetPasswordForm recipient={step.recipient} resetCode={step.resetCode} onDone={backToLogin} />}
    </Stack>
  );
}

function IdentifierStep({ onSent, onBack }: { onSent: (recipient: Recipient, sentTo: string) => void; onBack: () => void }) {
  const [identifier, setIdentifier] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = usePending(authApi.forgotPassword);

  async function submit() {
    const parsed = parseIdentifier(identifier);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    try {
      const answer = await send.run(parsed.recipient);
      onSent(parsed.recipient, answer.sent_to);
    } catch (failure) {
      showFormError(failure, (_field, { message }) => setError(message), { email: 'identifier', phone: 'identifier' }, []);
    }
  }

  return (
    <form
      noValidate
      data-testid="forgot-password-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <IdentifierInput
          value={identifier}
          onChange={(value) => {
            setIdentifier(value);
            if (error) setError(undefined);
          }}
          error={error}
          autoFocus
          testId="forgot-identifier"
        />
        <Button type="submit" fullWidth loading={send.pending} data-testid="forgot-submit">
          Envoyer le code
        </Button>
        <Button variant="subtle" fullWidth type="button" onClick={onBack}>
          Retour à la connexion
        </Button>
      </Stack>
    </form>
  );
}
