import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { Button, Combobox, Fieldset, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { GEO_MESSAGES, GEO_SEARCH_DEBOUNCE_MS, GEO_SEARCH_MIN_LENGTH, type TAddress, type TAddressInput, type TGeoPlace } from '@flotte/contract/geo';
import { addressErrors, fromPlace, placeLabel, pointOf, usableSuggestions, withName, withPoint } from './address.ts';
import { useGeoConfig, useGeoSearch, type GeoPoint } from './geo-api.ts';
import { MapFallback } from './MapFallback.tsx';

// Leaflet loads with the map, never with the form that holds the picker.
const PickerMapView = lazy(() => import('./PickerMapView.tsx'));

export interface AddressPickerProps {
  label: string;
  value: TAddressInput | null;
  onChange: (value: TAddressInput | null) => void;
  /** The form's error for this address; the picker shows under each part what is missing. */
  error?: string;
  /** Quick choices, e.g. the client's saved addresses. */
  suggestions?: TAddress[];
  required?: boolean;
  testId?: string;
  /** The map's height in pixels. */
  mapHeight?: number;
}

/**
 * An address picked on the map (spec 000 sections 2 and 9): its name, a search of places (from 3
 * characters, 300 ms after the last keystroke, through GET /api/geo/search), the map where a click
 * or a dragged marker sets the point, and the saved addresses as quick choices. Picking a place
 * fills the name when empty, the description and the point, and centres the map at zoom 15.
 * The search box works from the keyboard (arrows and Enter); the map is the pointer's way.
 */
export function AddressPicker({ label, value, onChange, error, suggestions, required, testId = 'address-picker', mapHeight = 220 }: AddressPickerProps) {
  const id = useId();
  const config = useGeoConfig();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), GEO_SEARCH_DEBOUNCE_MS);
  const searching = debounced.length >= GEO_SEARCH_MIN_LENGTH;
  const results = useGeoSearch(debounced, searching);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [focusKey, setFocusKey] = useState(0);
  const point = pointOf(value);
  const saved = usableSuggestions(suggestions);
  // Field-level messages appear once the form reported a problem with this address.
  const problems = error ? addressErrors(value) : {};
  const otherError = error && !problems.name && !problems.location ? error : undefined;

  const choose = (place: TGeoPlace | TAddress) => {
    onChange(fromPlace(value, place));
    setFocusKey((k) => k + 1);
  };
  const pick = useCallback((p: GeoPoint) => onChange(withPoint(value, p)), [onChange, value]);

  const items = results.data?.items ?? [];
  const typedTooShort = search.trim().length > 0 && search.trim().length < GEO_SEARCH_MIN_LENGTH;
  const waiting = searching && (results.isFetching || debounced !== search.trim());

  return (
    <Fieldset legend={required ? `${label} *` : label} data-testid={testId} radius="md" p="sm" style={{ minWidth: 0 }}>
      <Stack gap="xs">
        <TextInput
          label="Nom de l'adresse"
          withAsterisk
          placeholder="Ex. : Siège, Entrepôt, Aéroport"
          value={value?.name ?? ''}
          onChange={(e) => onChange(withName(value, e.currentTarget.value))}
          error={problems.name}
          data-testid={`${testId}-name`}
        />
        <Combobox
          store={combobox}
          onOptionSubmit={(v) => {
            const place = items[Number(v)];
            if (place) choose(place);
            setSearch('');
            combobox.closeDropdown();
          }}
          withinPortal
        >
          <Combobox.Target>
            <TextInput
              label="Rechercher une adresse"
              placeholder="3 caractères minimum"
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                combobox.openDropdown();
                combobox.updateSelectedOptionIndex();
              }}
              onClick={() => combobox.openDropdown()}
              onFocus={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
              rightSection={waiting ? <Loader size={16} /> : null}
              autoComplete="off"
              data-testid={`${testId}-search`}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={search.trim() === ''}>
            <Combobox.Options aria-label="Adresses trouvées" mah={260} style={{ overflowY: 'auto' }}>
              {typedTooShort ? (
                <Combobox.Empty>{GEO_MESSAGES.searchShort}</Combobox.Empty>
              ) : waiting && items.length === 0 ? (
                <Combobox.Empty>Recherche…</Combobox.Empty>
              ) : items.length === 0 ? (
                <Combobox.Empty data-testid={`${testId}-no-result`}>{results.isError ? results.error.message : GEO_MESSAGES.noResult}</Combobox.Empty>
              ) : (
                items.map((place, i) => (
                  <Combobox.Option value={String(i)} key={`${place.latitude},${place.longitude},${i}`} data-testid={`${testId}-option`}>
                    <Text size="sm" fw={500}>
                      {place.name}
                    </Text>
                    {place.description ? (
                      <Text size="xs" c="dimmed">
                        {place.description}
                      </Text>
                    ) : null}
                  </Combobox.Option>
                ))
              )}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        {saved.length > 0 ? (
          <Group gap={6} role="group" aria-label="Adresses enregistrées">
            {saved.map((s, i) => (
              <Button key={`${s.name}-${i}`} size="compact-sm" variant="light" onClick={() => choose(s)} data-testid={`${testId}-suggestion`} title={placeLabel(s)} maw="100%">
                {s.name}
              </Button>
            ))}
          </Group>
        ) : null}
        <div
          role="group"
          aria-labelledby={`${id}-map-help`}
          data-testid={`${testId}-map`}
          style={{ borderRadius: 8, overflow: 'hidden', border: `1px solid ${problems.location ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}` }}
        >
          {config.isPending ? (
            <MapFallback height={mapHeight} />
          ) : (
            <Suspense fallback={<MapFallback height={mapHeight} />}>
              <PickerMapView config={config.data} point={point} focusKey={focusKey} onPick={pick} height={mapHeight} />
            </Suspense>
          )}
        </div>
        <Text id={`${id}-map-help`} size="xs" c="dimmed">
          Touchez la carte pour placer l'adresse, puis déplacez le repère pour l'ajuster.
        </Text>
        {point ? (
          <Text size="sm" data-testid={`${testId}-picked`} style={{ overflowWrap: 'anywhere' }}>
            {value?.description ? `${value.description} · ` : ''}
            <Text span size="xs" c="dimmed">
              {point.latitude.toFixed(5)}, {point.longitude.toFixed(5)}
            </Text>
          </Text>
        ) : null}
        {problems.location || otherError ? (
          <Text size="sm" c="red" role="alert" data-testid={`${testId}-error`}>
            {problems.location ?? otherError}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
