import { callHealthBadge } from './merchant-health';
import { countText, errorRateColor, latencyText, orderedCounts, percent } from './overview';

describe('overview wording', () => {
  it('marks estimates and groups digits', () => {
    expect(countText(1234567, true)).toBe('≈ 1,234,567');
    expect(countText(12, false)).toBe('12');
  });

  it('orders counts as operators expect them, unknown ones last', () => {
    const ordered = orderedCounts([{ name: 'zzz' }, { name: 'devices' }, { name: 'merchants' }]);
    expect(ordered.map((c) => c.label)).toEqual(['Merchants', 'Devices', 'zzz']);
    expect(orderedCounts([{ name: 'footagePurges' }, { name: 'recordings' }]).map((c) => c.label)).toEqual(['Recording segments stored', 'Footage purges in progress']);
  });

  it('words rates and latencies', () => {
    expect(percent(0.0123)).toBe('1.23 %');
    expect(percent(0)).toBe('0 %');
    expect(latencyText(0.025)).toBe('≤ 25 ms');
    expect(latencyText(2.5)).toBe('≤ 2.5 s');
    expect(latencyText(null)).toBe('—');
    expect(errorRateColor(0.001, 100)).toBe('green');
    expect(errorRateColor(0.02, 100)).toBe('orange');
    expect(errorRateColor(0.2, 100)).toBe('red');
    expect(errorRateColor(0, 0)).toBe('gray');
  });
});

describe('merchant call health badge', () => {
  const base = { windowSeconds: 3600, calls: 10, failures: 0, lastFailureAt: null, lastFailure: null } as const;
  it('is red while the breaker is open, yellow after failures, green otherwise', () => {
    expect(callHealthBadge({ ...base, status: 'broken', breaker: 'open', failures: 8 })).toMatchObject({ color: 'red', label: 'breaker open' });
    expect(callHealthBadge({ ...base, status: 'failing', breaker: 'closed', failures: 1 })).toMatchObject({ color: 'yellow', label: '1 failed call' });
    expect(callHealthBadge({ ...base, status: 'healthy', breaker: 'closed' })).toMatchObject({ color: 'green', label: 'calls OK' });
    expect(callHealthBadge({ ...base, status: 'healthy', breaker: 'closed', calls: 0 })).toMatchObject({ color: 'green', label: 'no calls' });
    expect(callHealthBadge(undefined).color).toBe('gray');
  });
});
