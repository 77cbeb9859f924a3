/** The embedded adapter: no infrastructure, same semantics as NATS/JetStream (see README). */
import type { Bus, BusConfig } from '../api';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../defaults';
import { defaultBusLogger } from '../logger';
import { InProcessEventBus } from './event-bus';
import { acquireHub } from './hub';
import { InProcessRpcClient, InProcessRpcServer } from './rpc';

export async function createInProcessBus(config: Extract<BusConfig, { kind: 'in-process' }>): Promise<Bus> {
  const logger = config.logger ?? defaultBusLogger;
  const { hub, release } = await acquireHub(config.busId, config.dataDir, logger);
  const rpcServer = new InProcessRpcServer(hub.rpc, logger);
  const events = new InProcessEventBus(hub, logger);
  return {
    rpcClient: new InProcessRpcClient(hub.rpc, config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, logger),
    rpcServer,
    events,
    stopIntake: async () => {
      rpcServer.close();
      await events.stopConsumers();
    },
    // Registrations take effect at once in the shared registry.
    flush: async () => undefined,
    close: async () => {
      rpcServer.close();
      await events.close();
      await release();
    },
  };
}
