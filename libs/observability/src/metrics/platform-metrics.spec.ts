import { parsePrometheusText } from './prometheus-text';
import { METRICS_CONTENT_TYPE, PlatformMetrics } from './platform-metrics';

describe('PlatformMetrics', () => {
  it('counts per label set, printing labels in catalogue order whatever order the caller used', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    metrics.increment('dcp_events_consumed_total', { outcome: 'applied', subject: 'dcp.sso.user.deleted.v1', service: 'device' });
    metrics.increment('dcp_events_consumed_total', { service: 'device', subject: 'dcp.sso.user.deleted.v1', outcome: 'applied' }, 2);
    metrics.increment('dcp_events_consumed_total', { service: 'device', subject: 'dcp.sso.user.deleted.v1', outcome: 'failed' });
    const text = await metrics.render();
    expect(text).toContain('# TYPE dcp_events_consumed_total counter');
    expect(text).toContain('dcp_events_consumed_total{service="device",subject="dcp.sso.user.deleted.v1",outcome="applied"} 3');
    expect(text).toContain('dcp_events_consumed_total{service="device",subject="dcp.sso.user.deleted.v1",outcome="failed"} 1');
  });

  it('keeps only catalogue labels, so a wider object never adds a series dimension', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    const wider = { kind: 'tokens', userId: '42' };
    metrics.increment('dcp_sso_purged_rows_total', wider, 5);
    const scrape = parsePrometheusText(await metrics.render());
    expect(scrape.find('dcp_sso_purged_rows_total')).toEqual([{ name: 'dcp_sso_purged_rows_total', labels: { kind: 'tokens' }, value: 5 }]);
  });

  it('observes histograms into the catalogue buckets, with _count and _sum per label set', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    metrics.observe('dcp_rpc_client_duration_seconds', { subject: 'dcp.rpc.sso.verify', outcome: 'ok' }, 0.02);
    metrics.startTimer('dcp_rpc_client_duration_seconds')({ subject: 'dcp.rpc.sso.verify', outcome: 'ok' });
    const scrape = parsePrometheusText(await metrics.render());
    expect(scrape.types.get('dcp_rpc_client_duration_seconds')).toBe('histogram');
    const labels = { subject: 'dcp.rpc.sso.verify', outcome: 'ok' };
    expect(scrape.find('dcp_rpc_client_duration_seconds_count', labels)[0].value).toBe(2);
    const buckets = scrape.find('dcp_rpc_client_duration_seconds_bucket', labels).map((s) => s.labels.le);
    expect(buckets).toEqual(['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf']);
    expect(scrape.find('dcp_rpc_client_duration_seconds_bucket', { ...labels, le: '+Inf' })[0].value).toBe(2);
    expect(scrape.find('dcp_rpc_client_duration_seconds_bucket', { ...labels, le: '0.025' })[0].value).toBeGreaterThanOrEqual(1);
  });

  it('samples a gauge from every sampler on each scrape; a failing sampler contributes nothing', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    let deviceBacklog = 3;
    metrics.sample('dcp_outbox_pending', async () => [{ labels: { service: 'device' }, value: deviceBacklog }]);
    metrics.sample('dcp_outbox_pending', async () => [{ labels: { service: 'sso' }, value: 1 }]);
    metrics.sample('dcp_outbox_pending', () => Promise.reject(new Error('database down')));
    let scrape = parsePrometheusText(await metrics.render());
    expect(scrape.find('dcp_outbox_pending').map((s) => [s.labels.service, s.value])).toEqual([
      ['device', 3],
      ['sso', 1],
    ]);
    deviceBacklog = 0;
    scrape = parsePrometheusText(await metrics.render());
    expect(scrape.find('dcp_outbox_pending', { service: 'device' })[0].value).toBe(0);
    expect(scrape.types.get('dcp_outbox_pending')).toBe('gauge');
  });

  it('exports Node process metrics under their standard names, in its own registry', async () => {
    const metrics = new PlatformMetrics();
    const scrape = parsePrometheusText(await metrics.render());
    for (const family of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(scrape.types.has(family)).toBe(true);
    }
    expect(METRICS_CONTENT_TYPE).toBe(metrics.registry.contentType);
    // A second process-level registry (another runtime in the same test process) does not collide.
    expect(() => new PlatformMetrics()).not.toThrow();
  });
});
