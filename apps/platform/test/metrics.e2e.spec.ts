/**
 * /metrics as Prometheus scrapes it: the whole platform in one process, embedded and on PostgreSQL + NATS
 * (every family once, the latency histograms labelled by surface, operation, status and code, request-reply
 * on both sides, Node's process metrics), and the edge alone as distributed mode runs it (no service module
 * in its process), whose /metrics must still show its own HTTP, request-reply and process metrics.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SSO_RPC } from '@dcp/contracts';
import { type EdgeServers, startEdgeServers } from '@dcp/edge';
import { METRICS_CONTENT_TYPE } from '@dcp/observability';
import { type Runtime, createRuntime, loadConfig } from '@dcp/runtime';
import { type PrometheusScrape, describeWithInfra, getQuery, parsePrometheusText, postForm, uniqueName } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';

async function scrape(baseUrl: string): Promise<{ contentType: string | null; text: string; metrics: PrometheusScrape }> {
  const res = await fetch(new URL('/metrics', baseUrl));
  expect(res.status).toBe(200);
  const text = await res.text();
  return { contentType: res.headers.get('content-type'), text, metrics: parsePrometheusText(text) };
}

/**
 * Scrapes until `ready` holds: the HTTP histogram is observed when the response has been written
 * (Fastify onResponse), which may come a moment after the client already read it.
 */
async function scrapeWhen(baseUrl: string, ready: (m: PrometheusScrape) => boolean, what: string): Promise<PrometheusScrape> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { metrics } = await scrape(baseUrl);
    if (ready(metrics)) return metrics;
  }
  throw new Error(`/metrics never showed ${what}`);
}

const count = (m: PrometheusScrape, family: string, labels: Record<string, string>) => m.find(`${family}_count`, labels).reduce((sum, s) => sum + s.value, 0);

const PROCESS_FAMILIES = ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds'];

function platformSuite(mode: Mode) {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform(mode);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows HTTP latency per surface, operation, status and code, request-reply on both sides, and process metrics, each family once', async () => {
    expect((await getQuery(t.baseUrl, '/gateway', { service: 'cloud_system.current_time' })).body.errorCode).toBe('');
    expect((await getQuery(t.baseUrl, '/gateway', { service: 'no.such_service' })).body.errorCode).toBe('009999');
    // A user-scoped call: the edge verifies the token with sso-service over request-reply (a cache miss first).
    const unknownUser = await getQuery(t.baseUrl, '/gateway', { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', clientId: 'nobody', openId: 'o', accessToken: 'a' });
    expect(unknownUser.body.errorCode).not.toBe('');
    const sso = await postForm(t.baseUrl, '/sso/authorize_by_token', {});
    expect(sso.status).toBe(401);

    const http = 'dcp_http_request_duration_seconds';
    const m = await scrapeWhen(t.baseUrl, (s) => count(s, http, { surface: 'sso' }) >= 1, 'the SSO request');
    expect(m.types.get(http)).toBe('histogram');
    expect(count(m, http, { surface: 'gateway', operation: 'cloud_system.current_time', status: '200', code: 'none' })).toBeGreaterThanOrEqual(1);
    // A name outside the catalogue never becomes a label value.
    expect(count(m, http, { surface: 'gateway', operation: 'unknown', status: '200', code: '009999' })).toBeGreaterThanOrEqual(1);
    expect(m.find(`${http}_count`).some((s) => s.labels.operation === 'no.such_service')).toBe(false);
    expect(count(m, http, { surface: 'gateway', operation: 'user_ipc_setting_v2_0.getOemDeviceByUser', code: String(unknownUser.body.errorCode) })).toBeGreaterThanOrEqual(1);
    expect(count(m, http, { surface: 'sso', operation: 'authorize_by_token', status: '401' })).toBeGreaterThanOrEqual(1);
    const buckets = m.find(`${http}_bucket`, { surface: 'gateway', operation: 'cloud_system.current_time' }).map((s) => s.labels.le);
    expect(buckets).toEqual(expect.arrayContaining(['0.005', '1', '10', '+Inf']));

    // The edge's token check, seen from both ends of the bus (one process: both histograms in one registry).
    const verify = SSO_RPC.ssoVerifyAccessToken.subject;
    expect(m.types.get('dcp_rpc_client_duration_seconds')).toBe('histogram');
    expect(count(m, 'dcp_rpc_client_duration_seconds', { subject: verify })).toBeGreaterThanOrEqual(1);
    expect(count(m, 'dcp_rpc_server_duration_seconds', { subject: verify })).toBeGreaterThanOrEqual(1);
    expect(m.find('dcp_edge_access_token_cache_misses_total')[0].value).toBeGreaterThanOrEqual(1);

    // The services' own families, in the same registry.
    // Sampled on this scrape (a sampler that failed would leave its series out).
    expect(m.find('dcp_outbox_pending', { service: 'sso' })).toHaveLength(1);
    expect(m.find('dcp_outbox_oldest_pending_age_seconds', { service: 'sso' })).toHaveLength(1);
    expect(m.find('dcp_dead_letters_open', { service: 'device' })).toEqual([expect.objectContaining({ value: 0 })]);
    // Each consumer's lag, sampled on the scrape as well (both buses can measure it), and each readiness check.
    for (const gauge of ['dcp_consumer_pending', 'dcp_consumer_ack_pending', 'dcp_consumer_oldest_pending_age_seconds']) expect(m.find(gauge, { service: 'device' })).toHaveLength(1);
    expect(m.find('dcp_readiness_check_up', { check: 'database:device' })).toEqual([expect.objectContaining({ value: 1 })]);
    for (const family of PROCESS_FAMILIES) expect(m.types.has(family)).toBe(true);
  });

  it('declares every family once and answers in the Prometheus text format', async () => {
    const { contentType, text } = await scrape(t.baseUrl);
    expect(contentType).toBe(METRICS_CONTENT_TYPE);
    const declared = text.split('\n').filter((line) => line.startsWith('# TYPE '));
    expect(new Set(declared).size).toBe(declared.length);
  });
}

