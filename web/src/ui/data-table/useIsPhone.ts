import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (768 px) lists show cards instead of tables. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * True on a phone-sized window. Read from matchMedia during the first render (not in an effect,
 * Mantine's default) so a phone never draws the table first and then swaps it for cards.
 */
export function useIsPhone(): boolean {
  const initial = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY).matches : false;
  return useMediaQuery(PHONE_QUERY, initial, { getInitialValueInEffect: false });
}
