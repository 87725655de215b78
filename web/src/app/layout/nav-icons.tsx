import type { ReactNode } from 'react';
import { LineIcon } from '../../ui/dialogs/icons.tsx';
import type { NavGroupKey } from '../navigation.ts';

// The navigation's section icons, drawn here rather than from an icon library (as ui/dialogs/icons.tsx).

export const HomeIcon = () => (
  <LineIcon>
    <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />
  </LineIcon>
);

export const NAV_GROUP_ICONS: Record<NavGroupKey, () => ReactNode> = {
  // A car seen from the side.
  fleet: () => (
    <LineIcon>
      <path d="M3 16v-3l2-5h14l2 5v3H3z" />
      <circle cx="7.5" cy="16.5" r="1.8" />
      <circle cx="16.5" cy="16.5" r="1.8" />
    </LineIcon>
  ),
  // A banknote.
  money: () => (
    <LineIcon>
      <rect x="2.5" y="6" width="19" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
    </LineIcon>
  ),
  // A bell.
  activity: () => (
    <LineIcon>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0" />
    </LineIcon>
  ),
  // A shield.
  admin: () => (
    <LineIcon>
      <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6l8-3z" />
    </LineIcon>
  ),
};
