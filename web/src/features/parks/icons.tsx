import { LineIcon } from '../../ui/dialogs/icons.tsx';

// A few line icons, drawn here rather than from an icon library (see ui/dialogs/icons.tsx).

export const ChevronDownIcon = ({ size }: { size?: number }) => (
  <LineIcon size={size}>
    <path d="M6 9l6 6 6-6" />
  </LineIcon>
);

export const CheckIcon = ({ size }: { size?: number }) => (
  <LineIcon size={size}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </LineIcon>
);

export const PlusIcon = ({ size }: { size?: number }) => (
  <LineIcon size={size}>
    <path d="M12 5v14M5 12h14" />
  </LineIcon>
);

export const ChevronRightIcon = ({ size }: { size?: number }) => (
  <LineIcon size={size}>
    <path d="M9 6l6 6-6 6" />
  </LineIcon>
);
