/**
 * A small least-recently-used map whose entries also end after a fixed time on an injected clock: bounded
 * in entries (the least recently read one goes first) and in age (an entry older than the TTL is a miss).
 * Maps iterate in insertion order, so re-inserting on every read keeps the least recently used entry first.
 */
import type { Clock } from '@dcp/runtime';

interface Entry<V> {
  value: V;
  /** Epoch ms from which the entry is a miss. */
  until: number;
}

export class BoundedTtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {
    if (!(ttlMs > 0) || !(maxEntries >= 1)) throw new Error(`a cache needs a positive TTL and at least one entry (ttlMs ${ttlMs}, maxEntries ${maxEntries})`);
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.clock.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const leastRecentlyUsed = this.entries.keys().next();
      if (!leastRecentlyUsed.done) this.entries.delete(leastRecentlyUsed.value);
    }
    this.entries.set(key, { value, until: this.clock.now() + this.ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches (a scan: for rare events, not for the request path). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
