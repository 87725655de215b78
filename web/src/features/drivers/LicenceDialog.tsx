import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Input, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { CountrySelect } from '../../ui/countries/CountrySelect.tsx';
import { toast } from '../../ui/toast.ts';
import { checkLicence, EMPTY_LICENCE, LICENCE_MESSAGES, LICENCE_TYPES, type LicenceDraft, type LicenceInput, type LicenceType } from './licences.ts';

export interface LicenceDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Licences already listed: a type can be added once. */
  existing: readonly LicenceInput[];
  onAdd: (licence: LicenceInput) => void;
}

/** 'Ajouter un permis': type A-D, number, delivery date, permanent or with an expiry date, country. */
export function LicenceDialog({ opened, onClose, existing, onAdd }: LicenceDialogProps) {
  const [draft, setDraft] = useState<LicenceDraft>(EMPTY_LICENCE);
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof LicenceDraft>(key: K, value: LicenceDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setProblem(null);
  };

  useEffect(() => {
    if (opened) {
      // Offer the first type not yet listed: adding a second licence is the usual case.
      const free = LICENCE_TYPES.find((t) => !existing.some((l) => l.type === t)) ?? null;
      setDraft({ ...EMPTY_LICENCE, type: free });
      setProblem(null);
    }
    // Only on opening: the list changing underneath (a licence just added) must not reset the form.
  }, [opened]);

  function add() {
    const result = checkLicence(draft, existing);
    if (!result.ok) {
      setProblem(result.message);
      toast.error(result.message);
      return;
    }
    onAdd(result.licence);
    toast.success(LICENCE_MESSAGES.added);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Ajouter un permis" centered data-testid="licence-dialog">
      <Stack gap="md">
        <Input.Wrapper label="Type de permis" withAsterisk>
          <SegmentedControl
            fullWidth
            mt={4}
            value={draft.type ?? ''}
            onChange={(v) => set('type', v as LicenceType)}
            data={LICENCE_TYPES.map((t) => ({ value: t, label: t }))}
            data-testid="licence-type"
          />
        </Input.Wrapper>
        <TextInput
          label="Numéro du permis"
          withAsterisk
          autoComplete="off"
          value={draft.driver_licence_number}
          onChange={(e) => set('driver_licence_number', e.currentTarget.value)}
          data-testid="licence-number"
        />
        <Switch
          label="Permis permanent"
          checked={draft.permanent}
          onChange={(e) => set('permanent', e.currentTarget.checked)}
          data-testid="licence-permanent"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Date de délivrance"
            type="date"
            withAsterisk
            value={draft.delivery_at}
            onChange={(e) => set('delivery_at', e.currentTarget.value)}
            data-testid="licence-delivery"
          />
          {draft.permanent ? null : (
            <TextInput
              label="Date d'expiration"
              type="date"
              withAsterisk
              value={draft.expire_at}
              min={draft.delivery_at || undefined}
              onChange={(e) => set('expire_at', e.currentTarget.value)}
              data-testid="licence-expiry"
            />
          )}
        </SimpleGrid>
        <CountrySelect
          label="Pays de délivrance"
          value={draft.country_delivery}
          onChange={(iso) => set('country_delivery', iso)}
          clearable
          testId="licence-country"
        />
        {problem ? (
          <Alert color="orange" variant="light" data-testid="licence-problem">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button onClick={add} data-testid="licence-add">
            Ajouter
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
