/**
 * What every service module receives from the process that hosts it (its own app, or apps/platform).
 * Services depend on these ports only, never on which adapter (NATS/JetStream or in-process,
 * PostgreSQL or PGlite) is behind them.
 */
import type { DatabaseConfig } from '@dcp/database';
import type { EventBus, RpcClient, RpcServer } from '@dcp/messaging';
import type { PlatformMetrics } from '@dcp/observability';
import type { PlatformConfig } from '../config/config';
import type { HealthRegistry } from '../health/health-registry';
import type { ShutdownCoordinator } from '../health/shutdown/shutdown-coordinator';

/** Time as the services see it: injectable so that expiry can be tested without waiting. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * The narrow things a class of a service injects, each under its own token, so that it names what it uses
 * (`@Inject(RUNTIME_METRICS) metrics: PlatformMetrics`) rather than the whole RuntimeContext. RuntimeModule
 * provides them all from the host's RuntimeContext.
 */
/** The host's clock (RuntimeContext.clock): `@Inject(RUNTIME_CLOCK) clock: Clock`. */
export const RUNTIME_CLOCK = Symbol.for('dcp.runtime-clock');
/** The process's configuration; inject it typed as the `Pick<PlatformConfig, …>` the class reads. */
export const RUNTIME_CONFIG = Symbol.for('dcp.runtime-config');
/** The process's metrics registry (PlatformMetrics). */
export const RUNTIME_METRICS = Symbol.for('dcp.runtime-metrics');
/** The RPC client (RpcClient): asking another service. */
export const RUNTIME_RPC_CLIENT = Symbol.for('dcp.runtime-rpc-client');
/** The event bus (EventBus): publishing and plain subscriptions (durable consumers go through ServiceEvents). */
export const RUNTIME_EVENT_BUS = Symbol.for('dcp.runtime-event-bus');
/** The process's readiness checks (HealthRegistry). */
export const RUNTIME_HEALTH = Symbol.for('dcp.runtime-health');
/** The process's ordered shutdown (ShutdownCoordinator). */
export const RUNTIME_SHUTDOWN = Symbol.for('dcp.runtime-shutdown');

export interface RuntimeContext {
  readonly config: PlatformConfig;
  readonly clock: Clock;
  readonly rpcServer: RpcServer;
  readonly rpcClient: RpcClient;
  readonly events: EventBus;
  /** Database settings for one service (its PostgreSQL schema, or its schema in the process's one PGlite instance). */
  database(service: string): DatabaseConfig;
  /** Readiness checks of this process (terminus runs them on /health/ready). */
  readonly health: HealthRegistry;
  /** The process's ordered shutdown: owners of resources register how to stop them (health/shutdown/shutdown-coordinator.ts). */
  readonly shutdown: ShutdownCoordinator;
  /** Prometheus metrics of this process (/metrics), one registry per process (metrics from the catalogue of libs/observability). */
  readonly metrics: PlatformMetrics;
}

/** Nest DI token under which a service module finds its RuntimeContext. */
export const RUNTIME_CONTEXT = Symbol.for('dcp.runtime-context');

export { HealthRegistry } from '../health/health-registry';
export { PlatformMetrics } from '@dcp/observability';
