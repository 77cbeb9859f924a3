/**
 * Keeps replicas of storage-service from each writing recordings to a folder of their own (distributed mode,
 * local object store): every instance holds a lease row naming its store's id (store-id-file.ts) and renews
 * it every heartbeat. At start, an instance that finds a live instance started before it on a different
 * store refuses to start (StoreNotSharedError, a ConfigError, logged with the way out); a running instance that finds
 * one reports not ready (`store-sharing:storage`) until it is gone. Instances on one shared volume read the
 * same id and run side by side. S3 stores and embedded mode skip all of it.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConfigError, RUNTIME_CLOCK, RUNTIME_CONFIG, RUNTIME_HEALTH, type Clock, type HealthRegistry, HostedPart } from '@dcp/runtime';
import type { StorageConfig } from '../../storage-config';
import type { ObjectStoreConfig } from '../object-store-config';
import { OBJECT_STORE_CONFIG } from '../object-store.provider';
import { readOrCreateStoreId } from './store-id-file';
import { STORE_LEASE, type StoreLease, conflictMessage, conflictingLeases, startedBefore } from './store-lease';
import { StoreLeaseRepository } from './store-lease.repository';

export class StoreNotSharedError extends ConfigError {}

/** The first thing storage-service starts: a replica on a local folder of its own refuses to start (OS1). */
@Injectable()
@HostedPart({ stage: 'first' })
export class SharedStoreGuard {
  private readonly logger = new Logger('storage-store-sharing');
  private lease?: StoreLease;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** Why this instance is not ready ('' while it is). */
  private conflict = '';

  constructor(
    @Inject(RUNTIME_CONFIG) private readonly host: Pick<StorageConfig, 'mode'>,
    @Inject(RUNTIME_HEALTH) private readonly health: Pick<HealthRegistry, 'register'>,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(OBJECT_STORE_CONFIG) private readonly config: ObjectStoreConfig,
    private readonly leases: StoreLeaseRepository,
  ) {}

  /** Takes the lease; throws StoreNotSharedError when an earlier live instance writes to another store. */
  async start(): Promise<void> {
    if (this.host.mode !== 'distributed' || this.config.kind !== 'filesystem') return;
    const now = new Date(this.clock.now());
    const storeId = await readOrCreateStoreId(this.config.root);
    const me: StoreLease = { instanceId: randomUUID(), storeId, location: `${hostname()}:${this.config.root}`, startedAt: now, heartbeatAt: now };
    await this.leases.renew(me);
    const conflicts = conflictingLeases(me, await this.leases.all(), now.getTime());
    const blocking = conflicts.filter((other) => startedBefore(other, me));
    if (blocking.length > 0) {
      await this.leases.release(me.instanceId);
      const message = `storage-service refuses to start. ${conflictMessage(me, blocking, now.getTime())}`;
      this.logger.error(message);
      throw new StoreNotSharedError(message);
    }
    this.lease = me;
    // Later instances on another store refuse to start themselves; until they are gone this one is not ready.
    this.conflict = conflicts.length ? conflictMessage(me, conflicts, now.getTime()) : '';
    this.health.register('store-sharing:storage', async () => {
      if (this.conflict) throw new Error(this.conflict);
    });
    this.timer = setInterval(() => void this.heartbeat(), STORE_LEASE.heartbeatMs);
    this.timer.unref();
    this.logger.log(`store ${storeId} in ${me.location}; lease ${me.instanceId}`);
  }

  /**
   * Renews the lease and looks for live instances on another store: any (earlier or later) makes this
   * instance not ready until the next heartbeat finds none. A failed renewal is logged and retried.
   */
  heartbeat(): Promise<void> {
    this.running ??= this.renewAndCheck().finally(() => (this.running = undefined));
    return this.running;
  }

  private async renewAndCheck(): Promise<void> {
    if (!this.lease) return;
    const now = this.clock.now();
    this.lease = { ...this.lease, heartbeatAt: new Date(now) };
    try {
      await this.leases.renew(this.lease);
      const others = conflictingLeases(this.lease, await this.leases.all(), now);
      const conflict = others.length ? conflictMessage(this.lease, others, now) : '';
      if (conflict && !this.conflict) this.logger.error(`not ready: ${conflict}`);
      if (!conflict && this.conflict) this.logger.log('no other store in use any more: ready again');
      this.conflict = conflict;
    } catch (err) {
      this.logger.warn(`store lease not renewed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Stops renewing and gives the lease up (a stopped instance blocks nobody). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    const lease = this.lease;
    this.lease = undefined;
    if (lease) await this.leases.release(lease.instanceId).catch((err) => this.logger.warn(`store lease not released: ${err instanceof Error ? err.message : String(err)}`));
  }
}
