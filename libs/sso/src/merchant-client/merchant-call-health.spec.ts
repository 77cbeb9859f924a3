import { MerchantCallHealthWindow } from './merchant-call-health';

describe('merchant call health (the last hour, this replica)', () => {
  it('counts calls and failures per merchant, with the last failure; healthy, failing or broken', () => {
    let now = Date.UTC(2026, 10, 27, 10, 0);
    const w = new MerchantCallHealthWindow(() => now);
    w.record('good');
    for (let i = 0; i < 8; i++) w.record('bad', 'is_valid_token: merchant answered HTTP 502');
    w.record('bad');
    expect(w.health('good', 'closed')).toMatchObject({ status: 'healthy', calls: 1, failures: 0, lastFailure: null });
    expect(w.health('bad', 'closed')).toMatchObject({ status: 'failing', calls: 9, failures: 8, lastFailure: 'is_valid_token: merchant answered HTTP 502', lastFailureAt: '2026-11-27T10:00:00.000Z' });
    expect(w.health('bad', 'open')).toMatchObject({ status: 'broken', breaker: 'open' });
    expect(w.health('never', 'closed')).toMatchObject({ status: 'healthy', calls: 0 });
    expect(w.known().sort()).toEqual(['bad', 'good']);
    now += 30 * 60_000;
    w.record('good');
    expect(w.health('bad', 'closed').failures).toBe(8);
    now += 31 * 60_000;
    expect(w.health('bad', 'closed')).toMatchObject({ status: 'healthy', calls: 0, failures: 0, lastFailure: null });
    expect(w.known()).toEqual(['good']);
  });
});
