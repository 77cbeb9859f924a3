/**
 * The metrics of one process: a prom-client Registry with Node's default process metrics and the platform's
 * catalogue (metric-catalogue.ts). Callers name a catalogue entry and its labels (typed); prom-client does the
 * counting and the text format. Each metric is created on first use, once per registry, so when every
 * service runs in one process (apps/platform) each family still appears once.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, prometheusContentType } from 'prom-client';
import { type CounterName, type GaugeName, type HistogramName, type LabelsOf, METRIC_CATALOGUE, type MetricName } from './metric-catalogue';

/** What /metrics answers with: the Prometheus text format as prom-client writes it. */
export const METRICS_CONTENT_TYPE: string = prometheusContentType;

export interface GaugeSample<N extends GaugeName> {
  labels: LabelsOf<N>;
  value: number;
}

export type GaugeSampler<N extends GaugeName> = () => Promise<GaugeSample<N>[]>;

export interface PlatformMetricsOptions {
  /** Node/process metrics (`process_*`, `nodejs_*`); default true. Unit specs that only count turn them off. */
  defaultMetrics?: boolean;
}

type AnyLabels = Record<string, string>;

export class PlatformMetrics {
  readonly registry = new Registry();
  private readonly counters = new Map<string, Counter>();
  private readonly histograms = new Map<string, Histogram>();
  private readonly samplers = new Map<string, Array<() => Promise<{ labels: AnyLabels; value: number }[]>>>();

  constructor(opts: PlatformMetricsOptions = {}) {
    if (opts.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  increment<N extends CounterName>(name: N, labels: LabelsOf<N>, by = 1): void {
    this.counter(name).inc(ordered(name, labels), by);
  }

  observe<N extends HistogramName>(name: N, labels: LabelsOf<N>, seconds: number): void {
    this.histogram(name).observe(ordered(name, labels), seconds);
  }

  /** Starts timing now; the returned function records the elapsed seconds under the labels known by then. */
  startTimer<N extends HistogramName>(name: N): (labels: LabelsOf<N>) => void {
    const started = process.hrtime.bigint();
    return (labels) => this.observe(name, labels, Number(process.hrtime.bigint() - started) / 1e9);
  }

  /** Adds a sampler of a gauge, read on every scrape; a failing sampler contributes nothing to that scrape. */
  sample<N extends GaugeName>(name: N, sampler: GaugeSampler<N>): void {
    let list = this.samplers.get(name);
    if (!list) {
      const samplers: Array<() => Promise<{ labels: AnyLabels; value: number }[]>> = [];
      list = samplers;
      this.samplers.set(name, samplers);
      const def = METRIC_CATALOGUE[name];
      new Gauge({
        name,
        help: def.help,
        labelNames: [...def.labelNames],
        registers: [this.registry],
        async collect() {
          const sampled = await Promise.all(samplers.map((s) => s().catch(() => [])));
          this.reset();
          for (const { labels, value } of sampled.flat()) this.set(ordered(name, labels), value);
        },
      });
    }
    list.push(sampler as () => Promise<{ labels: AnyLabels; value: number }[]>);
  }

  /** The registry in the Prometheus text format (what /metrics serves). */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  private counter(name: CounterName): Counter {
    let c = this.counters.get(name);
    if (!c) {
      const def = METRIC_CATALOGUE[name];
      c = new Counter({ name, help: def.help, labelNames: [...def.labelNames], registers: [this.registry] });
      this.counters.set(name, c);
    }
    return c;
  }

  private histogram(name: HistogramName): Histogram {
    let h = this.histograms.get(name);
    if (!h) {
      const def = METRIC_CATALOGUE[name];
      h = new Histogram({ name, help: def.help, labelNames: [...def.labelNames], buckets: [...def.buckets], registers: [this.registry] });
      this.histograms.set(name, h);
    }
    return h;
  }
}

/**
 * The labels in catalogue order with only the catalogue's names, so every series of a family prints its
 * labels the same way, and a stray field of a wider object never becomes a label.
 */
function ordered(name: MetricName, labels: AnyLabels): AnyLabels {
  const out: AnyLabels = {};
  for (const l of METRIC_CATALOGUE[name].labelNames) out[l] = String(labels[l] ?? '');
  return out;
}
