import { Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import { ACTION_PERMISSIONS, ACTION_PERMISSION_CODES, TAB_VIEWS, TAB_VIEW_CODES } from '@flotte/contract';
import { PERMISSION_DESCRIPTIONS } from '@flotte/contract/permission-descriptions';

/**
 * 'Vos accès': what this profile may open and do, in the catalogue's French words. On the account
 * page (issue 17 section 4): the home is for the fleet's figures.
 */
export function AccessCard({ permissions }: { permissions: readonly string[] }) {
  const held = new Set(permissions);
  const views = TAB_VIEW_CODES.filter((code) => held.has(code));
  const actions = ACTION_PERMISSION_CODES.filter((code) => held.has(code));
  return (
    <Card withBorder radius="md" padding="md" data-testid="access-card">
      <Title order={2} fz="h4" mb="sm">
        Vos accès
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <div>
          <Text fw={600} size="sm" mb={6}>
            Écrans autorisés ({views.length})
          </Text>
          {views.length ? (
            <List size="sm" spacing={4} data-testid="granted-views">
              {views.map((code) => (
                <List.Item key={code}>{TAB_VIEWS[code].label}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              Aucun écran autorisé.
            </Text>
          )}
        </div>
        <div>
          <Text fw={600} size="sm" mb={6}>
            Actions autorisées ({actions.length})
          </Text>
          {actions.length ? (
            <List size="sm" spacing={4} data-testid="granted-actions">
              {actions.map((code) => (
                <List.Item key={code}>
                  <Text span size="sm" fw={500}>
                    {ACTION_PERMISSIONS[code].label}
                  </Text>
                  <Text span size="xs" c="dimmed">
                    {' '}
                    — {PERMISSION_DESCRIPTIONS[code]}
                  </Text>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              Aucune action autorisée.
            </Text>
          )}
        </div>
      </SimpleGrid>
    </Card>
  );
}
