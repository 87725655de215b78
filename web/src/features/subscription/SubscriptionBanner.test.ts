import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TSubscriptionInfo } from '@flotte/contract/subscriptions';
import SubscriptionBanner from './SubscriptionBanner.tsx';
import { subscriptionKeys } from './subscription-api.ts';

// The API answers through the cache the test seeds; a call reaching the client would be a bug.
const { get } = vi.hoisted(() => ({ get: vi.fn(() => new Promise(() => undefined)) }));
vi.mock('../../api/client.ts', () => ({ api: { get }, IDEMPOTENT: { idempotent: true } }));

const INFO: TSubscriptionInfo = {
  state: 'active',
  subscription: null,
  next: null,
  vehicles_used: 3,
  vehicles_allowed: 10,
  days_left: 40,
  ends_on: '2026-12-31',
  near_end: false,
  can_add_vehicles: true,
  country_code: 'CM',
  currency: 'XAF',
  application_type: 'particulier',
  open_invoice_id: null,
};

/** The banner rendered to HTML (the repository has no DOM for tests) with GET active-subscription-info answered `info`. */
function render(info: TSubscriptionInfo | null): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (info) client.setQueryData(subscriptionKeys.info('park-1'), info);
  const html = renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, createElement(SubscriptionBanner, { parkId: 'park-1' }))),
    ),
  );
  return html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, ''); // Mantine's global styles, not the banner's
}

describe('the subscription banner', () => {
  it('shows nothing while the subscription runs for more than 15 days, nor before the answer', () => {
    expect(render(INFO)).toBe('');
    expect(render(null)).toBe('');
  });

  it('counts the days left near the end, with a link to renew', () => {
    const html = render({ ...INFO, near_end: true, days_left: 7 });
    expect(html).toContain('data-testid="subscription-banner"');
    expect(html).toContain('Votre abonnement arrive à son terme\u00a0: il reste 7 jours');
    expect(html).toMatch(/<a[^>]*href="\/dashboard\/subscription"[^>]*>Renouveler<\/a>/);
  });

  it('says the subscription has ended', () => {
    const html = render({ ...INFO, state: 'expired', vehicles_allowed: 0, days_left: 0, ends_on: null, near_end: true });
    expect(html).toContain('data-tone="danger"');
    expect(html).toContain('Votre abonnement est terminé\u00a0:');
  });

  it('warns a trial in its last 15 days', () => {
    expect(render({ ...INFO, state: 'trial', days_left: 15 })).toContain("Vous êtes en période d&#x27;essai\u00a0: il reste 15 jours");
    expect(render({ ...INFO, state: 'trial', days_left: 16 })).toBe('');
  });
});
