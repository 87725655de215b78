import { useState } from 'react';
import { Avatar, Group, Loader, Menu, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { LOGIN_TYPE_LABELS, type TProfileSummary, type TUser } from '@flotte/contract';
import { useProfiles } from '../../features/auth/queries.ts';
import { sessionStore } from '../../features/auth/session.ts';
import { useSession } from '../../features/auth/SessionProvider.tsx';
import { usePinStepUp } from '../../ui/usePinStepUp.tsx';
import { toast } from '../../ui/toast.ts';

export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim()[0] ?? ''}${lastName.trim()[0] ?? ''}`.toUpperCase() || '?';
}

/** Name, profile and park switcher, PIN check and sign-out. */
export function UserMenu({ user }: { user: TUser }) {
  const [opened, setOpened] = useState(false);
  const { signOut, profileId } = useSession();
  const { requirePin } = usePinStepUp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const profiles = useProfiles(opened);
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const otherProfiles = (profiles.data ?? []).filter((p) => p.id !== profileId);

  function switchTo(profile: TProfileSummary) {
    sessionStore.switchProfile(profile.id, profile.park.id);
    // Everything cached belongs to the previous profile's park: drop it and load afresh.
    queryClient.clear();
    navigate('/dashboard');
    toast.success(`Profil changé : ${profile.park.name}`);
  }

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={280} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Menu de ${fullName}`} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
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
            {LOGIN_TYPE_LABELS[user.user_type]} · {user.role}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Label>Changer de profil</Menu.Label>
        {profiles.isPending ? (
          <Group justify="center" py={6}>
            <Loader size="xs" aria-label="Chargement des profils" />
          </Group>
        ) : otherProfiles.length === 0 ? (
          <Text size="xs" c="dimmed" px="sm" py={4}>
            {profiles.isError ? 'Impossible de charger vos profils.' : 'Aucun autre profil disponible.'}
          </Text>
        ) : (
          otherProfiles.map((profile) => (
            <Menu.Item key={profile.id} onClick={() => switchTo(profile)} data-testid={`profile-${profile.id}`}>
              <Text size="sm">{profile.park.name}</Text>
              <Text size="xs" c="dimmed">
                {[profile.park.city, profile.roles.map((r) => r.name).join(', ') || profile.role].filter(Boolean).join(' · ')}
              </Text>
            </Menu.Item>
          ))
        )}
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
        <Menu.Item color="red" onClick={() => void signOut()} data-testid="sign-out">
          Se déconnecter
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
