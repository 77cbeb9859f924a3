import type { PlatformMetrics } from '@dcp/observability';

export type IncrementListener = (name: string, labels: Record<string, string>, by: number) => void;

/**
 * Calls `listener` after every counter increment of `metrics`, so a spec can wait for what a counter records
 * (an event handled, objects purged) instead of sleeping or polling.
 */
export function onIncrement(metrics: PlatformMetrics, listener: IncrementListener): void {
  const increment = metrics.increment.bind(metrics);
  metrics.increment = ((name: Parameters<typeof increment>[0], labels: Parameters<typeof increment>[1], by = 1) => {
    increment(name, labels, by);
    listener(name, labels as Record<string, string>, by);
  }) as PlatformMetrics['increment'];
}
