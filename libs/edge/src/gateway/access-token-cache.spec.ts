import { EVENTS } from '@dcp/contracts';
import { PlatformMetrics } from '@dcp/observability';
import type { Clock } from '@dcp/runtime';
import { FakeEventSubscriber, makeEventEnvelope, makeUser, parsePrometheusText } from '@dcp/testing';
import { AccessTokenCache } from './access-token-cache';

const user = (userId: number) => makeUser({ userId });

describe('AccessTokenCache', () => {
  let now = 1_000_000;
  const clock: Clock = { now: () => now };

  it('returns a cached user until the TTL ends', () => {
    const cache = new AccessTokenCache(clock, 10_000, 10);
    const k = AccessTokenCache.key('c', 'o1', 't');
    cache.set(k, user(1), now + 3_600_000);
    expect(cache.get(k)).toEqual(user(1));
    now += 10_001;
    expect(cache.get(k)).toBeUndefined();
  });

  it('never outlives the token itself', () => {
    const cache = new AccessTokenCache(clock, 10_000, 10);
    const k = AccessTokenCache.key('c', 'o1', 't');
    cache.set(k, user(1), now + 2_000);
    now += 2_000;
    expect(cache.get(k)).toBeUndefined();
  });

  it('keys on all three credentials', () => {
    expect(AccessTokenCache.key('c', 'o', 't')).not.toBe(AccessTokenCache.key('c', 'o', 'u'));
    expect(AccessTokenCache.key('c', 'ot', '')).not.toBe(AccessTokenCache.key('c', 'o', 't'));
  });

  it('forgets every entry of a deleted user and only those', () => {
    const cache = new AccessTokenCache(clock, 10_000, 10);
    cache.set('a', user(1), now + 60_000);
    cache.set('b', user(1), now + 60_000);
    cache.set('c', user(2), now + 60_000);
    cache.forgetUser(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toEqual(user(2));
  });

  it('stays bounded by evicting the oldest entry', () => {
    const cache = new AccessTokenCache(clock, 10_000, 2);
    cache.set('a', user(1), now + 60_000);
    cache.set('b', user(2), now + 60_000);
    cache.set('c', user(3), now + 60_000);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
  });

  it('subscribes itself to user.deleted and forgets that user when it arrives', async () => {
    const events = new FakeEventSubscriber();
    const subscribe = jest.spyOn(events, 'subscribe');
    const cache = new AccessTokenCache(clock, 10_000, 10, events);
    await cache.onModuleInit();
    expect(subscribe).toHaveBeenCalledWith([EVENTS.userDeleted.subject], expect.any(Function));
    cache.set('a', user(1), now + 60_000);
    cache.set('b', user(2), now + 60_000);
    events.deliver(makeEventEnvelope('userDeleted', user(1)));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual(user(2));
  });

  it('counts each lookup as a hit or a miss (an expired entry is a miss)', async () => {
    const metrics = new PlatformMetrics({ defaultMetrics: false });
    const cache = new AccessTokenCache(clock, 10_000, 10, undefined, metrics);
    cache.set('a', user(1), now + 60_000);
    cache.get('a');
    cache.get('a');
    cache.get('nobody');
    now += 10_001;
    cache.get('a');
    const scrape = parsePrometheusText(await metrics.render());
    expect(scrape.find('dcp_edge_access_token_cache_hits_total')[0].value).toBe(2);
    expect(scrape.find('dcp_edge_access_token_cache_misses_total')[0].value).toBe(2);
  });
});
