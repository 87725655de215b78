import { useMemo, type ReactNode } from 'react';
import { Anchor, Group, Loader, Select, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { countryLabel, countryMatches, findCountry, type Country } from './countries.ts';
import { useCountries } from './queries.ts';

export interface CountrySelectProps {
  /** ISO code of the chosen country ('CI'), as parks store `country_code`. */
  value: string | null;
  onChange: (isoCode: string | null, country: Country | null) => void;
  label?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  clearable?: boolean;
  disabled?: boolean;
  testId?: string;
}

export interface CountrySelectViewProps extends CountrySelectProps {
  countries: readonly Country[];
  loading?: boolean;
  /** Why the list could not be loaded ("La liste des pays n'a pas pu être chargée"). */
  loadError?: string | null;
  onRetry?: () => void;
}

/** Flag, name and calling code, the way people recognise their country in a list. */
export function CountryOption({ country }: { country: Country }) {
  return (
    <Group gap="xs" wrap="nowrap" w="100%">
      <span aria-hidden="true">{country.flag}</span>
      <Text size="sm" style={{ flex: 1 }}>
        {country.name}
      </Text>
      <Text size="xs" c="dimmed">
        +{country.phonecode}
      </Text>
    </Group>
  );
}

/**
 * The country picker without its data, so the gallery (and tests) can show it loading or failed;
 * screens use `CountrySelect`. The search ignores accents and matches ISO and calling codes too
 * ('cote', 'ci', '+225').
 */
export function CountrySelectView({
  countries,
  loading = false,
  loadError,
  onRetry,
  value,
  onChange,
  label = 'Pays',
  placeholder = 'Sélectionnez un pays',
  error,
  required,
  clearable,
  disabled,
  testId = 'country-select',
}: CountrySelectViewProps) {
  const byIso = useMemo(() => new Map(countries.map((c) => [c.iso_code, c])), [countries]);
  const data = useMemo(() => countries.map((c) => ({ value: c.iso_code, label: countryLabel(c) })), [countries]);
  const filter: OptionsFilter = ({ options, search, limit }) => {
    const items = options as ComboboxItem[];
    return items.filter((o) => { const c = byIso.get(o.value); return c ? countryMatches(c, search) : false; }).slice(0, limit);
  };
  const selected = findCountry(countries, value);

  return (
    <Select
      label={label}
      placeholder={loading ? 'Chargement des pays…' : placeholder}
      data={data}
      value={selected?.iso_code ?? null}
      onChange={(iso) => onChange(iso, findCountry(countries, iso))}
      searchable
      filter={filter}
      limit={300}
      nothingFoundMessage={loading ? 'Chargement des pays…' : 'Aucun pays trouvé'}
      renderOption={({ option }) => {
        const country = byIso.get(option.value);
        return country ? <CountryOption country={country} /> : option.label;
      }}
      leftSection={selected ? <span aria-hidden="true">{selected.flag}</span> : undefined}
      rightSection={loading ? <Loader size="xs" aria-label="Chargement des pays" /> : undefined}
      error={error ?? loadError ?? undefined}
      inputWrapperOrder={['label', 'input', 'error', 'description']} // 'Réessayer' under the message
      description={
        loadError && onRetry ? (
          <Anchor component="button" type="button" size="xs" onClick={onRetry} data-testid={`${testId}-retry`}>
            Réessayer
          </Anchor>
        ) : undefined
      }
      required={required}
      clearable={clearable}
      disabled={disabled}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

/** Searchable country picker on GET /api/location/country: flag, name and '+code'. */
export function CountrySelect(props: CountrySelectProps) {
  const countries = useCountries();
  return (
    <CountrySelectView
      {...props}
      countries={countries.data ?? []}
      loading={countries.isPending}
      loadError={countries.isError ? countries.error.message : null}
      onRetry={() => void countries.refetch()}
    />
  );
}
