import type { ReactNode } from 'react';

// A few line icons, drawn here rather than from an icon library (see ui/dialogs/icons.tsx).
function Svg({ size = 16, children }: { size?: number; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      {children}
    </svg>
  );
}

export const ChevronDownIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

export const CheckIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Svg>
);

export const PlusIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);

export const ChevronRightIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M9 6l6 6-6 6" />
  </Svg>
);
