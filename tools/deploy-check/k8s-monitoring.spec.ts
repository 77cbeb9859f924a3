/**
 * Monitoring in the overlays that include k8s/monitoring (prod): the ServiceMonitor scrapes every app on the
 * port it serves /metrics on, and the PrometheusRule alerts on dead letters, the outbox, 5xx and 000099 at
 * the edge and readiness, naming only metrics and labels the platform really exports
 * (libs/observability/src/metrics/metric-catalogue.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { METRIC_CATALOGUE } from '@dcp/observability';
import { matches, podAnnotationsOf, podLabelsOf, podSpecOf, type K8sObject } from './k8s-objects';
import { ofKind, overlay, overlays } from './k8s-overlays';

interface Rule {
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const catalogue = METRIC_CATALOGUE as Record<string, { labelNames: readonly string[]; type: string }>;
/** Labels Prometheus adds to every scraped series (target labels), usable in any expression. */
const TARGET_LABELS = ['namespace', 'pod', 'instance', 'job', 'container', 'endpoint', 'service'];
/** Suffixes of the series a histogram exports besides its name. */
const HISTOGRAM_SERIES = ['_bucket', '_count', '_sum'];

/** The catalogue entry a series name belongs to (a histogram's _count etc. included). */
function catalogueEntry(series: string): { labelNames: readonly string[] } | undefined {
  if (catalogue[series]) return catalogue[series];
  const suffix = HISTOGRAM_SERIES.find((s) => series.endsWith(s));
  const base = suffix ? catalogue[series.slice(0, -suffix.length)] : undefined;
  return base?.type === 'histogram' ? { labelNames: [...base.labelNames, ...(suffix === '_bucket' ? ['le'] : [])] } : undefined;
}

const prod = overlay('prod');
const rules = ofKind(prod, 'PrometheusRule').flatMap((r) => (r.spec as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules));
const alerts = rules.filter((r) => r.alert);

describe('which overlays carry the Prometheus operator objects', () => {
  it('prod does; dev does not (it applies on clusters without the operator\'s CRDs)', () => {
    expect(ofKind(prod, 'ServiceMonitor').length).toBe(1);
    expect(ofKind(prod, 'PrometheusRule').length).toBe(1);
    expect(overlay('dev').objects.filter((o) => o.apiVersion.startsWith('monitoring.coreos.com/'))).toEqual([]);
    expect(overlays().map((o) => o.name)).toContain('dev');
  });
});

describe('the ServiceMonitor', () => {
  const monitor = ofKind(prod, 'ServiceMonitor')[0] as K8sObject & {
    spec: { selector: { matchLabels: Record<string, string> }; endpoints: { port: string; path: string; honorLabels?: boolean }[] };
  };
  const scraped = ofKind(prod, 'Service').filter((s) => matches(monitor.spec.selector.matchLabels, s.metadata.labels ?? {}));

  it.each(ofKind(prod, 'Deployment').map((d) => [d.metadata.name, d] as const))('scrapes %s on the port and path it serves /metrics on', (_name, d) => {
    const annotations = podAnnotationsOf(d);
    const services = scraped.filter((s) => matches((s.spec as { selector: Record<string, string> }).selector, podLabelsOf(d)));
    expect(services.length).toBe(1);
    const endpoint = monitor.spec.endpoints[0];
    expect(endpoint.path).toBe(annotations['prometheus.io/path']);
    const port = (services[0].spec as { ports: { name: string; targetPort: string | number }[] }).ports.find((p) => p.name === endpoint.port);
    expect(port).toBeDefined();
    const containerPort = podSpecOf(d)
      .containers.flatMap((c) => c.ports ?? [])
      .find((p) => p.name === port!.targetPort || p.containerPort === port!.targetPort);
    expect(containerPort?.containerPort).toBe(Number(annotations['prometheus.io/port']));
  });

  it('keeps the metrics\' own service label (honorLabels)', () => {
    expect(monitor.spec.endpoints.every((e) => e.honorLabels === true)).toBe(true);
  });
});

