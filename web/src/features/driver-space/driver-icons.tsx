import { LineIcon } from '../../ui/dialogs/icons.tsx';

// The driver space's icons, drawn like the navigation's (app/layout/nav-icons.tsx).

export const HomeIcon = () => (
  <LineIcon size={22}>
    <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />
  </LineIcon>
);
export const CalendarIcon = () => (
  <LineIcon size={22}>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </LineIcon>
);
export const OweIcon = () => (
  <LineIcon size={22}>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
  </LineIcon>
);
export const PaidIcon = () => (
  <LineIcon size={22}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l2.5 2.5L16 9.5" />
  </LineIcon>
);
export const SalaryIcon = () => (
  <LineIcon size={22}>
    <path d="M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4z" />
    <path d="M4 7V6a2 2 0 0 1 2-2h10M16 13.5h.01" />
  </LineIcon>
);
export const BellIcon = () => (
  <LineIcon size={22}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </LineIcon>
);
export const SignOutIcon = () => (
  <LineIcon size={20}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10" />
  </LineIcon>
);
