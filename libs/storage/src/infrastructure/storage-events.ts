/**
 * storage-service's side of the event backbone: its durable consumer (`storage-service`, device.unbound and
 * user.deleted) and the operator view of its dead letters, from the runtime's ServiceEvents kit. It publishes
 * no events (its outbox table exists for the day it does; no relay runs).
 */
import type { FactoryProvider } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext, ServiceEvents } from '@dcp/runtime';
import { STORAGE_DATABASE, type StorageDatabase, type StorageTransaction } from './storage-database';

export type StorageEvents = ServiceEvents<StorageTransaction>;

export const STORAGE_EVENTS = Symbol('dcp.storage.events');

export const storageEventsProvider: FactoryProvider<StorageEvents> = {
  provide: STORAGE_EVENTS,
  inject: [RUNTIME_CONTEXT, STORAGE_DATABASE],
  useFactory: (ctx: RuntimeContext, db: StorageDatabase) => new ServiceEvents<StorageTransaction>(ctx, { service: 'storage', client: db.client }),
};
