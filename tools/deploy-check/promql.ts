/**
 * What a PromQL expression names: its metrics (series names, not functions or keywords) and the labels it
 * matches or groups by, so dashboards and alerts can be checked against the metric catalogue
 * (libs/observability/src/metrics/metric-catalogue.ts) and a renamed metric or label fails a spec.
 */
import { METRIC_CATALOGUE } from '@dcp/observability';

const catalogue = METRIC_CATALOGUE as Record<string, { labelNames: readonly string[]; type: string }>;
/** Suffixes of the series a histogram exports besides its name. */
const HISTOGRAM_SERIES = ['_bucket', '_count', '_sum'];

/**
 * Metrics the platform does not declare but may be named: Node's process metrics (prom-client's defaults),
 * kube-state-metrics and Prometheus's own `up`. Each one by name, so a typo is never allowed by a prefix.
 */
export const STANDARD_METRICS: Readonly<Record<string, readonly string[]>> = {
  up: [],
  process_cpu_seconds_total: [],
  process_resident_memory_bytes: [],
  nodejs_eventloop_lag_p99_seconds: [],
  nodejs_heap_size_used_bytes: [],
  kube_pod_status_ready: ['condition'],
  kube_pod_status_phase: ['phase'],
  kube_pod_container_status_restarts_total: [],
};

/** Labels Prometheus adds to every scraped series (target labels), usable with any metric. */
export const TARGET_LABELS = ['namespace', 'pod', 'instance', 'job', 'container', 'endpoint', 'service'];

/** The labels a series name carries: a catalogue entry (a histogram's _bucket/_count/_sum included) or a standard metric. */
export function labelsOfSeries(series: string): readonly string[] | undefined {
  if (catalogue[series]) return catalogue[series].labelNames;
  const suffix = HISTOGRAM_SERIES.find((s) => series.endsWith(s));
  const base = suffix ? catalogue[series.slice(0, -suffix.length)] : undefined;
  if (base?.type === 'histogram') return [...base.labelNames, ...(suffix === '_bucket' ? ['le'] : [])];
  return STANDARD_METRICS[series];
}

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

export interface PromqlNames {
  /** Series names with the labels their own selector matches on. */
  selectors: { metric: string; labels: string[] }[];
  /** Labels of by (…) / without (…) clauses. */
  grouping: string[];
}

/** The metrics and labels an expression names (Grafana's `$var` / `${var}` / `[$__rate_interval]` allowed). */
export function promqlNames(expr: string): PromqlNames {
  const selectors: PromqlNames['selectors'] = [];
  const grouping: string[] = [];
  // Strings first (a label value may look like anything), then ranges and Grafana variables.
  const text = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\$\{?[A-Za-z_][A-Za-z0-9_]*\}?/g, '');
  for (const m of text.matchAll(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g)) grouping.push(...m[1].split(',').map((l) => l.trim()).filter(Boolean));
  const withoutClauses = text.replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  for (const m of withoutClauses.matchAll(/(?<![A-Za-z0-9_:])([A-Za-z_:][A-Za-z0-9_:]*)?\s*(\{[^}]*\})|(?<![A-Za-z0-9_:])([A-Za-z_:][A-Za-z0-9_:]*)(?=\s*(?:[^\s(A-Za-z0-9_:]|$))/g)) {
    const name = m[1] ?? m[3];
    const labels = m[2] ? [...m[2].matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]) : [];
    if (name === undefined) {
      if (labels.length) selectors.push({ metric: '', labels });
      continue;
    }
    if (KEYWORDS.has(name.toLowerCase()) || /^\d/.test(name)) continue;
    selectors.push({ metric: name, labels });
  }
  return { selectors, grouping };
}

/** What is wrong with an expression: metrics outside the catalogue (and the standard list), labels they do not carry. */
export function promqlProblems(expr: string): string[] {
  const problems: string[] = [];
  const { selectors, grouping } = promqlNames(expr);
  const carried: (readonly string[])[] = [];
  for (const { metric, labels } of selectors) {
    if (metric === '') {
      problems.push(`a selector without a metric name: ${expr}`);
      continue;
    }
    const known = labelsOfSeries(metric);
    if (!known) {
      problems.push(`${metric} is not in the metric catalogue nor a standard metric`);
      continue;
    }
    carried.push(known);
    for (const l of labels) if (!known.includes(l) && !TARGET_LABELS.includes(l) && l !== '__name__') problems.push(`${metric} has no label ${l}`);
  }
  for (const label of grouping) {
    if (TARGET_LABELS.includes(label) || label === 'le') continue;
    if (!carried.some((labels) => labels.includes(label))) problems.push(`grouping by ${label}, which no metric of the expression carries`);
  }
  return problems;
}
