import type { ReactNode } from 'react';

/*
 * The few line icons the kit draws (no icon library: each would add kilobytes to slow phones).
 * 24x24, stroke currentColor, hidden from screen readers: the button or text beside them speaks.
 */
type IconProps = { size?: number };

/** The frame of every line icon: features draw their own paths in it. */
export function LineIcon({ size = 18, children }: IconProps & { children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      {children}
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </LineIcon>
);

export const InboxIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 13l2.5-7h11L20 13v6H4z" />
    <path d="M4 13h4.5l1 2h5l1-2H20" />
  </LineIcon>
);

export const DownloadIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 4v11" />
    <path d="M7 10l5 5 5-5" />
    <path d="M5 20h14" />
  </LineIcon>
);

export const AlertIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 3l9.5 17h-19z" />
    <path d="M12 10v4" />
    <path d="M12 17.5v.01" />
  </LineIcon>
);

export const SortIcon = ({ direction, size = 14 }: IconProps & { direction?: 'asc' | 'desc' }) => (
  <LineIcon size={size}>
    {direction === 'asc' ? <path d="M6 15l6-6 6 6" /> : direction === 'desc' ? <path d="M6 9l6 6 6-6" /> : <path d="M8 9l4-4 4 4M8 15l4 4 4-4" />}
  </LineIcon>
);

export const CloseIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </LineIcon>
);
