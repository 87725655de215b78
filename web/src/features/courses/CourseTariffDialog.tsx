import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COURSE_MESSAGES } from '@flotte/contract/courses';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { coursesApi } from './courses-api.ts';
import { courseKeys, useCourseTariff } from './queries.ts';

/** A valid tariff: two amounts of 0 or more. */
export function tariffError(baseFee: number | null, perKm: number | null): string | null {
  const ok = (v: number | null) => v !== null && Number.isFinite(v) && v >= 0;
  return ok(baseFee) && ok(perKm) ? null : COURSE_MESSAGES.amount;
}

/**
 * 'Tarif': the park's price of a course, a base fee plus a price per kilometre, from which the
 * form suggests each course's amount (the person may always type another).
 */
export function CourseTariffDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const canManage = usePermissions().can('MANAGE_COURSES');
  const tariff = useCourseTariff(opened);
  const [baseFee, setBaseFee] = useState<number | null>(null);
  const [perKm, setPerKm] = useState<number | null>(null);
  useEffect(() => {
    if (opened && tariff.data) {
      setBaseFee(tariff.data.base_fee);
      setPerKm(tariff.data.price_per_km);
    }
  }, [opened, tariff.data]);

  const save = useMutation({ mutationFn: () => coursesApi.saveTariff({ base_fee: baseFee ?? 0, price_per_km: perKm ?? 0 }), meta: { errorToast: false } });

  async function submit() {
    const failed = tariffError(baseFee, perKm);
    if (failed) {
      toast.error(failed);
      return;
    }
    try {
      const saved = await save.mutateAsync();
      queryClient.setQueryData(courseKeys.tariff(), saved);
      // Suggestions already shown were priced with the old tariff.
      void queryClient.invalidateQueries({ queryKey: [...courseKeys.all, 'quote'] });
      toast.success(COURSE_MESSAGES.tariffSaved);
      onClose();
    } catch (error) {
      toastApiError(error);
    }
  }

  const currency = tariff.data?.currency;
  return (
    // Two fields: a centred dialog, even on a phone.
    <Modal opened={opened} onClose={onClose} title="Tarif des courses" size="sm" centered data-testid="course-tariff-dialog">
      {tariff.isError ? (
        <LoadError title="Impossible de charger le tarif" error={tariff.error} onRetry={() => void tariff.refetch()} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Le montant suggéré d'une course est la prise en charge plus le prix au kilomètre multiplié par la distance.
          </Text>
          <AmountInput label="Prise en charge" required value={baseFee} onChange={setBaseFee} currency={currency} disabled={!canManage || tariff.isPending} testId="course-tariff-base" />
          <AmountInput label="Prix au kilomètre" required value={perKm} onChange={setPerKm} currency={currency} disabled={!canManage || tariff.isPending} testId="course-tariff-km" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            {canManage ? (
              <Button onClick={() => void submit()} loading={save.isPending} disabled={tariff.isPending} data-testid="course-tariff-submit">
                Enregistrer
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
