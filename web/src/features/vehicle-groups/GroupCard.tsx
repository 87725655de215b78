import { Badge, Button, Card, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TVehicleGroup } from '@flotte/contract/vehicle-groups';
import { adminName } from './group-form.ts';

/** The card shows this many administrators by name, then a count of the others (spec 000 section 9). */
export const CARD_ADMIN_NAMES = 4;

export interface GroupCardProps {
  group: TVehicleGroup;
  canManage: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A vehicle group at a glance: title, description, administrators, vehicles; opens its vehicles. */
export function GroupCard({ group, canManage, onOpen, onEdit, onDelete }: GroupCardProps) {
  const shown = group.admins.slice(0, CARD_ADMIN_NAMES);
  const others = Math.max(0, group.admins_count - shown.length);
  return (
    <Card withBorder radius="md" padding="md" data-testid="group-card" data-group-title={group.title}>
      <Stack gap="xs" h="100%">
        {/* Named by what it shows, after a hidden 'what it does': a label replacing the card's text would hide it. */}
        <UnstyledButton onClick={onOpen} style={{ flexGrow: 1 }} data-testid="group-card-open">
          <VisuallyHidden>Voir les véhicules du groupe </VisuallyHidden>
          <Stack gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="group-card-title">
              {group.title}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={3}>
              {group.description || 'Aucune description'}
            </Text>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
                Administrateurs
              </Text>
              {group.admins_count === 0 ? (
                <Text size="sm" c="dimmed">
                  Aucun administrateur
                </Text>
              ) : (
                <Group gap={4} data-testid="group-card-admins">
                  {shown.map((a) => (
                    <Badge key={a.profile_id} variant="light" color="gray" tt="none" fw={500}>
                      {adminName(a)}
                    </Badge>
                  ))}
                  {others > 0 ? (
                    <Badge variant="light" tt="none" data-testid="group-card-admins-more">
                      +{others}
                    </Badge>
                  ) : null}
                </Group>
              )}
            </div>
            <Badge variant="light" data-testid="group-card-vehicles">
              {group.vehicles_count} véhicule{group.vehicles_count > 1 ? 's' : ''}
            </Badge>
          </Stack>
        </UnstyledButton>
        {canManage ? (
          <Group gap="xs" mt={4}>
            <Button size="xs" variant="light" onClick={onEdit} data-testid="group-edit">
              Modifier
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={onDelete} data-testid="group-delete">
              Supprimer
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
