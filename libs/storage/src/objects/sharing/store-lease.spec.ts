import { STORE_LEASE, type StoreLease, conflictMessage, conflictingLeases, isLive, startedBefore } from './store-lease';

const NOW = 1_800_000_000_000;
const lease = (instanceId: string, storeId: string, ageMs = 0, startedAgoMs = 60_000): StoreLease => ({
  instanceId,
  storeId,
  location: `pod-${instanceId}:/data/objects`,
  startedAt: new Date(NOW - startedAgoMs),
  heartbeatAt: new Date(NOW - ageMs),
});

describe('store leases', () => {
  it('a lease is live until it missed the staleness margin', () => {
    expect(isLive(lease('a', 's', STORE_LEASE.staleAfterMs - 1), NOW)).toBe(true);
    expect(isLive(lease('a', 's', STORE_LEASE.staleAfterMs), NOW)).toBe(false);
    expect(STORE_LEASE.staleAfterMs).toBeGreaterThanOrEqual(3 * STORE_LEASE.heartbeatMs);
  });

  it('conflicts are live leases of other instances on another store', () => {
    const me = lease('a', 'store-1');
    const others = [me, lease('b', 'store-1'), lease('c', 'store-2'), lease('d', 'store-3', STORE_LEASE.staleAfterMs + 1)];
    expect(conflictingLeases(me, others, NOW).map((l) => l.instanceId)).toEqual(['c']);
  });

  it('of two instances the one started later yields; a tie goes by instance id', () => {
    expect(startedBefore(lease('b', 's', 0, 5_000), lease('a', 's', 0, 1_000))).toBe(true);
    expect(startedBefore(lease('a', 's', 0, 1_000), lease('b', 's', 0, 5_000))).toBe(false);
    expect(startedBefore(lease('a', 's'), lease('b', 's'))).toBe(true);
    expect(startedBefore(lease('b', 's'), lease('a', 's'))).toBe(false);
  });

  it('the message names both stores and the ways out', () => {
    const text = conflictMessage(lease('a', 'store-1'), [lease('c', 'store-2', 4_000)], NOW);
    expect(text).toContain('pod-a:/data/objects (store store-1)');
    expect(text).toContain('pod-c:/data/objects (store store-2, heartbeat 4 s ago)');
    expect(text).toMatch(/OBJECT_STORE_URL=s3:\/\/.*OBJECT_STORE_URL=file:\/\/\/.*ReadWriteMany/);
  });
});
