/**
 * The object store's place in the service's start and stop (opened by its provider, so nothing to do at
 * start): its readiness check (`objects:storage`) and its
 * close, which comes after everything that uses it stopped (listed before the shared-store guard and the
 * session facts, so it stops after them).
 */
import { Inject, Injectable } from '@nestjs/common';
import { HostedPart, ReadinessCheck } from '@dcp/runtime';
import { OBJECT_STORE, type ObjectStore } from './object-store';

@Injectable()
@HostedPart({ stage: 'first' })
export class ObjectStoreLifetime {
  constructor(@Inject(OBJECT_STORE) private readonly store: ObjectStore) {}

  @ReadinessCheck('objects:storage')
  ping(): Promise<void> {
    return this.store.ping();
  }

  stop(): Promise<void> {
    return this.store.close();
  }
}
