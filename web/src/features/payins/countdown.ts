import { formatCountdown, isPayinOpen, type TPayinStatus } from '@flotte/contract/payins';

export { formatCountdown };

/** What the validation card shows, from the server's status and the local countdown. */
export type CardState = 'pending' | 'success' | 'failed' | 'expired' | 'cancelled';

/**
 * The card's state: the server's final word wins (a payment that succeeds at the last second is a
 * success); while the operator hasn't answered, a countdown at zero reads 'Transaction expirée'.
 */
export function cardState(status: TPayinStatus, secondsLeft: number): CardState {
  if (status === 'success' || status === 'failed' || status === 'cancelled') return status;
  if (status === 'expired' || (isPayinOpen(status) && secondsLeft <= 0)) return 'expired';
  return 'pending';
}

/** Share of the countdown left, 0 to 100, for the progress bar. */
export function countdownPercent(secondsLeft: number, totalSeconds: number): number {
  if (totalSeconds <= 0) return 0;
  return Math.min(100, Math.max(0, (secondsLeft / totalSeconds) * 100));
}
