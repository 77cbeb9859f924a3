import { PlatformMetrics } from '@dcp/observability';
import { parsePrometheusText } from '@dcp/testing';
import { SsoMetrics } from './sso-metrics';

describe('SsoMetrics.merchantCall', () => {
  it('times each call per merchant, endpoint and result, and counts unavailable answers as failures', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    const sso = new SsoMetrics(metrics);
    sso.merchantCall('acme', 'is_valid_token', 'user', performance.now());
    sso.merchantCall('acme', 'is_valid_token', 'refused', performance.now());
    sso.merchantCall('acme', 'get_user_profile', 'unavailable', performance.now());
    sso.merchantCall('other', 'is_valid_token', 'unavailable', performance.now());
    const scrape = parsePrometheusText(await metrics.render());
    const calls = scrape.find('dcp_sso_merchant_call_duration_seconds_count').map((s) => [s.labels.merchant, s.labels.endpoint, s.labels.result, s.value]);
    expect(calls).toEqual([
      ['acme', 'is_valid_token', 'user', 1],
      ['acme', 'is_valid_token', 'refused', 1],
      ['acme', 'get_user_profile', 'unavailable', 1],
      ['other', 'is_valid_token', 'unavailable', 1],
    ]);
    const failures = scrape.find('dcp_sso_merchant_call_failures_total').map((s) => [s.labels.merchant, s.labels.endpoint, s.value]);
    expect(failures).toEqual([
      ['acme', 'get_user_profile', 1],
      ['other', 'is_valid_token', 1],
    ]);
  });
});

describe('SsoMetrics.breaker', () => {
  it('lists each merchant whose breaker is open with 1, and drops it once it closed', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    const sso = new SsoMetrics(metrics);
    const open = async () => parsePrometheusText(await metrics.render()).find('dcp_sso_merchant_breaker_open').map((s) => [s.labels.merchant, s.value]);
    expect(await open()).toEqual([]);
    sso.breaker('acme', 'open');
    sso.breaker('other', 'open');
    expect(await open()).toEqual([
      ['acme', 1],
      ['other', 1],
    ]);
    sso.breaker('acme', 'closed');
    expect(await open()).toEqual([['other', 1]]);
  });
});
