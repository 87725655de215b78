import { ActionIcon, Badge, Button, Card, Group, Menu, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { TPnlAccount } from '@flotte/contract/pnl';
import { useIsPhone } from '../../ui/data-table/useIsPhone.ts';
import { addChildLabel, canAddChild } from './pnl-tree.ts';

export interface PnlTreeActions {
  add: (parent: TPnlAccount | null) => void;
  rename: (node: TPnlAccount) => void;
  remove: (node: TPnlAccount) => void;
}

function DotsIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

function NodeRow({ node, actions, phone, testId }: { node: TPnlAccount; actions: PnlTreeActions | null; phone: boolean; testId: string }) {
  const addable = canAddChild(node);
  // On a phone the names wrap and the indent is smaller, and 'Sous-catégorie' moves into the
  // row's menu: with the button beside it, 'Encaissement recette' read 'Encaisse…' at 360 px.
  return (
    <div>
      <Group
        justify="space-between"
        gap="xs"
        wrap="nowrap"
        py={4}
        pl={(node.depth - 1) * (phone ? 14 : 20)}
        data-testid={`${testId}-node`}
        data-depth={node.depth}
        data-name={node.name}
      >
        <Group gap={6} wrap="wrap" style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={node.depth === 1 ? 600 : 400} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {node.name}
          </Text>
          {node.code ? (
            <Tooltip label="Utilisée par Flotte : elle ne peut pas être supprimée" withArrow>
              <Badge size="xs" variant="light" color="gray">
                Système
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
        {actions ? (
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            {phone ? null : (
              <Button
                size="compact-xs"
                variant="subtle"
                disabled={!addable}
                onClick={() => actions.add(node)}
                aria-label={addable ? `Ajouter une sous-catégorie à ${node.name}` : undefined}
                data-testid={`${testId}-add-child`}
              >
                {addable ? '+ Sous-catégorie' : addChildLabel(node)}
              </Button>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions sur ${node.name}`} data-testid={`${testId}-menu`}>
                  <DotsIcon />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {phone && addable ? (
                  <Menu.Item onClick={() => actions.add(node)} data-testid={`${testId}-add-child`}>
                    Ajouter une sous-catégorie
                  </Menu.Item>
                ) : null}
                <Menu.Item onClick={() => actions.rename(node)} data-testid={`${testId}-rename`}>
                  Renommer
                </Menu.Item>
                <Menu.Item color="red.9" onClick={() => actions.remove(node)} data-testid={`${testId}-delete`}>
                  Supprimer
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        ) : null}
      </Group>
      {node.children.map((c) => (
        <NodeRow key={c.id} node={c} actions={actions} phone={phone} testId={testId} />
      ))}
    </div>
  );
}

/** One type's chart ('Revenus' or 'Dépenses'): categories and their sub-categories, 3 levels at most. */
export function PnlTreeCard({
  title,
  nodes,
  loading,
  actions,
  testId,
}: {
  title: string;
  nodes: TPnlAccount[] | undefined;
  loading: boolean;
  /** null: read only (no CREATE_OPERATION). */
  actions: PnlTreeActions | null;
  testId: string;
}) {
  const phone = useIsPhone();
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {actions ? (
          <Button size="xs" onClick={() => actions.add(null)} data-testid={`${testId}-add`}>
            Ajouter une catégorie
          </Button>
        ) : null}
      </Group>
      {loading ? (
        <Stack gap="xs">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={24} />
          ))}
        </Stack>
      ) : !nodes || nodes.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucun élément trouvé
        </Text>
      ) : (
        <Stack gap={0}>
          {nodes.map((n) => (
            <NodeRow key={n.id} node={n} actions={actions} phone={phone} testId={testId} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
