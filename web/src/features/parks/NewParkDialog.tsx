import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import type { TNewPark } from '@flotte/contract/signup';
import { ApiError } from '../../api/api-error.ts';
import { toastApiError } from '../../ui/toast.ts';
import { ParkFields, type ParkFieldErrors, type ParkFieldValues } from './ParkFields.tsx';
import { CONTRACT_PARK_COUNTRIES } from './park-countries.ts';
import { checkNewPark, parkFieldErrors } from './park-form.ts';
import { parksApi } from './parks-api.ts';
import { useSwitchProfile } from './useSwitchProfile.ts';

const EMPTY: ParkFieldValues = { name: '', city: '', country_code: null };

/**
 * 'Nouveau parc', for an owner: name, city, country. The new park starts empty; once created the
 * owner works in it at once (its first steps show on the home).
 */
export function NewParkDialog({ opened, onClose, defaultCountry }: { opened: boolean; onClose: () => void; defaultCountry?: string | null }) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const switchTo = useSwitchProfile();
  const [values, setValues] = useState<ParkFieldValues>(EMPTY);
  const [errors, setErrors] = useState<ParkFieldErrors>({});
  const create = useMutation({ mutationFn: (body: TNewPark) => parksApi.create(body), meta: { errorToast: false } });

  useEffect(() => {
    if (!opened) return;
    // The owner's parks are often in one country: start from the acting park's.
    const known = CONTRACT_PARK_COUNTRIES.find((c) => c.code === defaultCountry?.toUpperCase());
    setValues({ ...EMPTY, country_code: known?.code ?? null });
    setErrors({});
  }, [opened, defaultCountry]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (create.isPending) return;
    const checked = checkNewPark(values);
    if (!checked.body) {
      setErrors(checked.errors);
      return;
    }
    try {
      const profile = await create.mutateAsync(checked.body);
      onClose();
      switchTo(profile, `Parc créé : ${profile.park.name}`);
    } catch (error) {
      const placed = error instanceof ApiError ? parkFieldErrors(error.fieldErrors) : {};
      if (Object.keys(placed).length) setErrors(placed);
      else toastApiError(error);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Nouveau parc" centered fullScreen={fullScreen ?? false} data-testid="new-park-dialog">
      <form onSubmit={submit} noValidate data-testid="new-park-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Le nouveau parc commence vide : vous y ajouterez ses véhicules, ses chauffeurs et ses agents.
          </Text>
          <ParkFields
            values={values}
            onChange={(patch) => {
              setValues((v) => ({ ...v, ...patch }));
              setErrors((e) => {
                const next = { ...e };
                for (const key of Object.keys(patch) as (keyof ParkFieldErrors)[]) delete next[key];
                return next;
              });
            }}
            errors={errors}
            countries={CONTRACT_PARK_COUNTRIES}
            testId="new-park"
            autoFocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="new-park-submit">
              Créer le parc
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
