import { describe, expect, it } from 'vitest';
import { cardState, countdownPercent, formatCountdown } from './countdown.ts';

describe('the validation card countdown', () => {
  it('shows m:ss (spec 001 section 4)', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(299)).toBe('4:59');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('never shows a negative, fractional or missing time', () => {
    expect(formatCountdown(-4)).toBe('0:00');
    expect(formatCountdown(61.9)).toBe('1:01');
    expect(formatCountdown(Number.NaN)).toBe('0:00');
  });

  it('reads expired at zero while the operator has not answered, and lets the final answer win', () => {
    expect(cardState('pending', 12)).toBe('pending');
    expect(cardState('init', 12)).toBe('pending');
    expect(cardState('pending', 0)).toBe('expired');
    expect(cardState('expired', 40)).toBe('expired');
    expect(cardState('success', 0)).toBe('success');
    expect(cardState('failed', 100)).toBe('failed');
    expect(cardState('cancelled', 100)).toBe('cancelled');
  });

  it('fills the progress bar with what is left', () => {
    expect(countdownPercent(300, 300)).toBe(100);
    expect(countdownPercent(150, 300)).toBe(50);
    expect(countdownPercent(0, 300)).toBe(0);
    expect(countdownPercent(400, 300)).toBe(100);
  });
});
