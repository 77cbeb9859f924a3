/** storage.store_instance: one lease row per storage-service instance on a local object store. */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { StorageDatabase } from '../../storage-database.types';
import { STORE_LEASE, type StoreLease } from './store-lease';

@Injectable()
export class StoreLeaseRepository {
  constructor(@Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase) {}

  /** Writes or renews `lease` (its heartbeatAt) and forgets instances gone for long. */
  async renew(lease: StoreLease): Promise<void> {
    await this.db.client.storeInstance.upsert({ where: { instanceId: lease.instanceId }, create: lease, update: { heartbeatAt: lease.heartbeatAt } });
    await this.db.client.storeInstance.deleteMany({ where: { heartbeatAt: { lt: new Date(lease.heartbeatAt.getTime() - STORE_LEASE.forgetAfterMs) } } });
  }

  /** Every lease row (a handful: one per storage-service instance). */
  async all(): Promise<StoreLease[]> {
    return this.db.client.storeInstance.findMany({ orderBy: { startedAt: 'asc' } });
  }

  async release(instanceId: string): Promise<void> {
    await this.db.client.storeInstance.deleteMany({ where: { instanceId } });
  }
}
