/**
 * Builds the RuntimeContext of one process from its configuration: the bus adapter (NATS/JetStream or
 * in-process) and where each service's database lives (PostgreSQL schema, or a PGlite folder).
 */
import { join } from 'node:path';
import { busLogger, createBus, type BusConfig } from '@dcp/messaging';
import { type DatabaseConfig, embeddedDatabaseConfig } from '@dcp/database';
import type { PlatformConfig } from '../config/config';
import { type Clock, type RuntimeContext, systemClock } from './context';
import { HealthRegistry } from '../health/health-registry';
import { ShutdownCoordinator } from '../health/shutdown/shutdown-coordinator';
import { PlatformMetrics, flushTracing } from '@dcp/observability';
import { ObservedRpcClient, ObservedRpcServer } from './observed-rpc';
import { INTAKE_CHECK } from './intake/open-intake-when-ready';
import { RequestIntake } from './intake/request-intake';

export interface Runtime extends RuntimeContext {
  /**
   * Subscribes the request subjects the services registered, which are held until then (SDF1); resolves once
   * the bus has them. Hosts call it as the last step of start-up: bootstrapService once every readiness check
   * passed, the edge's servers before they listen; specs once their module is initialised.
   */
  openIntake(): Promise<void>;
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
    ? {
        kind: 'nats',
        url: config.natsUrl,
        name,
        streamReplicas: config.eventStreamReplicas,
        user: config.nats.user,
        password: config.nats.password,
        inboxPrefix: config.nats.inboxPrefix,
        tlsCaFile: config.nats.tlsCaFile,
        ...common,
      }
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
  // One registry per process: every service and the edge of this runtime count into it.
  const metrics = new PlatformMetrics();
  // The connection as the process sees it (distributed mode): 0 while it is down or reconnecting.
  const events = bus.events;
  if (events.connected) metrics.sample('dcp_nats_connected', async () => [{ labels: {}, value: events.connected?.() ? 1 : 0 }]);
  // Each readiness check (database:<service>, events, …) run on the scrape, as /health/ready runs them.
  metrics.sample('dcp_readiness_check_up', () => Promise.all(health.entries().map(async ([check, run]) => ({ labels: { check }, value: (await passes(run)) ? 1 : 0 }))));
  // Not ready from the first moment of shutdown, before anything stops (HS1).
  health.register('running', async () => {
    if (shutdown.stopping) throw new Error('shutting down');
  });
  // Requests reach no handler before the host opens the intake, so a caller gets "no responders" at once (SDF1).
  const intake = new RequestIntake(new ObservedRpcServer(bus.rpcServer, metrics));
  let subscribed = false;
  health.register(INTAKE_CHECK, async () => {
    if (!subscribed || !intake.isOpen) throw new Error('request subjects not subscribed yet (start-up)');
  });
  shutdown.register('intake', 'bus intake', async () => {
    intake.close();
    await bus.stopIntake();
  });
  shutdown.register('bus', 'bus connection', () => bus.close());
  // Spans still in the batch processor leave before the process exits (TR1).
  shutdown.register('bus', 'trace export', () => flushTracing());
  return {
    config,
    clock: overrides.clock ?? systemClock,
    rpcServer: intake,
    rpcClient: new ObservedRpcClient(bus.rpcClient, metrics),
    events: bus.events,
    health,
    shutdown,
    metrics,
    database: overrides.database ?? ((service) => databaseConfigFor(config, service)),
    openIntake: async () => {
      intake.open();
      // The server has every subscription once its PONG is back: readiness never says more than NATS knows.
      await bus.flush();
      subscribed = true;
    },
    close: () => bus.close(),
  };
}

/** A readiness check on a scrape: passes, or fails (or takes longer than READINESS_SAMPLE_TIMEOUT_MS). */
const READINESS_SAMPLE_TIMEOUT_MS = 2_000;
async function passes(check: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), READINESS_SAMPLE_TIMEOUT_MS)));
  try {
    await Promise.race([check(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
