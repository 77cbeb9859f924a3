/**
 * Reads a /metrics scrape (Prometheus text format 0.0.4) so that specs assert on families, label sets and
 * values instead of matching raw lines.
 */
export interface PrometheusSample {
  /** The sample's own name (`…_bucket`, `…_count`, `…_sum` for histograms). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PrometheusScrape {
  /** `# TYPE` of each family. */
  types: Map<string, string>;
  samples: PrometheusSample[];
  /** Samples named `name` whose labels include every given label. */
  find(name: string, labels?: Record<string, string>): PrometheusSample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

const unescape = (v: string) => v.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));

export function parsePrometheusText(text: string): PrometheusScrape {
  const types = new Map<string, string>();
  const samples: PrometheusSample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice('# TYPE '.length).split(' ');
      types.set(name, type);
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(LABEL)) labels[k] = unescape(v);
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return {
    types,
    samples,
    find: (name, labels = {}) => samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)),
  };
}
