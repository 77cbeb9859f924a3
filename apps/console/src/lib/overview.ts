/** How the overview page words the platform's figures (pure, unit-tested). */

/** The overview's count names, in the order shown, as operators call them. */
export const COUNT_LABELS: Record<string, string> = {
  merchants: 'Merchants',
  users: 'Users',
  devices: 'Devices',
  activeGrants: 'Active grants',
  recordings: 'Recording segments stored',
  footagePurges: 'Footage purges in progress',
  firmwareModels: 'Firmware models',
};

/** A count as shown: grouped digits, `≈` before an estimate (PostgreSQL's statistics, not a count). */
export function countText(value: number, estimated: boolean): string {
  const text = value.toLocaleString('en-US');
  return estimated ? `≈ ${text}` : text;
}

/** Counts ordered as COUNT_LABELS lists them, unknown names last under their own name. */
export function orderedCounts<C extends { name: string }>(counts: readonly C[]): (C & { label: string })[] {
  const order = Object.keys(COUNT_LABELS);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...counts].sort((a, b) => rank(a.name) - rank(b.name)).map((c) => ({ ...c, label: COUNT_LABELS[c.name] ?? c.name }));
}

/** A rate as a percentage with two decimals at most: 0.0123 → "1.23 %". */
export function percent(rate: number): string {
  return `${Number((rate * 100).toFixed(2))} %`;
}

/** A latency in seconds as ms below a second: 0.025 → "≤ 25 ms" (quantiles are bucket upper bounds). */
export function latencyText(seconds: number | null): string {
  if (seconds === null) return '—';
  return seconds < 1 ? `≤ ${Math.round(seconds * 1000)} ms` : `≤ ${Number(seconds.toFixed(1))} s`;
}

/** The error rate's colour: green below 1 %, orange below 5 %, red above. */
export function errorRateColor(rate: number, requests: number): 'green' | 'orange' | 'red' | 'gray' {
  if (requests === 0) return 'gray';
  return rate < 0.01 ? 'green' : rate < 0.05 ? 'orange' : 'red';
}
