import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Group, Input, Select, TextInput, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { CountryOption } from '../countries/CountrySelect.tsx';
import {
  callingCodeFor,
  countryMatches,
  findCountry,
  joinPhone,
  SEEN_COUNTRIES,
  splitPhone,
  type Country,
} from '../countries/countries.ts';
import { useCountries } from '../countries/queries.ts';
import { useActingPark } from '../useActingPark.ts';
import { phoneError } from './contact-validation.ts';

export interface PhoneInputProps {
  /** The number as sent: '+<code><number>' ('+2250701020304'), or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  /** A form's error; when given it replaces the field's own check. */
  error?: ReactNode;
  /** ISO code of the country preselected for a new number; else the park's country, else +225. */
  defaultCountry?: string | null;
  disabled?: boolean;
  testId?: string;
}

interface Parts {
  iso: string | null;
  code: string;
  number: string;
}

function partsOf(value: string, countries: readonly Country[], fallback: Parts): Parts {
  if (!value) return { ...fallback, number: '' };
  const split = splitPhone(value, countries, fallback.iso);
  if (split) return { iso: split.country.iso_code, code: callingCodeFor(split.country), number: split.number };
  // Unknown code, or a national number stored without one: keep it under the default code.
  return { ...fallback, number: value.replace(/^\+/, '') };
}

/**
 * Phone field: a calling-code select (flag and '+code', searchable) and the number. It sends
 * '+<code><number>' and checks it against the contract's format once the person has left the field,
 * then at every keystroke: 'Le numéro de téléphone est requis' / 'Format de numéro de téléphone
 * invalide'. Pasting a full international number ('+237 6...') sets the code too. Until the country
 * list arrives (or if it can't), the codes of the spec's five countries are offered.
 */
export function PhoneInput({
  value,
  onChange,
  onBlur,
  label = 'Téléphone',
  description,
  placeholder = 'Numéro',
  required = false,
  error,
  defaultCountry,
  disabled,
  testId = 'phone-input',
}: PhoneInputProps) {
  const id = useId();
  const countriesQuery = useCountries();
  const countries = countriesQuery.data?.length ? countriesQuery.data : SEEN_COUNTRIES;
  const park = useActingPark();
  const fallbackIso = defaultCountry ?? park?.country_code ?? null;
  const fallbackCountry = findCountry(countries, fallbackIso);
  const fallback: Parts = {
    iso: fallbackCountry?.iso_code ?? null,
    code: fallbackCountry ? callingCodeFor(fallbackCountry) : (park?.phone_code?.replace(/\D/g, '') || callingCodeFor(null)),
    number: '',
  };

  const [parts, setParts] = useState<Parts>(() => partsOf(value, countries, fallback));
  const [touched, setTouched] = useState(false);
  const joined = joinPhone(parts.code, parts.number);

  // A value set from outside (a form reset, a record loaded) is split again; our own echoes are
  // not, or typing '07 01' would be rewritten '0701' under the person's fingers. Runs only when the
  // value or the list changes, on purpose: `joined` and `fallback` are read as they are then.
  useEffect(() => {
    if (value !== joined) setParts(partsOf(value, countries, fallback));
  }, [value, countries]);

  const update = (next: Parts) => {
    setParts(next);
    onChange(joinPhone(next.code, next.number));
  };

  const options = useMemo(
    () => countries.map((c) => ({ value: c.iso_code, label: `${c.flag} +${callingCodeFor(c)}` })),
    [countries],
  );
  // The code in use may belong to no listed country (an old number): show it as it is.
  const selectedIso = parts.iso && findCountry(countries, parts.iso) ? parts.iso : countries.find((c) => callingCodeFor(c) === parts.code)?.iso_code;
  const data = selectedIso ? options : [{ value: `+${parts.code}`, label: `+${parts.code}` }, ...options];
  const byIso = useMemo(() => new Map(countries.map((c) => [c.iso_code, c])), [countries]);
  const filter: OptionsFilter = ({ options: all, search, limit }) =>
    (all as ComboboxItem[])
      .filter((o) => {
        const c = byIso.get(o.value);
        return c ? countryMatches(c, search) : o.label.includes(search);
      })
      .slice(0, limit);

  const ownError = touched && error === undefined ? phoneError(joined, required) : null;
  const shownError = error ?? ownError;

  return (
    <Input.Wrapper
      label={label}
      description={description}
      required={required}
      error={shownError || undefined}
      id={id}
      data-testid={testId}
    >
      <Group gap={6} wrap="nowrap" align="flex-start" mt={4}>
        <Select
          id={`${id}-code`}
          aria-label="Indicatif du pays"
          data={data}
          value={selectedIso ?? `+${parts.code}`}
          onChange={(iso) => {
            const country = findCountry(countries, iso);
            if (country) update({ iso: country.iso_code, code: callingCodeFor(country), number: parts.number });
          }}
          searchable
          filter={filter}
          limit={300}
          allowDeselect={false}
          nothingFoundMessage="Aucun pays trouvé"
          renderOption={({ option }) => {
            const country = byIso.get(option.value);
            return country ? <CountryOption country={country} /> : option.label;
          }}
          comboboxProps={{ width: 300, position: 'bottom-start', withinPortal: true }}
          w={118}
          error={Boolean(shownError)}
          disabled={disabled}
          data-testid={`${testId}-code`}
        />
        <TextInput
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={placeholder}
          value={parts.number}
          onChange={(event) => {
            const text = event.currentTarget.value;
            const pasted = text.trim().startsWith('+') ? splitPhone(text, countries, parts.iso) : null;
            update(
              pasted
                ? { iso: pasted.country.iso_code, code: callingCodeFor(pasted.country), number: pasted.number }
                : { ...parts, number: text },
            );
          }}
          onBlur={() => {
            setTouched(true);
            onBlur?.();
          }}
          error={Boolean(shownError)}
          aria-invalid={Boolean(shownError)}
          aria-describedby={shownError ? `${id}-error` : undefined}
          disabled={disabled}
          style={{ flex: 1 }}
          data-testid={`${testId}-number`}
        />
      </Group>
    </Input.Wrapper>
  );
}
