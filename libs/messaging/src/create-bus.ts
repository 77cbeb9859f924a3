import type { Bus, BusConfig } from './api';
import { createInProcessBus } from './in-process/create-in-process-bus';
import { createNatsBus } from './nats/create-nats-bus';

/** The bus for a configuration: NATS/JetStream when distributed, in-process when embedded or in tests. */
export function createBus(config: BusConfig): Promise<Bus> {
  return config.kind === 'nats' ? createNatsBus(config) : createInProcessBus(config);
}
