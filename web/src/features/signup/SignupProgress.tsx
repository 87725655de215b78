import { Group, Progress, Text } from '@mantine/core';
import { SIGNUP_STEP_LABELS, SIGNUP_STEPS, SIGNUP_TOTAL_STEPS, type SignupStep } from './signup-form.ts';

/** 'Étape 2 sur 5 · Votre parc' and a bar: fits a 360 px phone where five labelled dots would not. */
export function SignupProgress({ step }: { step: SignupStep }) {
  const index = SIGNUP_STEPS.indexOf(step) + 1;
  const next = SIGNUP_STEPS[index] ?? 'pin';
  return (
    <div data-testid="signup-progress">
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
        <Text size="xs" fw={600} c="brand.7" data-testid="signup-progress-text">
          Étape {index} sur {SIGNUP_TOTAL_STEPS} · {SIGNUP_STEP_LABELS[step]}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          Ensuite : {SIGNUP_STEP_LABELS[next]}
        </Text>
      </Group>
      <Progress
        value={(index / SIGNUP_TOTAL_STEPS) * 100}
        size="sm"
        radius="xl"
        aria-label={`Étape ${index} sur ${SIGNUP_TOTAL_STEPS}`}
      />
    </div>
  );
}
