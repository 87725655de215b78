import { ActionIcon, Indicator } from '@mantine/core';
import { Link } from 'react-router';
import { LineIcon } from '../../ui/dialogs/icons.tsx';
import { bellBadge, bellLabel } from './notification-view.ts';
import { useUnreadCount } from './queries.ts';

export const BellIcon = ({ size = 20 }: { size?: number }) => (
  <LineIcon size={size}>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0" />
  </LineIcon>
);

/**
 * The header's bell (VIEW_NOTIFICATIONS): the unread count, polled every minute and when the tab
 * comes back, leading to the notifications screen. The link's name carries the count, so the
 * figure drawn on the bell is hidden from screen readers.
 */
export function NotificationBell() {
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const badge = bellBadge(count);
  return (
    <Indicator
      label={badge ? <span aria-hidden>{badge}</span> : null}
      size={18}
      offset={4}
      color="red"
      disabled={!badge}
      zIndex={2}
      styles={{ indicator: { pointerEvents: 'none' } }}
    >
      <ActionIcon
        component={Link}
        to="/dashboard/notifications"
        variant="subtle"
        color="gray"
        size={36}
        radius="xl"
        aria-label={bellLabel(count)}
        data-testid="notification-bell"
        data-unread={count}
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}
