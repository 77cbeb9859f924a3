/**
 * A small Prometheus text-format registry (no client library needed for counters and gauges).
 * Gauges are sampled on scrape through a callback, so nothing polls in the background.
 */
type Labels = Record<string, string>;

interface Family {
  help: string;
  type: 'counter' | 'gauge';
  values: Map<string, { labels: Labels; value: number }>;
  /** Gauge samplers: several services of one process may each report their own labels. */
  samplers: Array<() => Promise<{ labels: Labels; value: number }[]>>;
}

const key = (labels: Labels) =>
  Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',');

const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export class MetricsRegistry {
  private readonly families = new Map<string, Family>();

  private family(name: string, help: string, type: Family['type']): Family {
    let f = this.families.get(name);
    if (!f) {
      f = { help, type, values: new Map(), samplers: [] };
      this.families.set(name, f);
    }
    return f;
  }

  increment(name: string, help: string, labels: Labels = {}, by = 1): void {
    const f = this.family(name, help, 'counter');
    const k = key(labels);
    const cur = f.values.get(k);
    if (cur) cur.value += by;
    else f.values.set(k, { labels, value: by });
  }

  /** A gauge whose values are read when /metrics is scraped. */
  gauge(name: string, help: string, sample: () => Promise<{ labels: Labels; value: number }[]>): void {
    this.family(name, help, 'gauge').samplers.push(sample);
  }

  async render(): Promise<string> {
    const lines: string[] = [];
    for (const [name, f] of this.families) {
      lines.push(`# HELP ${name} ${f.help}`, `# TYPE ${name} ${f.type}`);
      const sampled = await Promise.all(f.samplers.map((sample) => sample().catch(() => [])));
      const values = f.type === 'gauge' ? sampled.flat() : [...f.values.values()];
      for (const { labels, value } of values) {
        const l = Object.entries(labels)
          .map(([k, v]) => `${k}="${escape(v)}"`)
          .join(',');
        lines.push(`${name}${l ? `{${l}}` : ''} ${value}`);
      }
    }
    return lines.join('\n') + '\n';
  }
}
