import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { TSentCode } from '@flotte/contract';
import { ApiError } from '../../api/api-error.ts';
import { toastApiError } from '../../ui/toast.ts';
import { usePending } from '../../ui/usePending.ts';
import { OtpCodeForm } from '../auth/OtpCodeForm.tsx';
import { sessionStore } from '../auth/session.ts';
import { ParkFields, type ParkFieldValues } from '../parks/ParkFields.tsx';
import type { ParkCountry } from '../parks/park-countries.ts';
import { ContactStep } from './ContactStep.tsx';
import { IdentityStep } from './IdentityStep.tsx';
import { signupApi } from './signup-api.ts';
import {
  EMPTY_DRAFT,
  SIGNUP_STEP_TITLES,
  SIGNUP_STEPS,
  firstStepWithErrors,
  registerBody,
  serverErrors,
  stepErrors,
  draftErrors,
  type SignupDraft,
  type SignupErrors,
  type SignupField,
  type SignupStep,
} from './signup-form.ts';
import { SignupProgress } from './SignupProgress.tsx';

const STEP_HINTS: Record<SignupStep, string> = {
  identity: 'Créez votre compte de propriétaire de flotte.',
  park: 'Le parc regroupe vos véhicules, vos chauffeurs et votre argent.',
  contact: 'Vous recevrez un code pour confirmer votre compte.',
  code: 'Saisissez le code reçu pour créer votre compte.',
};

const DRAFT_FIELD: Partial<Record<SignupField, keyof SignupDraft>> = {
  'park.name': 'park_name',
  'park.city': 'city',
  'park.country_code': 'country_code',
};

interface SignupWizardProps {
  countries: readonly ParkCountry[];
  /** The server said sign-up is closed (403) while the person was filling the form. */
  onClosed: () => void;
}

/**
 * The sign-up, one question per step on a phone: who you are, your park, your contact and
 * password, the code. Then the session starts and the guards take the person to the PIN screen.
 * Everything stays in memory: a reload starts again, as the sign-in does.
 */
export function SignupWizard({ countries, onClosed }: SignupWizardProps) {
  const [step, setStep] = useState<SignupStep>('identity');
  const [draft, setDraft] = useState<SignupDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [challenge, setChallenge] = useState<TSentCode | null>(null);
  const register = usePending(signupApi.register);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);

  // A new step is a new screen: move the focus to its title so a screen reader says where we are.
  // Not on the code step: its field takes the focus itself, ready for the digits.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step !== 'code') titleRef.current?.focus();
  }, [step]);

  // After a refused "Continuer", put the focus on the first field that says what is wrong.
  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  function change(patch: Partial<SignupDraft>) {
    setDraft((d) => ({ ...d, ...patch }));
    const cleared = { ...errors };
    for (const key of Object.keys(patch) as (keyof SignupDraft)[]) {
      const field = (Object.entries(DRAFT_FIELD).find(([, v]) => v === key)?.[0] ?? key) as SignupField;
      delete cleared[field];
      if (key === 'phone' || key === 'email') delete cleared[key === 'phone' ? 'email' : 'phone']; // "one or the other"
    }
    setErrors(cleared);
  }

  function go(to: SignupStep) {
    setErrors({});
    setStep(to);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step === 'code' || register.pending) return;
    const own = stepErrors(step, draft);
    if (Object.keys(own).length) {
      setErrors(own);
      focusFirstError();
      return;
    }
    if (step !== 'contact') {
      go(SIGNUP_STEPS[SIGNUP_STEPS.indexOf(step) + 1]);
      return;
    }
    // The last question: the whole draft must pass, wherever an error hides.
    const all = draftErrors(draft);
    const back = firstStepWithErrors(all);
    if (back) {
      setStep(back);
      setErrors(all);
      return;
    }
    try {
      setChallenge(await register.run(registerBody(draft)));
      go('code');
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) return onClosed();
      const placed = error instanceof ApiError ? serverErrors(error.fieldErrors) : { errors: {}, unplaced: 1 };
      const target = firstStepWithErrors(placed.errors);
      if (target) {
        setStep(target);
        setErrors(placed.errors);
        focusFirstError();
      }
      if (placed.unplaced || !target) toastApiError(error);
    }
  }

  const park: ParkFieldValues = { name: draft.park_name, city: draft.city, country_code: draft.country_code };
  const index = SIGNUP_STEPS.indexOf(step);

  return (
    <Stack gap="md" data-testid="signup" data-step={step}>
      <SignupProgress step={step} />
      <div>
        <Title order={1} fz="h3" ref={titleRef} tabIndex={-1} style={{ outline: 'none' }} data-testid="signup-title">
          {SIGNUP_STEP_TITLES[step]}
        </Title>
        <Text size="sm" c="dimmed">
          {STEP_HINTS[step]}
        </Text>
      </div>

      {step === 'code' && challenge ? (
        <OtpCodeForm
          sentTo={challenge.sent_to}
          canal={challenge.canal_type}
          backLabel="Modifier mes informations"
          onBack={() => go('contact')}
          onVerify={async (otp) => {
            const session = await signupApi.verifyOtp({ code: challenge.code, otp });
            // The guards continue to the PIN screen (has_pin_code is false), then the dashboard.
            sessionStore.establish(session);
          }}
          onResend={async () => {
            setChallenge(await signupApi.resendOtp({ code: challenge.code }));
          }}
        />
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate data-testid={`signup-step-${step}`}>
          <Stack gap="lg">
            {step === 'identity' ? <IdentityStep draft={draft} errors={errors} onChange={change} /> : null}
            {step === 'park' ? (
              <ParkFields
                values={park}
                onChange={(p) =>
                  change({
                    ...(p.name !== undefined ? { park_name: p.name } : {}),
                    ...(p.city !== undefined ? { city: p.city } : {}),
                    ...(p.country_code !== undefined ? { country_code: p.country_code } : {}),
                  })
                }
                errors={{ name: errors['park.name'], city: errors['park.city'], country_code: errors['park.country_code'] }}
                countries={countries}
                testId="signup-park"
              />
            ) : null}
            {step === 'contact' ? <ContactStep draft={draft} errors={errors} onChange={change} /> : null}
            <Group gap="sm" wrap="nowrap">
              {index > 0 ? (
                <Button variant="default" type="button" onClick={() => go(SIGNUP_STEPS[index - 1])} data-testid="signup-back">
                  Retour
                </Button>
              ) : null}
              {/* Takes the room left: 'Créer mon compte' must fit beside 'Retour' on a 360 px phone. */}
              <Button type="submit" loading={register.pending} style={{ flex: 1 }} data-testid="signup-next">
                {step === 'contact' ? 'Créer mon compte' : 'Continuer'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {step === 'identity' ? (
        <Text size="sm" ta="center">
          Déjà un compte ?{' '}
          <Anchor component={Link} to="/auth/login" data-testid="signup-login-link">
            Se connecter
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
