import { PublicTrafficWindow } from './public-traffic';

describe('the public surface\'s last hour (overview)', () => {
  it('counts requests, the platform\'s failures apart from the callers\' errors, and latency quantiles', () => {
    let now = Date.UTC(2026, 0, 1);
    const w = new PublicTrafficWindow(() => now);
    now += 10 * 60_000;
    for (let i = 0; i < 90; i++) w.observe(200, 'none', 0.004);
    w.observe(200, '000099', 0.3); // the platform failed inside a 200 envelope
    w.observe(503, 'none', 0.02);
    for (let i = 0; i < 8; i++) w.observe(200, 'OP0052', 3); // a merchant's failure: the caller's answer
    const v = w.view();
    expect(v).toMatchObject({ requests: 100, serverErrors: 2, clientErrors: 8, serverErrorRate: 0.02, p50Seconds: 0.005, p95Seconds: 5, windowSeconds: 600 });
  });

  it('forgets what is older than an hour and answers no latency without requests', () => {
    let now = Date.UTC(2026, 0, 1);
    const w = new PublicTrafficWindow(() => now);
    w.observe(500, 'none', 1);
    now += 61 * 60_000;
    expect(w.view()).toMatchObject({ requests: 0, serverErrors: 0, serverErrorRate: 0, p50Seconds: null, windowSeconds: 3600 });
  });
});
