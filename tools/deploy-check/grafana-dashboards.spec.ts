/**
 * The Grafana dashboards of k8s/monitoring/dashboards: each is valid dashboard JSON, shipped as a ConfigMap
 * Grafana's sidecar picks up (label grafana_dashboard) in the overlays that include k8s/monitoring, and every
 * PromQL expression (panel targets and template variables) names only metrics of the metric catalogue
 * (libs/observability/src/metrics/metric-catalogue.ts) or the explicit standard list (promql.ts), with labels
 * they carry: a renamed metric or label fails here.
 */
import { METRIC_CATALOGUE } from '@dcp/observability';
import { ofKind, overlay } from './k8s-overlays';
import { promqlNames, promqlProblems } from './promql';
import { listFiles, read } from './workspace';

interface Panel {
  id?: number;
  type: string;
  title: string;
  targets?: { expr?: string; refId?: string }[];
  panels?: Panel[];
  gridPos?: { x: number; y: number; w: number; h: number };
}
interface Dashboard {
  uid: string;
  title: string;
  panels: Panel[];
  templating?: { list: { name: string; type: string; query?: unknown; definition?: string }[] };
}

const DIR = 'k8s/monitoring/dashboards';
const files = listFiles(DIR).filter((f) => f.endsWith('.json'));
const dashboards = files.map((file) => ({ file, dashboard: JSON.parse(read(file)) as Dashboard }));

const panelsOf = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...panelsOf(p.panels ?? [])]);

/** Every PromQL expression of a dashboard, named by where it is. */
function expressions(d: Dashboard): { where: string; expr: string }[] {
  const out: { where: string; expr: string }[] = [];
  for (const p of panelsOf(d.panels)) for (const t of p.targets ?? []) if (t.expr) out.push({ where: `${d.uid} "${p.title}" ${t.refId ?? ''}`.trim(), expr: t.expr });
  for (const v of d.templating?.list ?? []) {
    if (v.type !== 'query') continue;
    const q = typeof v.query === 'string' ? v.query : ((v.query as { query?: string } | undefined)?.query ?? v.definition ?? '');
    // label_values(<selector>, <label>) / query_result(<expr>): the PromQL inside.
    const inner = /^\s*(?:label_values|query_result)\((.*?)(?:,\s*([A-Za-z_][A-Za-z0-9_]*))?\)\s*$/.exec(q);
    if (inner) out.push({ where: `${d.uid} variable $${v.name}`, expr: inner[2] ? `${inner[1]}{${inner[2]}=""}` : inner[1] });
  }
  return out;
}

describe('Grafana dashboards (k8s/monitoring/dashboards)', () => {
  it('has the fleet, public surface, service, events, merchants and push dashboards', () => {
    expect(files.map((f) => f.slice(DIR.length + 1))).toEqual(expect.arrayContaining(['fleet.json', 'public-surface.json', 'service.json', 'events.json', 'merchants.json', 'push.json']));
  });

  it.each(dashboards.map((d) => [d.file, d.dashboard] as const))('%s: a uid, a title, panels with distinct ids and a Prometheus datasource variable', (_file, d) => {
    expect(d.uid).toMatch(/^device-cloud-[a-z-]+$/);
    expect(d.title).toBeTruthy();
    const panels = panelsOf(d.panels);
    expect(panels.length).toBeGreaterThan(0);
    const ids = panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of panels) if (p.type !== 'row') expect({ panel: p.title, targets: (p.targets ?? []).length }).toEqual({ panel: p.title, targets: expect.any(Number) });
    expect(d.templating?.list.find((v) => v.type === 'datasource')).toMatchObject({ query: 'prometheus' });
  });

  it('gives every dashboard its own uid', () => {
    const uids = dashboards.map((d) => d.dashboard.uid);
    expect(new Set(uids).size).toBe(uids.length);
  });

  it('names only metrics of the catalogue (or the explicit standard list), with labels they carry', () => {
    const problems: string[] = [];
    let count = 0;
    for (const { dashboard } of dashboards)
      for (const { where, expr } of expressions(dashboard)) {
        count++;
        for (const p of promqlProblems(expr)) problems.push(`${where}: ${p}`);
      }
    expect(count).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('shows every consumer-lag, outbox and dead-letter gauge somewhere', () => {
    const named = new Set(dashboards.flatMap(({ dashboard }) => expressions(dashboard).flatMap(({ expr }) => promqlNames(expr).selectors.map((s) => s.metric))));
    for (const m of ['dcp_consumer_pending', 'dcp_consumer_ack_pending', 'dcp_consumer_oldest_pending_age_seconds', 'dcp_outbox_pending', 'dcp_dead_letters_open', 'dcp_nats_connected', 'dcp_sso_merchant_breaker_open']) expect(named).toContain(m);
  });

  it('is shipped as ConfigMaps labelled for Grafana\'s dashboard sidecar (prod)', () => {
    const shipped = ofKind(overlay('prod'), 'ConfigMap').filter((c) => c.metadata.labels?.grafana_dashboard === '1');
    const keys = shipped.flatMap((c) => Object.keys((c.data ?? {}) as Record<string, string>));
    expect(keys.sort()).toEqual(files.map((f) => f.slice(DIR.length + 1)).sort());
    for (const c of shipped) for (const [key, json] of Object.entries((c.data ?? {}) as Record<string, string>)) expect(JSON.parse(json)).toEqual(JSON.parse(read(`${DIR}/${key}`)));
  });
});

describe('the PromQL check itself', () => {
  it('extracts series names, not functions, keywords, label values or Grafana variables', () => {
    const { selectors, grouping } = promqlNames(
      'histogram_quantile(0.99, sum by (surface, le) (rate(dcp_http_request_duration_seconds_bucket{namespace="$namespace",surface=~"gateway|sso"}[$__rate_interval]))) > 1 and on (pod) up == 0',
    );
    expect(selectors.map((s) => s.metric)).toEqual(['dcp_http_request_duration_seconds_bucket', 'up']);
    expect(selectors[0].labels).toEqual(['namespace', 'surface']);
    expect(grouping).toEqual(['surface', 'le', 'pod']);
  });

  it('fails a renamed metric, a label the metric does not carry, and a standard metric outside the list', () => {
    expect(promqlProblems('sum(rate(dcp_http_requests_seconds_count[5m]))')).toEqual(['dcp_http_requests_seconds_count is not in the metric catalogue nor a standard metric']);
    // The gateway operation is `operation`; `service` is a target label (the microservice) and never the operation.
    expect(promqlProblems('sum by (operation) (rate(dcp_http_request_duration_seconds_count{surface="gateway"}[5m]))')).toEqual([]);
    expect(promqlProblems('sum(rate(dcp_http_request_duration_seconds_count{opertion="x"}[5m]))')).toEqual(['dcp_http_request_duration_seconds_count has no label opertion']);
    expect(promqlProblems('sum by (merchant) (dcp_consumer_pending)')).toEqual(['grouping by merchant, which no metric of the expression carries']);
    expect(promqlProblems('process_open_fds')).toEqual(['process_open_fds is not in the metric catalogue nor a standard metric']);
    expect(Object.keys(METRIC_CATALOGUE)).toContain('dcp_consumer_pending');
  });
});
