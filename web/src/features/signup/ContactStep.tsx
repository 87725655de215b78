import { Group, PasswordInput, Radio, Stack, Text } from '@mantine/core';
import { EmailInput } from '../../ui/inputs/EmailInput.tsx';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import type { SignupDraft, SignupErrors } from './signup-form.ts';

interface StepProps {
  draft: SignupDraft;
  errors: SignupErrors;
  onChange: (patch: Partial<SignupDraft>) => void;
}

export const PASSWORD_RULE = '8 caractères minimum, avec une majuscule, une minuscule, un chiffre et un caractère spécial (!@#$%^&*).';

/**
 * Step 3: a phone (with the park country's calling code already chosen) and/or an email, which
 * one receives the code, and the password with the spec's rule.
 */
export function ContactStep({ draft, errors, onChange }: StepProps) {
  const both = draft.phone.trim() !== '' && draft.email.trim() !== '';
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Renseignez un numéro de téléphone, un email, ou les deux.
      </Text>
      <PhoneInput
        label="Téléphone"
        value={draft.phone}
        onChange={(phone) => onChange({ phone })}
        defaultCountry={draft.country_code}
        error={errors.phone}
        testId="signup-phone"
      />
      <EmailInput label="Email" value={draft.email} onChange={(email) => onChange({ email })} error={errors.email} testId="signup-email" />
      {both ? (
        <Radio.Group
          label="Recevoir le code de vérification par"
          value={draft.canal_type}
          onChange={(value) => onChange({ canal_type: value as SignupDraft['canal_type'] })}
          error={errors.canal_type}
          data-testid="signup-canal"
        >
          <Group gap="lg" mt={6}>
            <Radio value="sms" label="SMS" data-testid="signup-canal-sms" />
            <Radio value="email" label="Email" data-testid="signup-canal-email" />
          </Group>
        </Radio.Group>
      ) : null}
      <PasswordInput
        label="Mot de passe"
        description={PASSWORD_RULE}
        withAsterisk
        autoComplete="new-password"
        value={draft.password}
        onChange={(e) => onChange({ password: e.currentTarget.value })}
        error={errors.password}
        data-testid="signup-password"
      />
      <PasswordInput
        label="Confirmez le mot de passe"
        withAsterisk
        autoComplete="new-password"
        value={draft.confirmation}
        onChange={(e) => onChange({ confirmation: e.currentTarget.value })}
        error={errors.confirmation}
        data-testid="signup-password-confirmation"
      />
    </Stack>
  );
}
