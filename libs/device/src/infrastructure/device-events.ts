/**
 * device-service's side of the event backbone: its outbox relay, its durable consumer (`device-service`)
 * and the operator view of its dead letters, all from the runtime's ServiceEvents kit.
 */
import type { FactoryProvider } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext, ServiceEvents } from '@dcp/runtime';
import { DEVICE_DATABASE, type DeviceDatabase, type DeviceTransaction } from './device-database';

export type DeviceEvents = ServiceEvents<DeviceTransaction>;

/** What use cases need after a commit that enqueued events: publish now instead of at the next poll. */
export interface OutboxPoke {
  poke(): void;
}

export const DEVICE_EVENTS = Symbol('dcp.device.events');

export const deviceEventsProvider: FactoryProvider<DeviceEvents> = {
  provide: DEVICE_EVENTS,
  inject: [RUNTIME_CONTEXT, DEVICE_DATABASE],
  useFactory: (ctx: RuntimeContext, db: DeviceDatabase) => new ServiceEvents<DeviceTransaction>(ctx, { service: 'device', client: db.client }),
};
