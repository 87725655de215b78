import type { ReactNode } from 'react';
import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { navSectionsFor, type NavItem } from '../navigation.ts';
import { HomeIcon, NAV_GROUP_ICONS } from './nav-icons.tsx';

/**
 * The navigation: the dashboard, then one section per domain (Flotte, Argent, Activité,
 * Administration) with the screens this profile holds. Sections open at first and fold with a tap,
 * which on a phone keeps the list short.
 */
export function NavMenu({ permissions, onNavigate }: { permissions: readonly string[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { home, groups } = navSectionsFor(permissions);
  const isActive = (item: NavItem) => (item.path === '/dashboard' ? pathname === '/dashboard' : pathname.startsWith(item.path));
  const link = (item: NavItem, leftSection?: ReactNode) => (
    <NavLink
      key={item.code}
      component={Link}
      to={item.path}
      label={item.label}
      leftSection={leftSection}
      active={isActive(item)}
      onClick={onNavigate}
      data-testid={`nav-${item.code}`}
    />
  );

  return (
    <>
      {home ? link(home, <HomeIcon />) : null}
      {groups.map((group) => {
        const Icon = NAV_GROUP_ICONS[group.key];
        return (
          <NavLink
            key={group.key}
            label={group.label}
            leftSection={<Icon />}
            defaultOpened
            childrenOffset={28}
            fw={600}
            data-testid={`section-${group.key}`}
          >
            {group.items.map((item) => link(item))}
          </NavLink>
        );
      })}
    </>
  );
}
