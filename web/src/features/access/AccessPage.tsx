import { useState } from 'react';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { actingPark } from '../../app/layout/acting-park.ts';
import { RouteLoader } from '../../ui/RouteLoader.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { AdminsTab } from './AdminsTab.tsx';
import { RolesTab } from './RolesTab.tsx';

type AccessTab = 'admins' | 'roles';

/** /dashboard/access (VIEW_ACCESS_MANAGEMENT): 'Administrateurs' and 'Rôles'. */
export default function AccessPage() {
  const user = useCurrentUser();
  const { parkId: sessionParkId } = useSession();
  const { can } = usePermissions();
  const [tab, setTab] = useState<AccessTab>('admins');
  const park = user.data ? actingPark(user.data, sessionParkId) : null;
  // The view lets one in; changing anything takes MANAGE_ACCESS, as the server checks.
  const canManage = can('MANAGE_ACCESS');

  if (!user.data) return <RouteLoader />;
  return (
    <Stack gap="md" data-testid="access-page">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Gestion des accès
        </Title>
        <Text c="dimmed" size="sm">
          Qui administre {park ? `le parc ${park.name}` : 'votre parc'}, et ce que chacun peut y faire.
        </Text>
      </div>
      <Tabs value={tab} onChange={(v) => setTab((v as AccessTab | null) ?? 'admins')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="admins" data-testid="access-tab-admins">
            Administrateurs
          </Tabs.Tab>
          <Tabs.Tab value="roles" data-testid="access-tab-roles">
            Rôles
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="admins" pt="md">
          {park ? <AdminsTab parkId={park.id} canManage={canManage} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="roles" pt="md">
          <RolesTab canManage={canManage} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
