import { METRIC_CATALOGUE, type MetricDefinition } from './metric-catalogue';

const entries = Object.entries(METRIC_CATALOGUE) as Array<[string, MetricDefinition]>;

describe('METRIC_CATALOGUE', () => {
  it('names every metric under dcp_ in snake case', () => {
    for (const [name] of entries) expect(name).toMatch(/^dcp_[a-z0-9]+(_[a-z0-9]+)*$/);
  });

  it('ends counters in _total, histograms in their unit, and never a gauge in _total', () => {
    for (const [name, def] of entries) {
      if (def.type === 'counter') expect(name).toMatch(/_total$/);
      if (def.type === 'histogram') expect(name).toMatch(/_(seconds|bytes)$/);
      if (def.type === 'gauge') expect(name).not.toMatch(/_total$/);
    }
  });

  it('gives every histogram ascending buckets and every metric distinct, valid label names', () => {
    for (const [, def] of entries) {
      expect(new Set(def.labelNames).size).toBe(def.labelNames.length);
      for (const l of def.labelNames) expect(l).toMatch(/^[a-z][a-z0-9_]*$/);
      if (def.type === 'histogram') expect([...def.buckets].sort((a, b) => a - b)).toEqual([...def.buckets]);
    }
  });
});
