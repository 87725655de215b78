import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WITHDRAW_MESSAGES, WITHDRAW_SUCCESS, type TWithdrawMeans } from '@flotte/contract/withdrawals';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { toast } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { meansBody } from './withdrawal-form.ts';
import { useWithdrawModeList, withdrawalKeys } from './queries.ts';
import { withdrawalsApi } from './withdrawals-api.ts';

export interface MeansFormDialogProps {
  opened: boolean;
  /** null adds a means. */
  means: TWithdrawMeans | null;
  parkId: string;
  onClose: () => void;
}

/** Add or edit a withdrawal method (spec 001 section 2.3): title, mode, and the phone number with its country code. */
export function MeansFormDialog({ opened, means, parkId, onClose }: MeansFormDialogProps) {
  const park = useActingPark();
  const queryClient = useQueryClient();
  const modes = useWithdrawModeList(park?.country_code, opened);
  const [title, setTitle] = useState('');
  const [phone, setPhone] = useState('');
  const [modeId, setModeId] = useState<number | null>(null);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setTitle(means?.title ?? '');
    setPhone(means?.phone_number ?? '');
    setModeId(means?.vct_withdraw.id ?? null);
    setTried(false);
  }, [opened, means]);

  const save = useMutation({
    mutationFn: (body: NonNullable<ReturnType<typeof meansBody>>) => (means ? withdrawalsApi.updateMeans(means.id, body) : withdrawalsApi.addMeans(body)),
    onSuccess: () => {
      toast.success(means ? WITHDRAW_SUCCESS.meansUpdated : WITHDRAW_SUCCESS.meansAdded);
      void queryClient.invalidateQueries({ queryKey: withdrawalKeys.means(parkId) });
      onClose();
    },
  });

  const submit = () => {
    setTried(true);
    const body = meansBody({ title, phone, modeId }, parkId);
    if (!body) {
      toast.error(WITHDRAW_MESSAGES.checkFields);
      return;
    }
    save.mutate(body);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={means ? 'Modifier le moyen de retrait' : 'Ajouter un moyen de retrait'} data-testid="means-dialog">
      <Stack gap="md">
        <TextInput
          label="Titre"
          withAsterisk
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={tried && !title.trim() ? WITHDRAW_MESSAGES.titleRequired : undefined}
          data-testid="means-title"
        />
        <Select
          label="Mode de retrait"
          withAsterisk
          data={(modes.data ?? []).map((m) => ({ value: String(m.id), label: `${m.title} (${m.fees} %)` }))}
          value={modeId === null ? null : String(modeId)}
          onChange={(v) => setModeId(v ? Number(v) : null)}
          nothingFoundMessage={modes.isPending ? 'Chargement…' : 'Aucun mode de retrait dans ce pays'}
          error={tried && modeId === null ? WITHDRAW_MESSAGES.modeRequired : undefined}
          data-testid="means-mode"
        />
        <PhoneInput label="Numéro de téléphone" required value={phone} onChange={setPhone} testId="means-phone" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="means-submit">
            {means ? 'Enregistrer' : 'Ajouter'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
