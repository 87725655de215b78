import { NativeSelect, Stack, TextInput } from '@mantine/core';
import type { TParkCountryCode } from '@flotte/contract/signup';
import { countryConsequence, type ParkCountry } from './park-countries.ts';

export interface ParkFieldValues {
  name: string;
  city: string;
  country_code: TParkCountryCode | null;
}
export interface ParkFieldErrors {
  name?: string;
  city?: string;
  country_code?: string;
}

interface ParkFieldsProps {
  values: ParkFieldValues;
  onChange: (patch: Partial<ParkFieldValues>) => void;
  errors: ParkFieldErrors;
  countries: readonly ParkCountry[];
  /** Prefix of the fields' test ids: `<prefix>-name`, `-city`, `-country`. */
  testId: string;
  autoFocus?: boolean;
}

/**
 * A park's name, city and country, shared by the sign-up and the new-park dialog. The country
 * decides the park's currency and calling code, so both are said as soon as it is chosen. A native
 * select: five countries, and a phone shows its own picker.
 */
export function ParkFields({ values, onChange, errors, countries, testId, autoFocus }: ParkFieldsProps) {
  const chosen = countries.find((c) => c.code === values.country_code) ?? null;
  return (
    <Stack gap="md">
      <TextInput
        label="Nom du parc"
        placeholder="Ex. : Taxis du Wouri"
        withAsterisk
        autoFocus={autoFocus}
        value={values.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
        error={errors.name}
        maxLength={80}
        data-testid={`${testId}-name`}
      />
      <TextInput
        label="Ville"
        placeholder="Ex. : Douala"
        withAsterisk
        autoComplete="address-level2"
        value={values.city}
        onChange={(e) => onChange({ city: e.currentTarget.value })}
        error={errors.city}
        maxLength={80}
        data-testid={`${testId}-city`}
      />
      <NativeSelect
        label="Pays"
        withAsterisk
        value={values.country_code ?? ''}
        onChange={(e) => onChange({ country_code: (e.currentTarget.value || null) as TParkCountryCode | null })}
        data={[{ value: '', label: 'Sélectionnez un pays', disabled: true }, ...countries.map((c) => ({ value: c.code, label: c.name }))]}
        description={chosen ? countryConsequence(chosen) : 'Le pays fixe la devise et l’indicatif téléphonique du parc.'}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={errors.country_code}
        data-testid={`${testId}-country`}
      />
    </Stack>
  );
}
