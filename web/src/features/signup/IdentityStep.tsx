import { Group, Radio, Stack, TextInput } from '@mantine/core';
import { ACCOUNT_TYPES, ACCOUNT_TYPE_LABELS } from '@flotte/contract/signup';
import type { SignupDraft, SignupErrors } from './signup-form.ts';

interface StepProps {
  draft: SignupDraft;
  errors: SignupErrors;
  onChange: (patch: Partial<SignupDraft>) => void;
}

/** Step 1: a private person or a company (and its name), first and last name. */
export function IdentityStep({ draft, errors, onChange }: StepProps) {
  return (
    <Stack gap="md">
      <Radio.Group
        label="Vous êtes"
        value={draft.owner_type}
        onChange={(value) => onChange({ owner_type: value as SignupDraft['owner_type'] })}
        error={errors.owner_type}
        data-testid="signup-owner-type"
      >
        <Group gap="lg" mt={6}>
          {ACCOUNT_TYPES.map((type) => (
            <Radio key={type} value={type} label={ACCOUNT_TYPE_LABELS[type]} data-testid={`signup-owner-type-${type}`} />
          ))}
        </Group>
      </Radio.Group>
      {draft.owner_type === 'professionnel' ? (
        <TextInput
          label="Nom de l'entreprise"
          withAsterisk
          autoComplete="organization"
          value={draft.ets_name}
          onChange={(e) => onChange({ ets_name: e.currentTarget.value })}
          error={errors.ets_name}
          maxLength={100}
          data-testid="signup-ets-name"
        />
      ) : null}
      <TextInput
        label="Prénom"
        withAsterisk
        autoComplete="given-name"
        value={draft.first_name}
        onChange={(e) => onChange({ first_name: e.currentTarget.value })}
        error={errors.first_name}
        maxLength={50}
        data-testid="signup-first-name"
      />
      <TextInput
        label="Nom"
        withAsterisk
        autoComplete="family-name"
        value={draft.last_name}
        onChange={(e) => onChange({ last_name: e.currentTarget.value })}
        error={errors.last_name}
        maxLength={50}
        data-testid="signup-last-name"
      />
    </Stack>
  );
}
