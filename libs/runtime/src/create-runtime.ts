/**
 * Builds the RuntimeContext of one process from its configuration: the bus adapter (NATS/JetStream or
 * in-process) and where each service's database lives (PostgreSQL schema, or a PGlite folder).
 */
import { join } from 'node:path';
import { busLogger, createBus, type BusConfig } from '@dcp/messaging';
import { type DatabaseConfig, embeddedDatabaseConfig } from '@dcp/database';
import type { PlatformConfig } from './config';
import { type Clock, type RuntimeContext, systemClock } from './context';
import { HealthRegistry } from './health-registry';
import { ShutdownCoordinator } from './shutdown/shutdown-coordinator';
import { PlatformMetrics, flushTracing } from '@dcp/observability';
import { ObservedRpcClient, ObservedRpcServer } from './metrics/observed-rpc';

export interface Runtime extends RuntimeContext {
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  /** Replace the bus (tests: a memory-only in-process bus, or NATS with a unique stream). */
  bus?: BusConfig;
  /** Replace per-service database settings (tests: in-memory PGlite, or a throwaway PostgreSQL database). */
  database?: (service: string) => DatabaseConfig;
  /** Replace the clock (tests: move time forward to expire tokens without waiting). */
  clock?: Clock;
}

export function busConfigFor(config: PlatformConfig, name = 'dcp'): BusConfig {
  const common = { requestTimeoutMs: config.rpcTimeoutMs, logger: busLogger('messaging') };
  return config.natsUrl
    ? { kind: 'nats', url: config.natsUrl, name, streamReplicas: config.eventStreamReplicas, ...common }
    : { kind: 'in-process', dataDir: join(config.dataDir, 'events'), busId: config.dataDir, ...common };
}

/**
 * Distributed: the service's schema in DATABASE_URL. Embedded: one PGlite instance for every service of
 * the process (DATA_DIR/database, each service in its own schema), libs/database embeddedDatabaseConfig.
 */
export function databaseConfigFor(config: PlatformConfig, service: string): DatabaseConfig {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize } : embeddedDatabaseConfig(config.dataDir, service);
}

export async function createRuntime(config: PlatformConfig, overrides: RuntimeOverrides = {}, name?: string): Promise<Runtime> {
  const defaults = busConfigFor(config, name);
  // An overridden bus (tests) still logs through the process's logger and honours RPC_TIMEOUT_MS.
  const bus = await createBus(overrides.bus ? { logger: defaults.logger, requestTimeoutMs: defaults.requestTimeoutMs, ...overrides.bus } : defaults);
  const health = new HealthRegistry();
  health.register('events', () => bus.events.ping());
  const shutdown = new ShutdownCoordinator();
  // Not ready from the first moment of shutdown, before anything stops (HS1).
  health.register('running', async () => {
    if (shutdown.stopping) throw new Error('shutting down');
  });
  shutdown.register('intake', 'bus intake', () => bus.stopIntake());
  shutdown.register('bus', 'bus connection', () => bus.close());
  // Spans still in the batch processor leave before the process exits (TR1).
  shutdown.register('bus', 'trace export', () => flushTracing());
  // One registry per process: every service and the edge of this runtime count into it.
  const metrics = new PlatformMetrics();
  return {
    config,
    clock: overrides.clock ?? systemClock,
    rpcServer: new ObservedRpcServer(bus.rpcServer, metrics),
    rpcClient: new ObservedRpcClient(bus.rpcClient, metrics),
    events: bus.events,
    health,
    shutdown,
    metrics,
    database: overrides.database ?? ((service) => databaseConfigFor(config, service)),
    close: () => bus.close(),
  };
}
