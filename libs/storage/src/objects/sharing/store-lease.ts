/**
 * Leases of storage-service instances on local object stores (storage.store_instance), and the rule that
 * decides when two of them conflict. Times are the instances' own clocks (RUNTIME_CLOCK), which the
 * staleness margin of several heartbeats absorbs.
 */
export const STORE_LEASE = {
  /** How often a running instance renews its row and looks for conflicting instances. */
  heartbeatMs: 10_000,
  /** A row not renewed for this long belongs to an instance that is gone (three missed heartbeats). */
  staleAfterMs: 30_000,
  /** Rows of gone instances are deleted once this old. */
  forgetAfterMs: 60 * 60_000,
} as const;

export interface StoreLease {
  instanceId: string;
  storeId: string;
  location: string;
  startedAt: Date;
  heartbeatAt: Date;
}

export const isLive = (lease: StoreLease, nowMs: number): boolean => nowMs - lease.heartbeatAt.getTime() < STORE_LEASE.staleAfterMs;

/** Live instances, other than `me`, writing to another store than `me`'s. */
export function conflictingLeases(me: StoreLease, leases: readonly StoreLease[], nowMs: number): StoreLease[] {
  return leases.filter((l) => l.instanceId !== me.instanceId && l.storeId !== me.storeId && isLive(l, nowMs));
}

/** Whether `a` started before `b` (ties broken by instance id): of two conflicting instances, the later one yields. */
export const startedBefore = (a: StoreLease, b: StoreLease): boolean =>
  a.startedAt.getTime() < b.startedAt.getTime() || (a.startedAt.getTime() === b.startedAt.getTime() && a.instanceId < b.instanceId);

/** The operator's way out, in every refusal and readiness failure. */
export function conflictMessage(me: StoreLease, others: readonly StoreLease[], nowMs: number): string {
  const list = others.map((o) => `${o.location} (store ${o.storeId}, heartbeat ${Math.max(0, Math.round((nowMs - o.heartbeatAt.getTime()) / 1000))} s ago)`).join('; ');
  return (
    `storage-service keeps recordings in ${me.location} (store ${me.storeId}), but another live instance keeps them in a different folder: ${list}. ` +
    'Each replica would hold recordings the others cannot play, lost with its pod. Set OBJECT_STORE_URL=s3://<bucket>[/<prefix>] ' +
    '(any S3-compatible store), or OBJECT_STORE_URL=file:///<dir> on one volume every replica mounts (ReadWriteMany), or run a single replica.'
  );
}