describe('/metrics of the whole platform in one process (embedded)', () => platformSuite('embedded'));
describeWithInfra(['postgres', 'nats'], '/metrics of the whole platform in one process (distributed: PostgreSQL + NATS)', () => platformSuite('distributed'));

describe('/metrics of the edge alone (distributed mode: no service module in its process)', () => {
  let runtime: Runtime;
  let edge: EdgeServers;
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-edge-metrics-'));
  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_TOKEN: 'edge-metrics-token' } as NodeJS.ProcessEnv);
    runtime = await createRuntime(config, { bus: { kind: 'in-process', busId: uniqueName('edge-metrics') } });
    edge = await startEdgeServers(runtime, { port: 0, adminPort: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await edge?.close();
    await runtime?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is not empty: its own HTTP and request-reply histograms and the process metrics', async () => {
    expect((await getQuery(edge.publicUrl, '/gateway', { service: 'cloud_system.current_time' })).status).toBe(200);
    // No sso-service answers in this process: the edge's call still shows, with its error outcome.
    const res = await getQuery(edge.publicUrl, '/gateway', { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', clientId: 'c', openId: 'o', accessToken: 'a' });
    expect(res.body.errorCode).toBe('000099');

    const http = 'dcp_http_request_duration_seconds';
    const m = await scrapeWhen(edge.publicUrl, (s) => count(s, http, { operation: 'user_ipc_setting_v2_0.getOemDeviceByUser' }) >= 1, 'the gateway request');
    expect(count(m, http, { surface: 'gateway', operation: 'cloud_system.current_time', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(count(m, 'dcp_rpc_client_duration_seconds', { subject: SSO_RPC.ssoVerifyAccessToken.subject, outcome: '000099' })).toBe(1);
    expect(m.find('dcp_rpc_server_duration_seconds_count')).toEqual([]);
    for (const family of PROCESS_FAMILIES) expect(m.types.has(family)).toBe(true);
  });
});
