import { ActionIcon, Avatar, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { TCaisse } from '@flotte/contract/caisses';
import { Money } from '../../ui/Money.tsx';
import { adminName, HIDDEN_BALANCE, splitAvatars } from './caisse-display.ts';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

export interface CaisseCardProps {
  caisse: TCaisse;
  /** Whether the balance shows (the eye toggles it). */
  balanceShown: boolean;
  onToggleBalance: () => void;
  /** MANAGE_CAISSE: edit and delete show on the caisses that may change. */
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** A caisse at a glance: name, balance (hidden on demand), operator, administrators. */
export function CaisseCard({ caisse, balanceShown, onToggleBalance, canManage, onEdit, onDelete }: CaisseCardProps) {
  const { shown, more } = splitAvatars(caisse.admin_profiles);
  return (
    <Card withBorder radius="md" padding="md" data-testid="caisse-card" data-caisse-name={caisse.name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="caisse-card-name">
              {caisse.name}
            </Text>
            {caisse.description ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {caisse.description}
              </Text>
            ) : null}
          </div>
          {caisse.is_default ? (
            <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
              Par défaut
            </Badge>
          ) : null}
        </Group>

        <Group gap={6} wrap="nowrap">
          {balanceShown ? (
            <Money amount={caisse.sold} fw={700} size="xl" data-testid="caisse-card-sold" />
          ) : (
            <Text fw={700} size="xl" data-testid="caisse-card-sold-hidden">
              {HIDDEN_BALANCE}
            </Text>
          )}
          <Tooltip label={balanceShown ? 'Masquer le solde' : 'Afficher le solde'}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onToggleBalance}
              aria-label={balanceShown ? 'Masquer le solde' : 'Afficher le solde'}
              aria-pressed={!balanceShown}
              data-testid="caisse-card-toggle"
            >
              {balanceShown ? <EyeOffIcon /> : <EyeIcon />}
            </ActionIcon>
          </Tooltip>
        </Group>

        {caisse.vtc_withdraw || caisse.phone ? (
          <Text size="sm" c="dimmed">
            {[caisse.vtc_withdraw?.title, caisse.phone].filter(Boolean).join(' · ')}
          </Text>
        ) : null}

        <Group justify="space-between" mt="auto" wrap="nowrap">
          {caisse.admin_profiles.length === 0 ? (
            <Text size="xs" c="dimmed">
              Aucun administrateur
            </Text>
          ) : (
            <Tooltip.Group openDelay={200}>
              <Avatar.Group spacing="xs" data-testid="caisse-card-admins">
                {shown.map((a) => (
                  <Tooltip key={a.profile_id} label={a.role ? `${adminName(a)} · ${a.role}` : adminName(a)}>
                    <Avatar src={a.image} name={adminName(a)} color="initials" size="sm" alt={adminName(a)} />
                  </Tooltip>
                ))}
                {more > 0 ? (
                  <Tooltip label={caisse.admin_profiles.slice(shown.length).map(adminName).join(', ')}>
                    <Avatar size="sm" data-testid="caisse-card-admins-more">
                      +{more}
                    </Avatar>
                  </Tooltip>
                ) : null}
              </Avatar.Group>
            </Tooltip.Group>
          )}
          {canManage && caisse.editable ? (
            <Group gap={4} wrap="nowrap">
              <Button size="xs" variant="light" onClick={onEdit} data-testid="caisse-edit">
                Modifier
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={onDelete} data-testid="caisse-delete">
                Supprimer
              </Button>
            </Group>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