describe('the PrometheusRule', () => {
  it.each([
    ['dead letters', /\bdcp_dead_letters_open\b[^>]*>\s*0\b/],
    ['the age of the outbox\'s oldest event', /\bdcp_outbox_oldest_pending_age_seconds\b/],
    ['the outbox backlog', /\bdcp_outbox_pending\b/],
    ['5xx answers of the edge', /dcp_http_request_duration_seconds_count\{status=~"5\.\."\}/],
    ['system errors (000099)', /dcp_http_request_duration_seconds_count\{code="000099"\}/],
    // Only pending or running pods: a finished Job's pod is never ready.
    ['pods that are not ready', /\bkube_pod_status_ready\b[\s\S]*\band on \(namespace, pod\)[\s\S]*\bkube_pod_status_phase\{[^}]*phase=~"Pending\|Running"/],
    ['targets Prometheus cannot scrape', /\bup\{[^}]*\}\s*==\s*0/],
    // A flood of admin calls fills the audit log (issue 18, decisions SDB4).
    ['the admin audit log growing fast', /\bdcp_admin_audit_entries\b/],
    ['the admin audit log\'s size on disk', /\bdcp_admin_audit_table_bytes\b[^>]*>\s*\d+/],
    // Day two for operators: latency, merchants, consumer lag, the database and NATS as the apps see them.
    ['p99 latency per public surface', /histogram_quantile\(0\.99, sum by \([^)]*\bsurface\b[^)]*\) \(rate\(dcp_http_request_duration_seconds_bucket\b/],
    ['merchant calls failing', /\bdcp_sso_merchant_call_failures_total\b/],
    ['merchant breakers open', /\bdcp_sso_merchant_breaker_open\b[^>]*>\s*0\b/],
    ['consumers\' pending events', /\bdcp_consumer_pending\b/],
    ['the age of a consumer\'s oldest unacknowledged event', /\bdcp_consumer_oldest_pending_age_seconds\b/],
    ['a database the apps cannot reach', /\bdcp_readiness_check_up\{check=~"database:\.\*"\}/],
    ['the apps\' NATS connection', /\bdcp_nats_connected\b[^=]*==\s*0/],
  ])('alerts on %s', (_what, pattern) => {
    expect(alerts.filter((a) => pattern.test(a.expr)).length).toBeGreaterThan(0);
  });

  it('names only metrics the platform exports, with labels they carry', () => {
    const problems: string[] = [];
    for (const r of rules) {
      for (const m of r.expr.matchAll(/\b(dcp_[a-z0-9_]+)\b(\{[^}]*\})?/g)) {
        const entry = catalogueEntry(m[1]);
        if (!entry) {
          problems.push(`${r.alert}: ${m[1]} is not in the metric catalogue`);
          continue;
        }
        for (const l of (m[2] ?? '').matchAll(/([a-z_]+)\s*(=~|!~|!=|=)/g)) if (!entry.labelNames.includes(l[1])) problems.push(`${r.alert}: ${m[1]} has no label ${l[1]}`);
      }
      const names = [...r.expr.matchAll(/\bdcp_[a-z0-9_]+/g)].map((m) => catalogueEntry(m[0])?.labelNames ?? []);
      for (const by of r.expr.matchAll(/\bby\s*\(([^)]*)\)/g))
        for (const label of by[1].split(',').map((s) => s.trim()))
          if (names.length && !TARGET_LABELS.includes(label) && !names.every((labels) => labels.includes(label))) problems.push(`${r.alert}: grouping by ${label}, which not every metric carries`);
    }
    expect(problems).toEqual([]);
  });

  it('gives every alert a duration, a severity and a summary', () => {
    for (const a of alerts) {
      expect({ alert: a.alert, for: a.for }).toEqual({ alert: a.alert, for: expect.stringMatching(/^\d+[smh]$/) });
      expect(['warning', 'critical']).toContain(a.labels?.severity);
      expect(a.annotations?.summary).toBeTruthy();
    }
    const names = alerts.map((a) => a.alert);
    expect(new Set(names).size).toBe(names.length);
  });
});

/**
 * Prometheus's own checker parses every expression and annotation template (`promtool check rules`). CI
 * installs it with Debian's prometheus package (.ci/run): with REQUIRE_INFRA=1 a missing promtool fails.
 */
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find(existsSync);
const promtoolCheck = promtool || process.env.REQUIRE_INFRA === '1' ? describe : describe.skip;
if (!promtool && process.env.REQUIRE_INFRA !== '1') process.stderr.write('\n*** SKIPPED "promtool accepts the rules": no promtool binary. Set REQUIRE_INFRA=1 to make this a failure. ***\n');

function checkRules(groups: unknown): { status: number | null; output: string } {
  if (!promtool) throw new Error('REQUIRE_INFRA=1 but no promtool (apt-get install --no-install-recommends prometheus)');
  const file = join(mkdtempSync(join(tmpdir(), 'rules-')), 'rules.yaml');
  writeFileSync(file, stringify({ groups }));
  const result = spawnSync(promtool, ['check', 'rules', file], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

promtoolCheck('promtool', () => {
  it('accepts every rule of the PrometheusRule', () => {
    const result = checkRules((ofKind(prod, 'PrometheusRule')[0].spec as { groups: unknown }).groups);
    expect(result).toEqual({ status: 0, output: expect.stringContaining(`SUCCESS: ${rules.length} rules found`) });
  });

  it('refuses a broken expression (so passing means something)', () => {
    expect(checkRules([{ name: 'broken', rules: [{ alert: 'Broken', expr: 'sum by (service (dcp_outbox_pending)' }] }]).status).not.toBe(0);
  });
});
