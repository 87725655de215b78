import { useState } from 'react';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { LOGIN_TYPE_LABELS, OWNER_ROLE, profileRoleLabel, type TUser } from '@flotte/contract';
import { useSession } from '../../features/auth/SessionProvider.tsx';
import { usePinStepUp } from '../../ui/usePinStepUp.tsx';

export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim()[0] ?? ''}${lastName.trim()[0] ?? ''}`.toUpperCase() || '?';
}

/** Name, account, PIN check and sign-out. Switching parks is the header's park button (ParkSwitcher). */
export function UserMenu({ user }: { user: TUser }) {
  const [opened, setOpened] = useState(false);
  const { signOut } = useSession();
  const { requirePin } = usePinStepUp();
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  // The account type, then the role in French (the owner's is said once: 'Propriétaire', not twice).
  const roleText = [...new Set([LOGIN_TYPE_LABELS[user.user_type], profileRoleLabel(user.isOwner ? OWNER_ROLE : user.role, user.role_names)])].join(' · ');

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={280} shadow="md" withinPortal>
      {/*
        Named by hidden text rather than aria-label: axe counts the initials as visible text even
        when hidden from assistive tech, and a label must contain what is seen. The name reads the
        same on a phone, where only the initials show.
      */}
      <Menu.Target>
        <UnstyledButton data-testid="user-menu">
          <VisuallyHidden>Menu de {fullName}</VisuallyHidden>
          <Group gap={8} wrap="nowrap" aria-hidden>
            <Avatar src={user.image} radius="xl" size={32} color="brand" alt="">
              {initials(user.first_name, user.last_name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" truncate="end" maw={180}>
              {fullName}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" data-testid="user-menu-name">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed">
            {roleText}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/dashboard/account" data-testid="account-link">
          <Text size="sm">Mon compte</Text>
          <Text size="xs" c="dimmed">
            Changer le mot de passe
          </Text>
        </Menu.Item>
        <Menu.Item onClick={() => requirePin(() => undefined)} data-testid="verify-identity">
          Vérifier mon identité
        </Menu.Item>
        {/* 'red' would be Mantine's shade 6 here (3.3:1 on white): a shade that reads. */}
        <Menu.Item color="red.9" onClick={() => void signOut()} data-testid="sign-out">
          Se déconnecter
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
