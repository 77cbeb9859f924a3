import type { Clock } from '@dcp/runtime';
import { BoundedTtlCache } from './bounded-ttl-cache';

describe('BoundedTtlCache', () => {
  let now = 1_000_000;
  const clock: Clock = { now: () => now };

  it('answers a kept value until the TTL ends, then misses', () => {
    const cache = new BoundedTtlCache<string, number>(clock, 10_000, 10);
    cache.set('a', 1);
    now += 9_999;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('counts the TTL from the last set, not from a read', () => {
    const cache = new BoundedTtlCache<string, number>(clock, 10_000, 10);
    cache.set('a', 1);
    now += 6_000;
    expect(cache.get('a')).toBe(1);
    now += 4_000;
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 2);
    now += 6_000;
    expect(cache.get('a')).toBe(2);
  });

  it('stays bounded by dropping the least recently used entry', () => {
    const cache = new BoundedTtlCache<string, number>(clock, 10_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // b is now the least recently used
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('replacing a value does not evict another entry', () => {
    const cache = new BoundedTtlCache<string, number>(clock, 10_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    expect([cache.get('a'), cache.get('b')]).toEqual([3, 2]);
  });

  it('deletes one key, or every entry whose value matches', () => {
    const cache = new BoundedTtlCache<string, number>(clock, 10_000, 10);
    for (const [k, v] of [['a', 1], ['b', 7], ['c', 7], ['d', 2]] as const) cache.set(k, v);
    cache.delete('a');
    cache.deleteWhere((v) => v === 7);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([undefined, undefined, undefined, 2]);
  });

  it('refuses a TTL or a bound that would keep nothing', () => {
    expect(() => new BoundedTtlCache(clock, 0, 10)).toThrow('positive TTL');
    expect(() => new BoundedTtlCache(clock, 1_000, 0)).toThrow('at least one entry');
  });
});
