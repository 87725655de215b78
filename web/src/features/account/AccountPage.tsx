import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../auth/queries.ts';
import { AccessCard } from './AccessCard.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** 'Mon compte' (/dashboard/account): every signed-in person, whatever their roles; the password, then what they may do ('Vos accès'). */
export default function AccountPage() {
  const user = useCurrentUser();
  return (
    <Stack gap="md" data-testid="account-page">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Mon compte
        </Title>
        {user.data ? (
          <Text c="dimmed" size="sm" data-testid="account-identity">
            {`${user.data.first_name} ${user.data.last_name}`.trim()}
            {user.data.email || user.data.phone ? ` · ${user.data.email ?? user.data.phone}` : ''}
          </Text>
        ) : null}
      </div>
      {user.data ? <ChangePasswordForm email={user.data.email} /> : <Skeleton h={320} maw={520} radius="md" />}
      {user.data ? <AccessCard permissions={user.data.permissions} /> : null}
    </Stack>
  );
}
