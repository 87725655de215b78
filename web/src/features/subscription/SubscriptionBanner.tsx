import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SUBSCRIPTION_PATH } from '@flotte/contract/subscriptions';
import { subscriptionApi, subscriptionKeys } from './subscription-api.ts';
import { bannerOf } from './subscription-view.ts';

/** The screen's freshness (queries.ts): a day's count changes once a day, and a purchase refreshes it. */
const STALE_MS = 5 * 60_000;

/**
 * The dashboard's reminder (holders of READ_SUBSCRIPTION: the layout mounts it only for them):
 * the subscription ends within 15 days, or has ended, with a link to renew. Kept apart from the
 * screen's modules so the layout loads only this and the view helpers.
 */
export default function SubscriptionBanner({ parkId }: { parkId: string | null }) {
  const info = useQuery({
    queryKey: subscriptionKeys.info(parkId),
    queryFn: ({ signal }) => subscriptionApi.info(signal),
    staleTime: STALE_MS,
    retry: false,
  });
  const banner = info.data ? bannerOf(info.data) : null;
  if (!banner) return null;
  return (
    <Alert color={banner.tone === 'danger' ? 'red' : 'orange'} variant="light" mb="md" p="sm" role="status" data-testid="subscription-banner" data-tone={banner.tone}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {banner.text}
        </Text>
        <Anchor component={Link} to={SUBSCRIPTION_PATH} size="sm" fw={700} data-testid="subscription-banner-renew">
          Renouveler
        </Anchor>
      </Group>
    </Alert>
  );
}
