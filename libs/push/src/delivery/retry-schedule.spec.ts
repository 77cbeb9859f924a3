import { nextAttemptAt, retryDelayMs } from './retry-schedule';

describe('retryDelayMs', () => {
  it('doubles from 2 s with jitter between half and all of the step, up to 10 minutes', () => {
    expect(retryDelayMs(1, undefined, () => 0)).toBe(1_000);
    expect(retryDelayMs(1, undefined, () => 1)).toBe(2_000);
    expect(retryDelayMs(3, undefined, () => 1)).toBe(8_000);
    expect(retryDelayMs(4, undefined, () => 0.5)).toBe(12_000);
    expect(retryDelayMs(30, undefined, () => 1)).toBe(600_000);
    expect(retryDelayMs(30, undefined, () => 0)).toBe(300_000);
  });

  it('waits at least what the provider asked (Retry-After)', () => {
    expect(retryDelayMs(1, 30_000, () => 1)).toBe(30_000);
    expect(retryDelayMs(20, 1_000, () => 1)).toBe(150_000);
  });
});

describe('nextAttemptAt', () => {
  const limits = { maxAttempts: 5, createdAtMs: 0, maxAgeMs: 60_000 };

  it('schedules the next attempt while attempts and age remain', () => {
    expect(nextAttemptAt(10_000, 2, undefined, limits, () => 1)).toBe(14_000);
  });

  it('gives up after the last attempt', () => {
    expect(nextAttemptAt(10_000, 5, undefined, limits, () => 1)).toBeUndefined();
  });

  it('gives up when the next attempt would come after the alarm is too old to push', () => {
    expect(nextAttemptAt(50_000, 4, undefined, limits, () => 1)).toBeUndefined();
    expect(nextAttemptAt(10_000, 1, 55_000, limits, () => 1)).toBeUndefined();
  });
});
