import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RESET_NOTHING_CHOSEN_MESSAGE } from '@flotte/contract';
import { companyApi } from './company-api.ts';
import { useResetOptions } from './queries.ts';
import { RedirectCountdown } from './RedirectCountdown.tsx';
import { useStepUpAction } from './useStepUpAction.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';

export const RESET_DONE_MESSAGE = SUCCESS_MESSAGES.ACCOUNT_RESET;

/** 'Réinitialiser les données' (RESET_ACCOUNT): choose what to wipe, confirm with the PIN. */
export function ResetAccountCard({ parkId }: { parkId: string }) {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(false);
  const options = useResetOptions(opened);
  const stepUp = useStepUpAction();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function close() {
    if (running || done) return;
    setOpened(false);
    setChosen([]);
    setError(null);
  }

  function confirm() {
    if (chosen.length === 0) {
      setError(RESET_NOTHING_CHOSEN_MESSAGE);
      return;
    }
    stepUp(async () => {
      setRunning(true);
      try {
        await companyApi.reset(parkId, { options: chosen });
        setDone(true);
      } finally {
        setRunning(false);
      }
    });
  }

  return (
    <Card withBorder radius="md" padding="md" style={{ borderColor: 'var(--mantine-color-red-4)' }} data-testid="reset-account-card">
      <Title order={3} fz="h5" mb={4}>
        Réinitialiser les données
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Efface les données choisies de votre parc. Votre compte et votre entreprise sont conservés.
      </Text>
      <Button color="red" variant="outline" onClick={() => setOpened(true)} style={{ alignSelf: 'flex-start' }} data-testid="reset-account-open">
        Réinitialiser les données
      </Button>

      <Modal opened={opened} onClose={close} title="Réinitialiser les données" centered withCloseButton={!running && !done} data-testid="reset-account-dialog">
        {done ? (
          <RedirectCountdown
            message={RESET_DONE_MESSAGE}
            destination="le tableau de bord"
            onDone={() => {
              // Everything cached may describe wiped data: load it afresh.
              void queryClient.invalidateQueries();
              navigate('/dashboard');
            }}
          />
        ) : (
          <Stack gap="md">
            <Alert color="red" variant="filled" title="Attention : action irréversible" data-testid="reset-account-warning">
              Les éléments cochés seront définitivement effacés de votre parc. Cette action est irréversible : aucune
              sauvegarde ne permet de les récupérer.
            </Alert>
            {options.isPending ? (
              <Group justify="center" py="sm">
                <Loader size="sm" aria-label="Chargement des options" />
              </Group>
            ) : options.isError ? (
              <Alert color="red" title="Impossible de charger les options">
                <Button size="xs" variant="light" onClick={() => void options.refetch()}>
                  Réessayer
                </Button>
              </Alert>
            ) : (
              <Checkbox.Group
                label="Éléments à réinitialiser"
                value={chosen}
                onChange={(value) => {
                  setChosen(value);
                  if (value.length) setError(null);
                }}
                error={error}
                data-testid="reset-account-options"
              >
                <Stack gap="xs" mt="xs">
                  {options.data.map((option) => (
                    <Checkbox
                      key={option.code}
                      value={option.code}
                      label={option.label}
                      description={option.description}
                      disabled={running}
                      data-testid={`reset-option-${option.code}`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={running}>
                Annuler
              </Button>
              <Button color="red" onClick={confirm} loading={running} disabled={!options.data} data-testid="reset-account-confirm">
                Réinitialiser
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
