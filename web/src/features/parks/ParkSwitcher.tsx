import { lazy, Suspense, useEffect, useState } from 'react';
import { Group, Image, Loader, Menu, Text, UnstyledButton } from '@mantine/core';
import type { TParkSummary, TUser } from '@flotte/contract';
import { useProfiles } from '../auth/queries.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { CheckIcon, ChevronDownIcon, PlusIcon } from './icons.tsx';
import { profileDetail } from './park-profiles.ts';
import { useSwitchProfile } from './useSwitchProfile.ts';

// The dialog (its form, the contract's park schema, the mutation) loads when an owner opens this
// menu, not with the header every signed-in screen downloads.
const loadNewParkDialog = () => import('./NewParkDialog.tsx');
const NewParkDialog = lazy(() => loadNewParkDialog().then((m) => ({ default: m.NewParkDialog })));

/**
 * The acting park in the header, always visible (a phone too): a button that lists the person's
 * parks (GET /api/user/profiles) to switch, and 'Nouveau parc' for an owner.
 */
export function ParkSwitcher({ user, park }: { user: TUser; park: TParkSummary }) {
  const [opened, setOpened] = useState(false);
  const [creating, setCreating] = useState(false);
  const { profileId } = useSession();
  const profiles = useProfiles(opened);
  const switchTo = useSwitchProfile();
  const list = profiles.data ?? [];

  useEffect(() => {
    if (opened && user.isOwner) loadNewParkDialog().catch(() => undefined); // a failure resurfaces on the click
  }, [opened, user.isOwner]);

  return (
    <>
      <Menu opened={opened} onChange={setOpened} position="bottom-start" width={280} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton
            aria-label={`Parc : ${park.name}. Changer de parc`}
            data-testid="park-switcher"
            miw={0}
            px={6}
            py={4}
            style={{ borderRadius: 'var(--mantine-radius-sm)', minWidth: 0 }}
          >
            <Group gap={6} wrap="nowrap" miw={0}>
              {user.ets_logo ? (
                // The acting park's logo, a signed link; key: a new logo is a new link, a fresh <img>.
                <Image
                  key={user.ets_logo}
                  src={user.ets_logo}
                  alt={`Logo de ${park.name}`}
                  h={28}
                  w={28}
                  radius="sm"
                  fit="contain"
                  style={{ flexShrink: 0 }}
                  data-testid="header-park-logo"
                />
              ) : null}
              <Text size="sm" fw={600} truncate="end" miw={0} data-testid="header-park-name">
                {park.name}
              </Text>
              <span style={{ display: 'inline-flex', flexShrink: 0, color: 'var(--mantine-color-dimmed)' }}>
                <ChevronDownIcon size={16} />
              </span>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown data-testid="park-switcher-menu">
          <Menu.Label>Vos parcs</Menu.Label>
          {profiles.isPending ? (
            <Group justify="center" py={6}>
              <Loader size="xs" aria-label="Chargement des parcs" />
            </Group>
          ) : profiles.isError ? (
            <Text size="xs" c="dimmed" px="sm" py={4}>
              Impossible de charger vos parcs.
            </Text>
          ) : (
            list.map((profile) => {
              const current = profile.id === profileId;
              return (
                <Menu.Item
                  key={profile.id}
                  onClick={() => (current ? undefined : switchTo(profile, `Parc changé : ${profile.park.name}`))}
                  aria-current={current ? 'true' : undefined}
                  rightSection={current ? <CheckIcon size={16} /> : null}
                  data-testid={`park-option-${profile.id}`}
                  data-park-name={profile.park.name}
                >
                  <Text size="sm" fw={current ? 600 : 400}>
                    {profile.park.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {profileDetail(profile)}
                  </Text>
                </Menu.Item>
              );
            })
          )}
          {user.isOwner ? (
            <>
              <Menu.Divider />
              <Menu.Item leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)} data-testid="new-park">
                Nouveau parc
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {creating ? (
        <Suspense fallback={null}>
          <NewParkDialog opened onClose={() => setCreating(false)} defaultCountry={park.country_code} />
        </Suspense>
      ) : null}
    </>
  );
}
